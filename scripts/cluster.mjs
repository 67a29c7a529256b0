// `npm run cluster -- --instances N --port P`: N production instances of one build on PostgreSQL
// (DATABASE_URL, postgres://) and Redis (REDIS_URL), behind Debian's nginx on port P, rendered
// from deploy/nginx/storefront.conf.template (docs/cluster.md, docs/decisions/0195).
//
// When every instance answers /api/ready and nginx answers, one JSON line goes to standard output:
//   {"front":"http://127.0.0.1:P","instances":[{"url":"http://127.0.0.1:P+1","pid":123},...]}
// Everything else (the instances' logs, nginx's errors) goes to standard error. SIGINT or SIGTERM
// stops nginx and the instances (each finishes its requests in flight) and then this process.
//
// `--tls PORT` (and `--tls-http PORT`, else PORT+1) puts Debian's Caddy in front of nginx with
// on-demand TLS, rendered from deploy/caddy/Caddyfile.template (docs/tls.md): a certificate for a
// name on its first handshake, when GET /api/tls/ask says the name is one of the product's hosts.
// The JSON line then also has "tls":"https://127.0.0.1:PORT" and "tls_http":"http://127.0.0.1:…".
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { serverNodeOptions } from './server-heap.mjs';

const root = path.resolve(import.meta.dirname, '..');
const TEMPLATE = path.join(root, 'deploy/nginx/storefront.conf.template');
const NGINX = process.env.NGINX_BIN || '/usr/sbin/nginx';
const MODULES = process.env.NGINX_MODULES_DIR || '/usr/lib/nginx/modules';
const CADDY_TEMPLATE = path.join(root, 'deploy/caddy/Caddyfile.template');
const CADDY = process.env.CADDY_BIN || '/usr/bin/caddy';
const LETS_ENCRYPT = 'https://acme-v02.api.letsencrypt.org/directory';
const READY_TIMEOUT_MS = Number(process.env.CLUSTER_READY_TIMEOUT_MS || 180_000);

function fail(message) {
  console.error(`cluster: ${message}`);
  process.exit(2);
}

const { values } = parseArgs({
  options: {
    instances: { type: 'string', default: '3' },
    port: { type: 'string', default: '8080' },
    'first-instance-port': { type: 'string' },
    'keep-dir': { type: 'boolean', default: false },
    tls: { type: 'string' },
    'tls-http': { type: 'string' },
  },
});
const count = Number(values.instances);
const frontPort = Number(values.port);
if (!Number.isInteger(count) || count < 1 || count > 32) fail('--instances must be 1 to 32');
if (!Number.isInteger(frontPort) || frontPort < 1 || frontPort > 65535)
  fail('--port must be a port number');
const firstPort = Number(values['first-instance-port'] ?? frontPort + 1);
if (!Number.isInteger(firstPort) || firstPort < 1 || firstPort + count - 1 > 65535)
  fail('--first-instance-port must be a port number');

const isPort = (n) => Number.isInteger(n) && n >= 1 && n <= 65535;
const tlsPort = values.tls === undefined ? null : Number(values.tls);
const tlsHttpPort = tlsPort === null ? null : Number(values['tls-http'] ?? tlsPort + 1);
if (tlsPort !== null && !isPort(tlsPort)) fail('--tls must be a port number');
if (tlsPort === null && values['tls-http'] !== undefined) fail('--tls-http needs --tls');
if (tlsHttpPort !== null && !isPort(tlsHttpPort)) fail('--tls-http must be a port number');
// The ask's secret goes into Caddy's ask URL as it is: URL-safe characters only.
const tlsAskSecret = process.env.TLS_ASK_SECRET || randomBytes(24).toString('base64url');
if (tlsPort !== null) {
  if (!existsSync(CADDY))
    fail(`no caddy at ${CADDY}: apt-get install -y caddy (README "HTTPS on the resellers' hosts")`);
  if (!/^[A-Za-z0-9._~-]{16,}$/.test(tlsAskSecret))
    fail('TLS_ASK_SECRET must be 16 or more of A-Z a-z 0-9 . _ ~ - (it goes into the ask URL)');
  if (!/^(\d+(ms|s|m|h))?$/.test(process.env.CADDY_RENEW_INTERVAL ?? ''))
    fail('CADDY_RENEW_INTERVAL must be a duration such as 10m or 5s');
  if (process.env.ACME_CA_ROOT && !existsSync(process.env.ACME_CA_ROOT))
    fail(`ACME_CA_ROOT names no file: ${process.env.ACME_CA_ROOT}`);
}

