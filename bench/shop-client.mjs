// A customer of the shop as the benchmarks drive one: calls with the store's Host header, the
// session cookie and XSRF token kept between calls, registration activated from a real SMTP
// peer's mail. Shared by bench/checkout.mjs and bench/dashboard.mjs.
import http from 'node:http';
import { randomUUID } from 'node:crypto';
import { SMTPServer } from 'smtp-server';

/** A real SMTP peer in this process; `mails` collects every message it receives. */
export async function startMailPeer() {
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
  // A connection the server drops when it stops is not the benchmark's failure.
  smtp.on('error', () => {});
  await new Promise((r) => smtp.listen(0, '127.0.0.1', r));
  return {
    mails,
    url: `smtp://127.0.0.1:${smtp.server.address().port}`,
    close: () => new Promise((r) => smtp.close(r)),
  };
}

/** Calls to one store of a server on 127.0.0.1:`port`, as a browser of `host` makes them. */
export function shopClient({ port, host, mails }) {
  const keepAlive = new http.Agent({ keepAlive: true, maxSockets: 64 });

  /** One request with the store's Host header (fetch cannot set Host), timed. */
  function call(method, urlPath, { body, who, headers = {}, raw = false } = {}) {
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
            'accept-language': 'en-GB',
            ...(payload
              ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }
              : {}),
            ...(who ? { cookie: who.cookie, 'x-xsrf-token': who.token } : {}),
            ...headers,
          },
        },
        (res) => {
          const chunks = [];
          res.on('data', (c) => chunks.push(c));
          res.on('end', () => {
            const buffer = Buffer.concat(chunks);
            const setCookies = res.headers['set-cookie'] ?? [];
            if (who && setCookies.length > 0) {
              const jar = new Map(who.cookie.split('; ').map((c) => c.split('=')));
              for (const c of setCookies) {
                const [pair] = c.split(';');
                const eq = pair.indexOf('=');
                jar.set(pair.slice(0, eq), pair.slice(eq + 1));
              }
              who.cookie = [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
              who.token = jar.get('XSRF-TOKEN') ?? who.token;
            }
            resolve({
              status: res.statusCode,
              ms: performance.now() - started,
              json: raw || buffer.length === 0 ? null : JSON.parse(buffer.toString('utf8')),
              bytes: buffer,
              setCookies,
            });
          });
        },
      );
      req.on('error', reject);
      req.end(payload);
    });
  }

  async function visitor() {
    const answer = await call('GET', '/api/token');
    const cookie = answer.setCookies.map((c) => c.split(';')[0]).join('; ');
    return { cookie, token: answer.json.data.token };
  }

  function expectStatus(answer, status, what) {
    if (answer.status !== status) {
      throw new Error(`${what}: ${answer.status} ${JSON.stringify(answer.json)}`);
    }
    return answer;
  }

  /** A customer made through the real calls: registered, activated from the mail, signed in. */
  async function customer(label) {
    const email = `bench.${label}.${Date.now()}.${randomUUID().slice(0, 8)}@example.com`;
    const password = 'a benchmark customer passphrase';
    const who = await visitor();
    expectStatus(
      await call('POST', '/svc/account', {
        body: { name: `Buyer ${label}`, email, password },
        who,
      }),
      202,
      'register',
    );
    let token;
    for (let t = 0; t < 100 && !token; t++) {
      const mail = mails.find((m) => m.includes(email) && /activate\?token=/.test(m));
      token = mail && /activate\?token=([A-Za-z0-9_-]{43})/.exec(mail)?.[1];
      if (!token) await new Promise((r) => setTimeout(r, 100));
    }
    if (!token) throw new Error(`no activation mail for ${email}`);
    expectStatus(
      await call('PUT', '/api/account/activate', { body: { token }, who }),
      200,
      'activate',
    );
    expectStatus(
      await call('POST', '/api/login', { body: { email, password, remember_me: false }, who }),
      200,
      'sign in',
    );
    expectStatus(
      await call('PUT', '/api/account/billing', {
        body: {
          name: `Buyer ${label}`,
          line1: '1 Bench Street',
          city: 'London',
          postcode: 'EC1A 1BB',
          country: 'GB',
        },
        who,
      }),
      200,
      'billing',
    );
    return who;
  }

  return { call, visitor, expectStatus, customer };
}

const pct = (xs, p) => {
  const s = [...xs].sort((x, y) => x - y);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] ?? NaN;
};

/** `p50 … ms, p99 … ms` of a list of timings. */
export const percentiles = (xs) =>
  `p50 ${pct(xs, 50).toFixed(1)} ms, p99 ${pct(xs, 99).toFixed(1)} ms`;
