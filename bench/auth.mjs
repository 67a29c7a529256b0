// Accounts benchmark, on a production build:
// - equal time: median time of a sign-in with an unknown address and with a wrong password,
//   200 tries each, interleaved (target: medians within 10 ms);
// - password sign-in under load: requests/s while argon2 runs on every request, and the server's
//   event-loop delay p99 meanwhile (target below 50 ms: hashing must not block other requests);
// - GET /api/customer requests/s as a ratio to /check-health.
// Usage: node bench/auth.mjs [--duration 5]. Rate limits are scaled up (RATE_LIMIT_SCALE) so the
// load reaches argon2 instead of stopping at 429.
import { spawn } from 'node:child_process';
import http from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { SMTPServer } from 'smtp-server';

const args = process.argv.slice(2);
const duration = Number(args[args.indexOf('--duration') + 1] || 5);
const port = 3310;
const host = 'nameport.localhost';
const root = path.resolve(import.meta.dirname, '..');
const dataDir = mkdtempSync(path.join(tmpdir(), 'storefront-bench-auth-'));

// A real SMTP peer receives the activation mail of the benchmark's account.
const mails = [];
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  onData(stream, _session, done) {
    let raw = '';
    stream.on('data', (c) => (raw += c));
    stream.on('end', () => {
      mails.push(raw.replace(/=\r?\n/g, '').replace(/=3D/g, '='));
      done();
    });
  },
});
await new Promise((r) => smtp.listen(0, '127.0.0.1', r));
const smtpPort = smtp.server.address().port;

const loopStats = [];
const server = spawn(process.execPath, [path.join(root, 'scripts/start.mjs')], {
  cwd: root,
  env: {
    ...process.env,
    PORT: String(port),
    DATABASE_URL: `pglite:${dataDir}`,
    LOG_LEVEL: 'warn',
    NEXT_TELEMETRY_DISABLED: '1',
    SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
    RATE_LIMIT_SCALE: '1000',
    EVENT_LOOP_STATS_MS: '500',
  },
  stdio: ['ignore', 'pipe', 'inherit'],
});
let buffered = '';
server.stdout.on('data', (chunk) => {
  buffered += chunk;
  let at;
  while ((at = buffered.indexOf('\n')) >= 0) {
    const line = buffered.slice(0, at);
    buffered = buffered.slice(at + 1);
    if (line.startsWith('{"event_loop_delay_ms"'))
      loopStats.push({ at: Date.now(), ...JSON.parse(line).event_loop_delay_ms });
  }
});

const base = `http://127.0.0.1:${port}`;
const keepAlive = new http.Agent({ keepAlive: true });

/** One request with the store's Host header (fetch cannot set Host), timed. */
function call(method, urlPath, { body, cookie, token } = {}) {
  const payload = body ? JSON.stringify(body) : undefined;
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        path: urlPath,
        method,
        agent: keepAlive,
        headers: {
          host,
          ...(payload
            ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }
            : {}),
          ...(cookie ? { cookie } : {}),
          ...(token ? { 'x-xsrf-token': token } : {}),
        },
      },
      (res) => {
        let text = '';
        res.on('data', (c) => (text += c));
        res.on('end', () =>
          resolve({
            status: res.statusCode,
            ms: performance.now() - started,
            json: text ? JSON.parse(text) : null,
            setCookies: res.headers['set-cookie'] ?? [],
          }),
        );
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

async function session() {
  const answer = await call('GET', '/api/token');
  const cookie = answer.setCookies.map((c) => c.split(';')[0]).join('; ');
  return { cookie, token: answer.json.data.token };
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return (s[Math.floor((s.length - 1) / 2)] + s[Math.ceil((s.length - 1) / 2)]) / 2;
};

async function load(urlPath, { method = 'GET', body, headers = {}, status }) {
  const result = await autocannon({
    url: `${base}${urlPath}`,
    connections: 16,
    duration,
    method,
    body: body ? JSON.stringify(body) : undefined,
    headers: { host, ...(body ? { 'content-type': 'application/json' } : {}), ...headers },
  });
  const good = result.statusCodeStats?.[status]?.count ?? 0;
  if (good !== result.requests.total)
    throw new Error(`${urlPath}: ${result.requests.total - good} answers without status ${status}`);
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99 };
}

