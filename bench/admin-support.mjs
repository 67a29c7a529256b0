// What the admin benchmarks share (bench/admin-publish.mjs, bench/admin-lists.mjs): production
// instances (scripts/serve.mjs on the existing build) on a PostgreSQL database made for the run,
// HTTP calls with a browser's cookies and XSRF token, and the demo owner of bytes.localhost
// signed in with the second factor the admin asks for.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import path from 'node:path';
import pg from 'pg';
import { Secret, TOTP } from 'otpauth';

export const POSTGRES = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
export const REDIS = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
export const HOST = 'bytes.localhost';
export const OWNER = { email: 'owner@bytes.localhost', password: 'bytes admin demo' };
const root = path.resolve(import.meta.dirname, '..');

/** `--name value` from the command line, as a number. */
export function option(name, fallback) {
  const args = process.argv.slice(2);
  const i = args.indexOf(`--${name}`);
  return i === -1 ? fallback : Number(args[i + 1]);
}

export function call(port, method, p, { headers = {}, body } = {}) {
  return new Promise((resolve, reject) => {
    const data = body === undefined ? undefined : JSON.stringify(body);
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        method,
        path: p,
        headers: {
          host: HOST,
          ...(data
            ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(data) }
            : {}),
          ...headers,
        },
      },
      (res) => {
        const chunks = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () =>
          resolve({
            status: res.statusCode,
            headers: res.headers,
            text: Buffer.concat(chunks).toString('utf8'),
          }),
        );
      },
    );
    req.on('error', reject);
    if (data) req.write(data);
    req.end();
  });
}

/** A browser's session: cookies kept, the XSRF token echoed on unsafe calls. */
export function session(port) {
  const jar = new Map();
  return async (method, p, body) => {
    const headers = { cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; ') };
    if (method !== 'GET' && jar.has('XSRF-TOKEN')) headers['x-xsrf-token'] = jar.get('XSRF-TOKEN');
    const answer = await call(port, method, p, { headers, body });
    for (const line of [answer.headers['set-cookie'] ?? []].flat()) {
      const [pair] = line.split(';');
      const eq = pair.indexOf('=');
      jar.set(pair.slice(0, eq).trim(), pair.slice(eq + 1).trim());
    }
    const json = answer.text && answer.text.startsWith('{') ? JSON.parse(answer.text) : null;
    return { ...answer, json };
  };
}

export async function startInstance(port, databaseUrl) {
  const child = spawn(process.execPath, [path.join(root, 'scripts/serve.mjs')], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      NEXT_TELEMETRY_DISABLED: '1',
      PORT: String(port),
      DATABASE_URL: databaseUrl,
      REDIS_URL: REDIS,
      ADMIN_API_TOKEN: 'bench-admin-token-0123456789-0123456789',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (let i = 0; i < 240; i++) {
    const up = await call(port, 'GET', '/api/store').then(
      (r) => r.status === 200,
      () => false,
    );
    if (up) return child;
    await new Promise((r) => setTimeout(r, 500));
  }
  child.kill('SIGTERM');
  throw new Error(`instance on ${port} did not start`);
}

/** Runs `work` with a PostgreSQL database of its own, dropped afterwards. */
export async function withBenchDatabase(work) {
  const name = `storefront_bench_${randomBytes(5).toString('hex')}`;
  const admin = async (sql) => {
    const c = new pg.Client({ connectionString: POSTGRES });
    await c.connect();
    try {
      await c.query(sql);
    } finally {
      await c.end();
    }
  };
  await admin(`create database ${name}`);
  const url = new URL(POSTGRES);
  url.pathname = `/${name}`;
  try {
    return await work(url.toString());
  } finally {
    await admin(`drop database if exists ${name} with (force)`).catch(() => {});
  }
}

/** Signs the demo owner in and enrols an authenticator app, as the admin asks at first sign-in. */
export async function signInOwner(port) {
  const staff = session(port);
  await staff('GET', '/api/token');
  const login = await staff('POST', '/api/login', { ...OWNER, remember_me: false });
  if (login.status !== 200 || login.json.data.challenge) throw new Error(`sign-in: ${login.text}`);
  const setup = await staff('POST', '/api/account/totp', { password: OWNER.password });
  const app = new TOTP({
    secret: Secret.fromBase32(setup.json.data.secret),
    digits: 6,
    period: 30,
  });
  const on = await staff('PUT', '/api/account/totp', {
    setup_token: setup.json.data.setup_token,
    code: app.generate(),
  });
  if (on.status !== 200) throw new Error(`second factor: ${on.text}`);
  return staff;
}

export const percentile = (sorted, p) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

export const ms = (v) => `${v.toFixed(1)} ms`;

export async function stopInstances(children) {
  for (const child of children) child.kill('SIGTERM');
  await new Promise((r) => setTimeout(r, 1500));
}