const databaseUrl = process.env.DATABASE_URL ?? '';
if (!/^postgres(ql)?:\/\//.test(databaseUrl))
  fail('DATABASE_URL must be a postgres:// URL: the instances share one PostgreSQL database');
if (!/^rediss?:\/\//.test(process.env.REDIS_URL ?? ''))
  fail(
    'REDIS_URL must be a redis:// URL: the instances share rate limits and store changes over Redis',
  );
if (!existsSync(NGINX))
  fail(
    `no nginx at ${NGINX}: apt-get install -y nginx libnginx-mod-http-brotli-filter (README "Several instances")`,
  );
if (!existsSync(path.join(MODULES, 'ngx_http_brotli_filter_module.so')))
  fail('no brotli module for nginx: apt-get install -y libnginx-mod-http-brotli-filter');

const run = (cmd, args, env) => {
  const result = spawnSync(cmd, args, { cwd: root, stdio: ['ignore', 2, 2], env });
  if (result.status !== 0)
    fail(`${path.basename(args[args.length - 1] ?? cmd)} failed (${result.status})`);
};

// One build for every instance: the same build id, chunks and server-actions manifest.
const distDir = path.join(root, process.env.NEXT_DIST_DIR || '.next');
const serverActionsKey =
  process.env.NEXT_SERVER_ACTIONS_ENCRYPTION_KEY || randomBytes(32).toString('base64');
if (!existsSync(path.join(distDir, 'BUILD_ID'))) {
  console.error('cluster: no build yet: building once for every instance');
  run(path.join(root, 'node_modules/.bin/next'), ['build'], {
    ...process.env,
    NODE_ENV: 'production',
    NEXT_SERVER_ACTIONS_ENCRYPTION_KEY: serverActionsKey,
  });
}
const buildId = readFileSync(path.join(distDir, 'BUILD_ID'), 'utf8').trim();
const deploymentId = process.env.NEXT_DEPLOYMENT_ID || `storefront-${buildId}`;

// Migrate and seed once, before any instance starts (each would do it too, one after the other).
run(process.execPath, ['--conditions=react-server', '--import', 'tsx', 'scripts/db.ts', 'seed'], {
  ...process.env,
});

/** @type {{ url: string, port: number, child: import('node:child_process').ChildProcess }[]} */
const instances = [];
/** @type {import('node:child_process').ChildProcess | null} */
let nginx = null;
/** @type {import('node:child_process').ChildProcess | null} */
let caddy = null;
let stopping = false;
const prefix = mkdtempSync(path.join(tmpdir(), 'storefront-front-'));

function startInstance(port) {
  const child = spawn(process.execPath, [path.join(root, 'scripts/serve.mjs')], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      // Loopback only. Not 127.0.0.1: Next treats a rewrite to its own pages as internal only when
      // the address it was given is the one its proxy (src/proxy.ts) rewrites to (localhost).
      HOSTNAME: 'localhost',
      // nginx is the one proxy in front: the client is the address it saw. Behind Caddy, two:
      // Caddy's X-Forwarded-For and -Proto count, passed on by nginx (docs/decisions/0241).
      TRUSTED_PROXY_HOPS: tlsPort === null ? '1' : '2',
      ...(tlsPort === null ? {} : { TLS_ASK_SECRET: tlsAskSecret }),
      LOG_LEVEL: process.env.LOG_LEVEL || 'warn',
      NEXT_SERVER_ACTIONS_ENCRYPTION_KEY: serverActionsKey,
      NEXT_DEPLOYMENT_ID: deploymentId,
      // The same heap limit as `npm start` (docs/decisions/0280).
      NODE_OPTIONS: serverNodeOptions(process.env),
    },
  });
  child.stdout.pipe(process.stderr, { end: false });
  child.stderr.pipe(process.stderr, { end: false });
  child.on('exit', (code, signal) => {
    if (!stopping)
      console.error(
        `cluster: instance on port ${port} (pid ${child.pid}) exited (${signal ?? code})`,
      );
  });
  return { url: `http://127.0.0.1:${port}`, port, child };
}

