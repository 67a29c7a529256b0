// The soak (issue 27 point 9): N minutes (10 by default) of mixed traffic through nginx across a
// cluster of 3 instances: browse pages, domain search, cart, sign-in, checkout (place and pay),
// dashboard reads. Every 10 s it samples each instance's resident memory (/proc); at the end it
// prints, per instance, the peak and the slope after warm-up (MB a minute, least squares), the
// p99 of every minute, and the count of 5xx answers.
// Targets: RSS under 500 MB per instance, slope under 1 MB a minute, p99 steady, zero 5xx.
// Each loop's customer is replaced by a newly signed-up one every --rounds-per-customer rounds (40:
// ten orders), so that one customer's history stays that of a shopper, not of a loop that has
// ordered for twenty minutes; the database grows all the same.
// Usage: node bench/soak.mjs [--minutes 10] [--users 8] [--warmup 2] [--rounds-per-customer 40]
// Starts its own PostgreSQL (port 3562), Redis (3563), SMTP mailbox (3564) and cluster (nginx on
// 3575, instances from 3576). RATE_LIMIT_SCALE is raised: every user signs in from 127.0.0.1.
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { request } from 'node:http';
import { parseArgs } from 'node:util';
import { SMTPServer } from 'smtp-server';
import {
  machine,
  startCluster,
  startOwnPostgres,
  startOwnRedis,
  stopAll,
} from './cluster-support.mjs';

const { values } = parseArgs({
  options: {
    minutes: { type: 'string', default: '10' },
    users: { type: 'string', default: '8' },
    warmup: { type: 'string', default: '2' },
    'rounds-per-customer': { type: 'string', default: '40' },
  },
});
const MINUTES = Number(values.minutes);
const USERS = Number(values.users);
const WARMUP_MIN = Number(values.warmup);
const ROUNDS_PER_CUSTOMER = Number(values['rounds-per-customer']);
const FRONT = 3575;
const SMTP = 3564;
const HOST = 'nameport.localhost';
const PASSWORD = 'a soak test passphrase';

// ---- A mailbox for activation mails -------------------------------------------------------------
const mails = new Map();
const waiting = new Map();
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  onData(stream, session, callback) {
    let text = '';
    stream.on('data', (c) => (text += c));
    stream.on('end', () => {
      const unfolded = text.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
      for (const to of session.envelope.rcptTo.map((r) => r.address.toLowerCase())) {
        mails.set(to, unfolded);
        waiting.get(to)?.();
      }
      callback();
    });
  },
});
await new Promise((r) => smtp.listen(SMTP, '127.0.0.1', r));
const mailFor = (to) =>
  mails.has(to)
    ? Promise.resolve(mails.get(to))
    : new Promise((r) => waiting.set(to, () => r(mails.get(to))));

// ---- HTTP with a cookie jar, through the front --------------------------------------------------
const latencies = []; // [minute, ms]
let fiveXx = 0;
let total = 0;
const failures = [];
let started = Date.now();

function send({ method = 'GET', path, host = HOST, headers = {}, body }) {
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    const req = request(
      {
        host: '127.0.0.1',
        port: FRONT,
        method,
        path,
        agent: keepAlive,
        headers: {
          host,
          'accept-encoding': 'br, gzip',
          ...(body === undefined
            ? {}
            : { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) }),
          ...headers,
        },
      },
      (res) => {
        const chunks = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () => {
          const ms = performance.now() - t0;
          total++;
          latencies.push([Math.floor((Date.now() - started) / 60_000), ms]);
          if ((res.statusCode ?? 0) >= 500) {
            fiveXx++;
            if (failures.length < 20) failures.push(`${method} ${host}${path} ${res.statusCode}`);
          }
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks).toString(),
          });
        });
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}
import { Agent } from 'node:http';
const keepAlive = new Agent({ keepAlive: true, maxSockets: 64 });

