// Publish-to-visible (issue 26, point 11): how long after a staff member presses Publish on one
// instance a shopper on ANOTHER instance gets a page with the new theme. Two production servers
// (scripts/serve.mjs, the existing build) share one PostgreSQL database and one Redis, as
// tests/e2e/multi-instance.spec.ts runs them. The demo owner of bytes.localhost signs in on the
// first and sets up an authenticator app (the admin asks for a second factor); each round saves
// a draft with a new banner, then times from the publish call's start until the second instance
// serves the store's home page with that banner (polled every 5 ms, with the page already cached
// there before the round). Prints p50/p99/max over the rounds.
//
//   node bench/admin-publish.mjs [--rounds 50] [--port 3790]
//   (needs `npm run build` first; PostgreSQL at BENCH_POSTGRES_URL, Redis at BENCH_REDIS_URL)
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import path from 'node:path';
import pg from 'pg';
import { Secret, TOTP } from 'otpauth';

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const i = args.indexOf(`--${name}`);
  return i === -1 ? fallback : Number(args[i + 1]);
};
const ROUNDS = option('rounds', 50);
const BASE = option('port', 3790);
const PORTS = [BASE, BASE + 1];
const POSTGRES = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const REDIS = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
const HOST = 'bytes.localhost';
const OWNER = { email: 'owner@bytes.localhost', password: 'bytes admin demo' };
const root = path.resolve(import.meta.dirname, '..');

function call(port, method, p, { headers = {}, body } = {}) {
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
function session(port) {
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
    return { ...answer, json: answer.text ? JSON.parse(answer.text) : null };
  };
}

async function startInstance(port, databaseUrl) {
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

const bannerOf = (html) => /<p class="[^"]*banner[^"]*">([^<]*)<\/p>/.exec(html)?.[1];
const percentile = (sorted, p) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

async function main() {
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
  const instances = [];
  try {
    // One after the other: the first migrates and seeds.
    for (const port of PORTS) instances.push(await startInstance(port, url.toString()));
    const [first, second] = PORTS;

    const staff = session(first);
    await staff('GET', '/api/token');
    const login = await staff('POST', '/api/login', { ...OWNER, remember_me: false });
    if (login.status !== 200 || login.json.data.challenge)
      throw new Error(`sign-in: ${login.text}`);
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
    const draft = (await staff('GET', '/api/store-admin/theme/draft')).json.data;
    if (!draft) throw new Error('the theme editor did not answer');

    const times = [];
    for (let round = 0; round < ROUNDS; round++) {
      const banner = `Bench banner ${round} ${randomBytes(3).toString('hex')}`;
      const saved = await staff('PUT', '/api/store-admin/theme/draft', {
        theme: draft.theme,
        variables: { ...draft.variables, bannerText: banner },
      });
      if (saved.status !== 200) throw new Error(`draft: ${saved.text}`);
      // The shopper's instance has the current page cached.
      await call(second, 'GET', '/');
      const start = performance.now();
      const published = await staff('POST', '/api/store-admin/theme/publish');
      if (published.status !== 201) throw new Error(`publish: ${published.text}`);
      for (;;) {
        const page = await call(second, 'GET', '/');
        if (bannerOf(page.text) === banner) break;
        if (performance.now() - start > 30_000)
          throw new Error(`round ${round}: not visible in 30 s`);
        await new Promise((r) => setTimeout(r, 5));
      }
      times.push(performance.now() - start);
    }
    const sorted = [...times].sort((a, b) => a - b);
    const fmt = (v) => `${v.toFixed(1)} ms`;
    console.log(
      `publish-to-visible on another instance, ${ROUNDS} rounds: p50 ${fmt(percentile(sorted, 50))}, p99 ${fmt(percentile(sorted, 99))}, max ${fmt(sorted.at(-1))}, min ${fmt(sorted[0])}`,
    );
  } finally {
    for (const child of instances) child.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 1500));
    await admin(`drop database if exists ${name} with (force)`).catch(() => {});
  }
}

await main();
