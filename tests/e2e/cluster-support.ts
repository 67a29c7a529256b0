import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * The parts the cluster specs start themselves on loopback ports of their own: a PostgreSQL
 * server (initdb + pg_ctl from Debian's packages; never the machine's shared one, which a test
 * must not restart), a Redis server, and `npm run cluster` (N instances behind nginx).
 */

const PG_BIN = (() => {
  const root = '/usr/lib/postgresql';
  const version = existsSync(root)
    ? readdirSync(root)
        .filter((v) => existsSync(path.join(root, v, 'bin/pg_ctl')))
        .sort((a, b) => Number(b) - Number(a))[0]
    : undefined;
  if (!version) throw new Error('PostgreSQL server binaries not found under /usr/lib/postgresql');
  return path.join(root, version, 'bin');
})();

/** initdb refuses root: as root, the server runs as the postgres user Debian's package made. */
const asPostgres = (args: string[]) =>
  process.getuid?.() === 0 ? ['runuser', '-u', 'postgres', '--', ...args] : args;

function runOrThrow(args: string[]) {
  const [cmd, ...rest] = args;
  const result = spawnSync(cmd!, rest, { encoding: 'utf8' });
  if (result.status !== 0)
    throw new Error(`${args.join(' ')} failed: ${result.stderr || result.stdout}`);
}

export type OwnPostgres = {
  url: string;
  start(): void;
  /** Fast shutdown: connections are cut, as in a real restart. */
  stop(): void;
  remove(): void;
};

export function startOwnPostgres(port: number): OwnPostgres {
  const dir = mkdtempSync(path.join(tmpdir(), 'storefront-pg-'));
  chmodSync(dir, 0o777);
  const data = path.join(dir, 'data');
  runOrThrow(
    asPostgres([
      path.join(PG_BIN, 'initdb'),
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
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200`;
  const pg = {
    url: `postgres://postgres@127.0.0.1:${port}/storefront`,
    start() {
      runOrThrow(
        asPostgres([
          path.join(PG_BIN, 'pg_ctl'),
          '-D',
          data,
          '-o',
          options,
          '-l',
          path.join(dir, 'log'),
          '-w',
          'start',
        ]),
      );
    },
    stop() {
      runOrThrow(asPostgres([path.join(PG_BIN, 'pg_ctl'), '-D', data, '-m', 'fast', '-w', 'stop']));
    },
    remove() {
      const [cmd, ...args] = asPostgres([
        path.join(PG_BIN, 'pg_ctl'),
        '-D',
        data,
        '-m',
        'immediate',
        'stop',
      ]);
      spawnSync(cmd!, args);
      rmSync(dir, { recursive: true, force: true });
    },
  };
  pg.start();
  runOrThrow([
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
  return pg;
}

export type OwnRedis = { url: string; start(): Promise<void>; stop(): Promise<void> };

export async function startOwnRedis(port: number): Promise<OwnRedis> {
  let child: ChildProcess | null = null;
  const redis: OwnRedis = {
    url: `redis://127.0.0.1:${port}`,
    async start() {
      child = spawn(
        'redis-server',
        ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
        { stdio: 'ignore' },
      );
      for (let i = 0; i < 50; i++) {
        const r = spawnSync('redis-cli', ['-p', String(port), 'ping'], { encoding: 'utf8' });
        if (r.stdout.trim() === 'PONG') return;
        await new Promise((r) => setTimeout(r, 100));
      }
      throw new Error('redis-server did not start');
    },
    async stop() {
      const c = child;
      child = null;
      if (!c || c.exitCode !== null) return;
      c.kill('SIGKILL');
      await new Promise((r) => c.once('exit', r));
    },
  };
  await redis.start();
  return redis;
}

export type Cluster = {
  front: string;
  frontPort: number;
  instances: { url: string; pid: number; port: number }[];
  process: ChildProcess;
  /** The JSON line as printed (with `tls` and `tls_http` under `--tls`). */
  line: Record<string, unknown>;
  output: () => string;
  stop(): Promise<void>;
};

/** `npm run cluster -- --instances N --port P [args]`, until its JSON line. */
export async function startCluster(options: {
  instances: number;
  port: number;
  env: Record<string, string>;
  args?: string[];
}): Promise<Cluster> {
  const child = spawn(
    process.execPath,
    [
      'scripts/cluster.mjs',
      '--instances',
      String(options.instances),
      '--port',
      String(options.port),
      ...(options.args ?? []),
    ],
    {
      env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1', LOG_LEVEL: 'warn', ...options.env },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  child.stderr!.on('data', (d) => (output = (output + d).slice(-20_000)));
  const line = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (d) => {
      out += d;
      const nl = out.indexOf('\n');
      if (nl >= 0) resolve(out.slice(0, nl));
    });
    child.once('exit', (code) => reject(new Error(`cluster exited (${code}):\n${output}`)));
  });
  const started = JSON.parse(line) as { front: string; instances: { url: string; pid: number }[] };
  return {
    front: started.front,
    frontPort: options.port,
    instances: started.instances.map((i) => ({ ...i, port: Number(new URL(i.url).port) })),
    process: child,
    line: JSON.parse(line) as Record<string, unknown>,
    output: () => output,
    async stop() {
      if (child.exitCode !== null) return;
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    },
  };
}

export type Answer = {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
};

/** One HTTP request to 127.0.0.1:port with the given Host; never throws for a status. */
export function send(
  port: number,
  options: {
    host?: string;
    method?: string;
    path: string;
    headers?: Record<string, string>;
    body?: string;
    timeoutMs?: number;
    agent?: false;
  },
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: '127.0.0.1',
        port,
        method: options.method ?? 'GET',
        path: options.path,
        agent: false,
        headers: {
          host: options.host ?? 'nameport.localhost',
          ...(options.body !== undefined
            ? {
                'content-type': 'application/json',
                'content-length': Buffer.byteLength(options.body),
              }
            : {}),
          ...options.headers,
        },
        timeout: options.timeoutMs ?? 15_000,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks).toString('utf8'),
          }),
        );
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', reject);
    req.end(options.body);
  });
}

/**
 * A shopper's cookies and XSRF token, sent to whichever port each call names: the journey of
 * point 1 sends each call to the next instance in turn.
 */
export class Shopper {
  private cookies = new Map<string, string>();
  constructor(readonly host: string) {}

  private remember(answer: Answer) {
    const set = answer.headers['set-cookie'] ?? [];
    for (const c of Array.isArray(set) ? set : [set]) {
      const [pair] = c.split(';');
      const eq = pair!.indexOf('=');
      const name = pair!.slice(0, eq).trim();
      const value = pair!.slice(eq + 1).trim();
      if (/max-age=0|expires=thu, 01 jan 1970/i.test(c) || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  async call(
    port: number,
    method: string,
    p: string,
    json?: unknown,
    headers: Record<string, string> = {},
  ) {
    const xsrf = this.cookies.get('XSRF-TOKEN');
    const answer = await send(port, {
      host: this.host,
      method,
      path: p,
      body: json === undefined ? undefined : JSON.stringify(json),
      headers: {
        ...(this.cookies.size
          ? { cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ') }
          : {}),
        ...(xsrf ? { 'x-xsrf-token': decodeURIComponent(xsrf) } : {}),
        ...headers,
      },
    });
    this.remember(answer);
    let data: any = null;
    try {
      data = JSON.parse(answer.body);
    } catch {
      data = null;
    }
    return { ...answer, json: data };
  }
}