class User {
  cookies = new Map();
  constructor(n) {
    this.n = n;
    this.email = `soak.${n}.${randomBytes(3).toString('hex')}@example.com`;
  }
  async call(method, path, json, extra = {}) {
    const xsrf = this.cookies.get('XSRF-TOKEN');
    const r = await send({
      method,
      path,
      body: json === undefined ? undefined : JSON.stringify(json),
      headers: {
        'accept-encoding': 'identity',
        ...(this.cookies.size
          ? { cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ') }
          : {}),
        ...(xsrf ? { 'x-xsrf-token': decodeURIComponent(xsrf) } : {}),
        ...extra,
      },
    });
    for (const c of [r.headers['set-cookie'] ?? []].flat()) {
      const [pair] = c.split(';');
      const eq = pair.indexOf('=');
      const v = pair.slice(eq + 1);
      if (v === '' || /max-age=0/i.test(c)) this.cookies.delete(pair.slice(0, eq));
      else this.cookies.set(pair.slice(0, eq), v);
    }
    try {
      r.json = JSON.parse(r.body);
    } catch {
      r.json = null;
    }
    return r;
  }
  async signUp() {
    await this.call('GET', '/api/token');
    const reg = await this.call('POST', '/svc/account', {
      name: `Soak ${this.n}`,
      email: this.email,
      password: PASSWORD,
    });
    if (reg.status !== 202) throw new Error(`register ${reg.status} ${reg.body}`);
    const mail = await mailFor(this.email);
    const token = /\/activate\?token=([A-Za-z0-9_-]+)/.exec(mail)?.[1];
    const act = await this.call('PUT', '/api/account/activate', { token });
    if (act.status !== 200) throw new Error(`activate ${act.status} ${act.body}`);
    await this.signIn();
    await this.call('PUT', '/api/account/billing', {
      name: `Soak ${this.n}`,
      line1: '1 Canal Street',
      city: 'Manchester',
      postcode: 'M1 3HE',
      country: 'GB',
    });
  }
  async signIn() {
    const r = await this.call('POST', '/api/login', {
      email: this.email,
      password: PASSWORD,
      remember_me: false,
    });
    if (r.status !== 200) throw new Error(`sign in ${r.status} ${r.body}`);
  }
  async round(i) {
    const word = `soak${this.n}x${i}${randomBytes(2).toString('hex')}`;
    // Browse as anonymous visitors do: pages of three stores.
    for (const [host, path] of [
      ['bytes.localhost', '/'],
      ['acme.localhost', '/'],
      [HOST, `/domains/search?q=${word}`],
    ])
      await send({ host, path });
    await this.call('GET', `/api/domains/search?q=${word}`);
    await this.call('GET', '/api/customer');
    await this.call('POST', '/api/cart', {
      type: 'domain_registration',
      domain: `${word}.com`,
      years: 1,
    });
    await this.call('GET', '/api/cart');
    if (i % 4 === 3) {
      const checkout = await this.call('GET', '/api/checkout');
      const placed = await this.call(
        'POST',
        '/api/orders',
        { cart_version: checkout.json?.data?.cart?.version, accept_terms: true },
        { 'idempotency-key': `soak-${this.n}-${i}-${randomBytes(4).toString('hex')}` },
      );
      const paymentId = placed.json?.data?.payment?.id;
      if (paymentId)
        await this.call('POST', `/api/payments/${paymentId}/demo`, { outcome: 'succeed' });
    }
    const services = await this.call('GET', '/api/services');
    const first = services.json?.data?.services?.[0];
    if (first) await this.call('GET', `/api/services/${first.id}`);
    await this.call('GET', '/api/account/members');
    if (i % 10 === 9) {
      await this.call('POST', '/api/logout', {});
      await this.call('GET', '/api/token');
      await this.signIn();
    }
  }
}

function rssMb(pid) {
  try {
    return Math.round(
      Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))[1]) / 1024,
    );
  } catch {
    return null;
  }
}
function slope(points) {
  const n = points.length;
  if (n < 2) return 0;
  const mx = points.reduce((a, [x]) => a + x, 0) / n;
  const my = points.reduce((a, [, y]) => a + y, 0) / n;
  const num = points.reduce((a, [x, y]) => a + (x - mx) * (y - my), 0);
  const den = points.reduce((a, [x]) => a + (x - mx) ** 2, 0);
  return den === 0 ? 0 : num / den;
}
const p = (sorted, q) =>
  sorted.length
    ? Math.round(sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))])
    : null;