try {
  const deadline = Date.now() + 300_000;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`server exited with ${server.exitCode}`);
    try {
      if ((await fetch(`${base}/check-health`)).ok) break;
    } catch {
      // not up yet
    }
    if (Date.now() > deadline) throw new Error('server did not start');
    await new Promise((r) => setTimeout(r, 300));
  }

  // One activated account, made through the real calls and its mail.
  const email = `bench.${Date.now()}@example.com`;
  const password = 'a benchmark passphrase';
  const s = await session();
  await call('POST', '/svc/account', { body: { name: 'Bench', email, password }, ...s });
  for (let i = 0; i < 50 && mails.length === 0; i++) await new Promise((r) => setTimeout(r, 100));
  const activation = /activate\?token=([A-Za-z0-9_-]{43})/.exec(mails[0] ?? '')?.[1];
  if (!activation) throw new Error('no activation mail');
  const ready = await session();
  await call('PUT', '/api/account/activate', { body: { token: activation }, ...ready });

  // Equal time: unknown address vs wrong password, interleaved.
  const unknown = [];
  const wrong = [];
  for (let i = 0; i < 10; i++)
    await call('POST', '/api/login', { body: { email, password: 'warm up' }, ...ready });
  for (let i = 0; i < 200; i++) {
    const a = await call('POST', '/api/login', {
      body: { email: `nobody.${i}@example.com`, password: 'wrong password' },
      ...ready,
    });
    const b = await call('POST', '/api/login', {
      body: { email, password: `wrong password ${i}` },
      ...ready,
    });
    if (a.status !== 401 || b.status !== 401)
      throw new Error(`expected 401 twice, got ${a.status} and ${b.status}`);
    unknown.push(a.ms);
    wrong.push(b.ms);
  }
  const diff = Math.abs(median(unknown) - median(wrong));

  // Sign-in under load: every request runs argon2 (wrong password, 401).
  const started = Date.now();
  const signIn = await load('/api/login', {
    method: 'POST',
    body: { email, password: 'wrong password under load' },
    headers: { cookie: ready.cookie, 'x-xsrf-token': ready.token },
    status: 401,
  });
  await new Promise((r) => setTimeout(r, 600));
  const during = loopStats.filter((x) => x.at >= started + 500 && x.at <= Date.now());
  const loopP99 = Math.max(...during.map((x) => x.p99));

  const health = await load('/check-health', { status: 200 });
  const customer = await load('/api/customer', { headers: { cookie: ready.cookie }, status: 200 });

  console.log(
    `\nnode ${process.version}, ${duration}s per load case, 16 connections, autocannon in this process, server separate`,
  );
  console.log(
    `equal time, 200 tries each: unknown address median ${median(unknown).toFixed(1)} ms, wrong password median ${median(wrong).toFixed(1)} ms, difference ${diff.toFixed(1)} ms (target < 10)`,
  );
  console.log(
    `POST /api/login under load (argon2id each): ${signIn.rps.toFixed(0)} req/s, p50 ${signIn.p50} ms, p99 ${signIn.p99} ms`,
  );
  console.log(
    `event loop delay meanwhile: p99 ${loopP99.toFixed(1)} ms (worst half-second window; target < 50)`,
  );
  console.log(
    `/check-health ${health.rps.toFixed(0)} req/s; GET /api/customer ${customer.rps.toFixed(0)} req/s, ratio ${(customer.rps / health.rps).toFixed(2)}`,
  );
  if (diff >= 10 || !(loopP99 < 50)) process.exitCode = 1;
} finally {
  await new Promise((resolve) => {
    if (server.exitCode !== null) return resolve();
    server.once('exit', resolve);
    server.kill('SIGTERM');
  });
  await new Promise((r) => smtp.close(r));
  rmSync(dataDir, { recursive: true, force: true });
}
