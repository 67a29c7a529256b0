// Shared by the benchmark scripts: start the production server, measure with autocannon, read
// the server's resident memory.
import { spawn } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';

const root = path.resolve(import.meta.dirname, '..');

/**
 * The command that runs `npm start`'s script. With BENCH_SERVER_CPUS (`0`, `0-1`...) the server
 * runs on those processors only (Linux's taskset): run the bench itself on the others
 * (`taskset -c 1 node bench/...`) to measure one instance on a core of its own, apart from its
 * load and its peers (docs/capacity.md, "One instance on a core of its own").
 * @returns {[string, string[]]}
 */
export function serverCommand() {
  const start = [process.execPath, path.join(root, 'scripts/start.mjs')];
  const cpus = process.env.BENCH_SERVER_CPUS;
  const [cmd, ...args] = cpus ? ['taskset', '-c', cpus, ...start] : start;
  return [cmd, args];
}

/** Starts `npm start` (building when needed) and resolves when /check-health answers. */
export async function startServer({ port, env = {} }) {
  const child = spawn(...serverCommand(), {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      NEXT_TELEMETRY_DISABLED: '1',
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const deadline = Date.now() + 300_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      const r = await fetch(`http://127.0.0.1:${port}/check-health`);
      if (r.ok) break;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  return {
    pid: child.pid,
    stop: () =>
      new Promise((resolve) => {
        child.once('exit', resolve);
        child.kill('SIGTERM');
      }),
  };
}

/** Resident memory of each process in a tree, in MB (Linux /proc): `{ name: MB }`. */
export function treeRss(pid) {
  const children = new Map();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (!children.has(ppid)) children.set(ppid, []);
      children.get(ppid).push(Number(entry));
    } catch {
      // process ended meanwhile
    }
  }
  const out = {};
  const stack = [pid];
  while (stack.length > 0) {
    const p = stack.pop();
    try {
      const status = readFileSync(`/proc/${p}/status`, 'utf8');
      const cmd = readFileSync(`/proc/${p}/cmdline`, 'utf8').split('\0').filter(Boolean).join(' ');
      const name = cmd.includes('next-server')
        ? 'server'
        : p === pid
          ? 'launcher'
          : cmd.slice(0, 40);
      out[name] =
        (out[name] ?? 0) + Math.round(Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024);
    } catch {
      // ended
    }
    stack.push(...(children.get(p) ?? []));
  }
  return out;
}

/** One autocannon run; answers requests/s and latency percentiles; fails on any other status. */
export async function measure({
  port,
  path: urlPath,
  host,
  duration,
  connections = 32,
  method = 'GET',
  body,
  headers = {},
  status = 200,
}) {
  const result = await autocannon({
    url: `http://127.0.0.1:${port}${urlPath}`,
    connections,
    duration,
    method,
    body,
    headers: { host, ...headers },
  });
  const expected = result.statusCodeStats?.[status]?.count ?? 0;
  const bad = result.requests.total - expected + result.errors + result.timeouts;
  if (bad > 0) {
    throw new Error(
      `${host}${urlPath}: ${bad} requests without status ${status} of ${result.requests.total}`,
    );
  }
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    total: result.requests.total,
  };
}

export function printTable(rows) {
  // With `base` on the rows, each case's own /check-health run (bench/run.mjs) is shown beside it.
  const beside = rows.some((r) => r.base !== undefined);
  const header = ['case', 'req/s', 'p50 ms', 'p99 ms', 'ratio to /check-health'];
  if (beside) header.push('/check-health beside');
  const lines = rows.map((r) => [
    r.name,
    r.rps.toFixed(0),
    String(r.p50),
    String(r.p99),
    r.ratio.toFixed(2),
    ...(beside ? [r.base.toFixed(0)] : []),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i].length)));
  const fmt = (cols) =>
    cols.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ');
  console.log(fmt(header));
  for (const l of lines) console.log(fmt(l));
}

/**
 * A benchmark's own PostgreSQL database (BENCH_DATABASE_URL naming a `bench_*` database), made
 * afresh; answers a function that drops it. For a PGlite URL it does nothing.
 * @param {string} url
 */
export async function freshPostgresDatabase(url) {
  if (!/^postgres(ql)?:/.test(url)) return async () => {};
  const target = new URL(url);
  const name = target.pathname.slice(1);
  if (!/^bench_[a-z0-9_]+$/.test(name))
    throw new Error('BENCH_DATABASE_URL must name a bench_* database');
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.href });
  await client.connect();
  await client.query(`drop database if exists ${name} with (force)`);
  await client.query(`create database ${name}`);
  await client.end();
  return async () => {
    const again = new pg.Client({ connectionString: admin.href });
    await again.connect();
    await again.query(`drop database if exists ${name} with (force)`);
    await again.end();
  };
}