process.on('SIGINT', () => void stopAll().then(() => process.exit(130)));
try {
  const before = machine();
  const cluster = await startCluster({
    instances: 3,
    port: FRONT,
    env: {
      DATABASE_URL: startOwnPostgres(3562),
      REDIS_URL: await startOwnRedis(3563),
      SMTP_URL: `smtp://127.0.0.1:${SMTP}`,
      RATE_LIMIT_SCALE: '1000',
      LOG_LEVEL: 'warn',
    },
  });
  const pids = cluster.instances.map((i) => i.pid);
  const users = Array.from({ length: USERS }, (_, n) => new User(n));
  for (const u of users) await u.signUp();
  console.error(`soak: ${USERS} users signed up; running ${MINUTES} min`);
  // The clock of the figures starts with the mixed traffic, after the sign-ups.
  latencies.length = 0;
  started = Date.now();

  const samples = pids.map(() => []);
  const sampler = setInterval(() => {
    const minute = (Date.now() - started) / 60_000;
    pids.forEach((pid, k) => {
      const mb = rssMb(pid);
      if (mb !== null) samples[k].push([minute, mb]);
    });
  }, 10_000);
  const until = started + MINUTES * 60_000;
  const errors = [];
  let customers = USERS;
  await Promise.all(
    users.map(async (first, n) => {
      let u = first;
      for (let i = 0; Date.now() < until; i++) {
        if (i > 0 && i % ROUNDS_PER_CUSTOMER === 0) {
          u = new User(n);
          customers++;
          await u.signUp().catch((e) => errors.length < 20 && errors.push(e.message));
        }
        await u.round(i).catch((e) => errors.length < 20 && errors.push(e.message));
      }
    }),
  );
  clearInterval(sampler);

  const byMinute = new Map();
  for (const [m, ms] of latencies) (byMinute.get(m) ?? byMinute.set(m, []).get(m)).push(ms);
  const minutes = [...byMinute.keys()]
    .sort((a, b) => a - b)
    .map((m) => {
      const s = byMinute.get(m).sort((a, b) => a - b);
      return { minute: m + 1, requests: s.length, p50_ms: p(s, 0.5), p99_ms: p(s, 0.99) };
    });
  const instances = pids.map((pid, k) => {
    const after = samples[k].filter(([m]) => m >= WARMUP_MIN);
    return {
      pid,
      rss_start_mb: samples[k][0]?.[1] ?? null,
      rss_peak_mb: Math.max(...samples[k].map(([, mb]) => mb)),
      rss_end_mb: samples[k].at(-1)?.[1] ?? null,
      slope_after_warmup_mb_per_min: Number(slope(after).toFixed(2)),
      // One sample a minute, to see whether the memory levels off.
      rss_by_minute: samples[k]
        .filter((_, j) => j % 6 === 5)
        .map(([m, mb]) => [Number(m.toFixed(1)), mb]),
    };
  });
  console.log(
    JSON.stringify(
      {
        bench: 'soak',
        minutes: MINUTES,
        users: USERS,
        customers,
        rounds_per_customer: ROUNDS_PER_CUSTOMER,
        requests: total,
        requests_per_s: Math.round(total / ((Date.now() - started) / 1000)),
        five_xx: fiveXx,
        five_xx_examples: failures,
        client_errors: errors,
        instances,
        per_minute: minutes,
        machine_before: before,
        machine_after: machine(),
      },
      null,
      2,
    ),
  );
} finally {
  smtp.close();
  await stopAll();
}