function get(port, p, headers = {}) {
  return new Promise((resolve) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        path: p,
        headers: { host: 'localhost', ...headers },
        timeout: 3_000,
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', () => resolve(0));
    req.on('timeout', () => req.destroy());
    req.end();
  });
}

async function waitFor(what, check) {
  const until = Date.now() + READY_TIMEOUT_MS;
  while (Date.now() < until) {
    if (stopping) return;
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 300));
  }
  console.error(`cluster: ${what} not ready after ${READY_TIMEOUT_MS / 1000} s`);
  await stop(1);
}

/** Renders the template: each {{NAME}} is replaced, and an unknown one is an error. */
function renderTemplate(text, vars) {
  return text.replace(/\{\{([A-Z_]+)\}\}/g, (_, name) => {
    if (!(name in vars)) throw new Error(`template placeholder {{${name}}} has no value`);
    return vars[name];
  });
}

async function stop(code = 0) {
  if (stopping) return;
  stopping = true;
  const exited = (child) =>
    child && child.exitCode === null && child.signalCode === null
      ? new Promise((r) => child.once('exit', r))
      : Promise.resolve();
  // Caddy, then nginx (each finishes what it is sending), then the instances.
  if (caddy) caddy.kill('SIGTERM');
  await Promise.race([exited(caddy), new Promise((r) => setTimeout(r, 5_000))]);
  if (caddy && caddy.exitCode === null) caddy.kill('SIGKILL');
  if (nginx) nginx.kill('SIGQUIT');
  await Promise.race([exited(nginx), new Promise((r) => setTimeout(r, 5_000))]);
  if (nginx && nginx.exitCode === null) nginx.kill('SIGKILL');
  for (const { child } of instances) child.kill('SIGTERM');
  await Promise.race([
    Promise.all(instances.map(({ child }) => exited(child))),
    new Promise((r) => setTimeout(r, 12_000)),
  ]);
  for (const { child } of instances) if (child.exitCode === null) child.kill('SIGKILL');
  if (!values['keep-dir']) rmSync(prefix, { recursive: true, force: true });
  process.exit(code);
}
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => void stop(0));
// Whatever goes wrong here, the processes this started do not outlive it.
process.on('uncaughtException', (error) => {
  console.error(`cluster: ${error.stack ?? error}`);
  void stop(1);
});

// The first instance alone, then the others: instances starting together on a fresh database
// race to create the job queue's schema (docs/decisions/0199).
instances.push(startInstance(firstPort));
await waitFor(`instance on ${firstPort}`, async () => (await get(firstPort, '/api/ready')) === 200);
for (let i = 1; i < count; i++) instances.push(startInstance(firstPort + i));
await Promise.all(
  instances.map(({ port }) =>
    waitFor(`instance on ${port}`, async () => (await get(port, '/api/ready')) === 200),
  ),
);

// nginx in a directory of its own, as whoever runs this (as root, its workers run as nobody).
for (const dir of ['tmp/client_body', 'tmp/proxy', 'tmp/fastcgi', 'tmp/uwsgi', 'tmp/scgi', 'cache'])
  mkdirSync(path.join(prefix, dir), { recursive: true });
chmodSync(prefix, 0o755);
const servers = instances
  .map(({ port }) => `        server 127.0.0.1:${port} max_fails=1 fail_timeout=2s;`)
  .join('\n');
