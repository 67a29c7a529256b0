// The parts a cluster benchmark starts for itself on loopback ports of its own: a PostgreSQL
// server (initdb + pg_ctl from Debian's packages, never the machine's shared one), a Redis server
// and `npm run cluster`. Stopped again by `stopAll()`.
import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { loadavg, cpus, tmpdir } from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const stops = [];

function pgBin() {
  const base = '/usr/lib/postgresql';
  const version = readdirSync(base)
    .filter((v) => existsSync(path.join(base, v, 'bin/pg_ctl')))
    .sort((a, b) => Number(b) - Number(a))[0];
  if (!version) throw new Error('no PostgreSQL server binaries under /usr/lib/postgresql');
  return path.join(base, version, 'bin');
}
const asPostgres = (args) =>
  process.getuid?.() === 0 ? ['runuser', '-u', 'postgres', '--', ...args] : args;
function run(args) {
  const r = spawnSync(args[0], args.slice(1), { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`${args.join(' ')}: ${r.stderr || r.stdout}`);
}

export function startOwnPostgres(port) {
  const bin = pgBin();
  const dir = mkdtempSync(path.join(tmpdir(), 'storefront-bench-pg-'));
  chmodSync(dir, 0o777);
  const data = path.join(dir, 'data');
  run(
    asPostgres([
      path.join(bin, 'initdb'),
      '-D',
      data,
      '-U',
      'postgres',
      '--auth=trust',
      '-E',
      'UTF8',
      '--no-sync',
    ]),
  );
  run(
    asPostgres([
      path.join(bin, 'pg_ctl'),
      '-D',
      data,
      '-o',
      `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c max_connections=200 -c shared_buffers=128MB`,
      '-l',
      path.join(dir, 'log'),
      '-w',
      'start',
    ]),
  );
  run([
    'psql',
    '-h',
    '127.0.0.1',
    '-p',
    String(port),
    '-U',
    'postgres',
    '-qc',
    'create database storefront',
  ]);
  stops.unshift(() => {
    const [cmd, ...args] = asPostgres([path.join(bin, 'pg_ctl'), '-D', data, '-m', 'fast', 'stop']);
    spawnSync(cmd, args);
    rmSync(dir, { recursive: true, force: true });
  });
  return `postgres://postgres@127.0.0.1:${port}/storefront`;
}

export async function startOwnRedis(port) {
  const child = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    { stdio: 'ignore' },
  );
  stops.unshift(() => child.kill('SIGKILL'));
  for (let i = 0; i < 50; i++) {
    if (
      spawnSync('redis-cli', ['-p', String(port), 'ping'], { encoding: 'utf8' }).stdout.trim() ===
      'PONG'
    )
      return `redis://127.0.0.1:${port}`;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('redis-server did not start');
}

/** `npm run cluster`; answers its JSON line. */
export async function startCluster({ instances, port, env }) {
  const child = spawn(
    process.execPath,
    [
      path.join(root, 'scripts/cluster.mjs'),
      '--instances',
      String(instances),
      '--port',
      String(port),
    ],
    {
      cwd: root,
      env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1', LOG_LEVEL: 'warn', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let errors = '';
  child.stderr.on('data', (d) => (errors = (errors + d).slice(-10_000)));
  const stopped = new Promise((r) => child.once('exit', r));
  stops.unshift(async () => {
    child.kill('SIGTERM');
    await stopped;
  });
  const line = await new Promise((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (d) => {
      out += d;
      if (out.includes('\n')) resolve(out.slice(0, out.indexOf('\n')));
    });
    child.once('exit', (code) => reject(new Error(`cluster exited (${code}):\n${errors}`)));
  });
  return JSON.parse(line);
}

export async function stopAll() {
  for (const stop of stops.splice(0)) await stop();
}

/** The machine as it is now: cores and the load averages other work puts on it. */
export function machine() {
  const [one, five, fifteen] = loadavg().map((n) => Number(n.toFixed(2)));
  return { cores: cpus().length, load_1m: one, load_5m: five, load_15m: fifteen };
}