const conf = renderTemplate(readFileSync(TEMPLATE, 'utf8'), {
  PREFIX: prefix,
  LISTEN: `127.0.0.1:${frontPort}`,
  SERVERS: servers,
  MODULES,
  WORKERS: process.env.NGINX_WORKERS || 'auto',
  FORWARDED_FOR: tlsPort === null ? '$remote_addr' : '$proxy_add_x_forwarded_for',
  FORWARDED_PROTO: tlsPort === null ? '$scheme' : '$http_x_forwarded_proto',
});
writeFileSync(path.join(prefix, 'nginx.conf'), conf);
const nginxArgs = [
  '-p',
  prefix,
  '-c',
  path.join(prefix, 'nginx.conf'),
  '-e',
  path.join(prefix, 'error.log'),
];
const test = spawnSync(NGINX, [...nginxArgs, '-t', '-q'], { stdio: ['ignore', 2, 2] });
if (test.status !== 0) {
  console.error('cluster: nginx refused the rendered configuration');
  await stop(1);
}
nginx = spawn(NGINX, [...nginxArgs, '-g', 'daemon off;'], { stdio: ['ignore', 2, 2] });
nginx.on('exit', (code, signal) => {
  if (!stopping) {
    console.error(`cluster: nginx exited (${signal ?? code}); stopping`);
    void stop(1);
  }
});
await waitFor('nginx', async () => (await get(frontPort, '/check-health')) === 200);

if (tlsPort !== null) {
  // Caddy's storage, configuration and data in the run's directory (or CADDY_STORAGE, which an
  // operator keeps across restarts), never the user's home.
  const caddyDir = path.join(prefix, 'caddy');
  const storage = process.env.CADDY_STORAGE || path.join(caddyDir, 'storage');
  mkdirSync(storage, { recursive: true });
  mkdirSync(path.join(caddyDir, 'home'), { recursive: true });
  const bind = process.env.TLS_BIND || '127.0.0.1';
  const caddyfile = renderTemplate(readFileSync(CADDY_TEMPLATE, 'utf8'), {
    STORAGE: storage,
    HTTPS_PORT: String(tlsPort),
    HTTP_PORT: String(tlsHttpPort),
    BIND: bind,
    HTTPS_SUFFIX: tlsPort === 443 ? '' : `:${tlsPort}`,
    ACME_CA_URL: process.env.ACME_CA_URL || LETS_ENCRYPT,
    ACME_EMAIL: process.env.ACME_EMAIL ? `email ${process.env.ACME_EMAIL}` : '',
    ACME_CA_ROOT: process.env.ACME_CA_ROOT ? `acme_ca_root ${process.env.ACME_CA_ROOT}` : '',
    ASK_URL: `http://127.0.0.1:${frontPort}/api/tls/ask?secret=${tlsAskSecret}`,
    UPSTREAM: `127.0.0.1:${frontPort}`,
    RENEW_INTERVAL: process.env.CADDY_RENEW_INTERVAL || '10m',
  });
  const caddyConfig = path.join(caddyDir, 'Caddyfile');
  // A placeholder left empty (no ACME_EMAIL, no ACME_CA_ROOT) leaves no blank line behind.
  writeFileSync(caddyConfig, caddyfile.replace(/^[ \t]+\n/gm, ''), { mode: 0o600 });
  const home = path.join(caddyDir, 'home');
  caddy = spawn(CADDY, ['run', '--config', caddyConfig, '--adapter', 'caddyfile'], {
    cwd: caddyDir,
    stdio: ['ignore', 2, 2],
    env: {
      PATH: process.env.PATH ?? '/usr/bin:/bin',
      HOME: home,
      XDG_CONFIG_HOME: path.join(home, 'config'),
      XDG_DATA_HOME: path.join(home, 'data'),
    },
  });
  caddy.on('exit', (code, signal) => {
    if (!stopping) {
      console.error(`cluster: caddy exited (${signal ?? code}); stopping`);
      void stop(1);
    }
  });
  // Ready when its plain-HTTP port sends a request to HTTPS.
  await waitFor('caddy', async () => (await get(tlsHttpPort, '/')) === 308);
}

process.stdout.write(
  `${JSON.stringify({
    front: `http://127.0.0.1:${frontPort}`,
    instances: instances.map(({ url, child }) => ({ url, pid: child.pid })),
    nginx: { pid: nginx.pid, prefix },
    ...(caddy
      ? {
          tls: `https://127.0.0.1:${tlsPort}`,
          tls_http: `http://127.0.0.1:${tlsHttpPort}`,
          caddy: { pid: caddy.pid },
        }
      : {}),
  })}\n`,
);
