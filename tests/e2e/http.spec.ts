import { expect, test } from '@playwright/test';
import { jsonOf, rawRequest, request, type RawResponse } from './support';

/** Cookies a response sets, as one Cookie header. */
function cookiesOf(response: RawResponse): string {
  return [...response.headers.matchAll(/^set-cookie: ([^;\r\n]+)/gim)].map((m) => m[1]).join('; ');
}

/** A session and its CSRF token from GET /api/token, as the client gets them. */
async function csrf(): Promise<Record<string, string>> {
  const answer = await request({ path: '/api/token' });
  return { cookie: cookiesOf(answer), 'x-xsrf-token': jsonOf(answer).data.token };
}

/** The calls of the foundation on the production server, with the input a browser never sends. */

test('GET /api/store answers the store of the Host', async () => {
  const response = await request({ host: 'bytes.localhost', path: '/api/store' });
  expect(response.status).toBe(200);
  const { data } = jsonOf(response);
  expect(data.config.store_name).toBe('Bytes Domains');
  expect(data.brand).toEqual({ keyword_name: 'white_label', keyword_id: 4 });
});

test('the host override works with the right secret only', async () => {
  const withSecret = await request({
    path: '/api/store',
    headers: {
      'x-host-secret': 'e2e-override-secret-0123456789',
      'x-forwarded-host': 'harbor.localhost',
    },
  });
  expect(jsonOf(withSecret).data.config.store_name).toBe('Harbor Telecom');
  const wrong = await request({
    path: '/api/store',
    headers: {
      'x-host-secret': 'wrong-secret-000000000000000',
      'x-forwarded-host': 'harbor.localhost',
    },
  });
  expect(jsonOf(wrong).data.config.store_name).toBe('Nameport');
});

test('odd Host headers get a 4xx, never a 500 or another brand', async () => {
  for (const host of [
    'a..b',
    'bad_host',
    '-x.example',
    `${'a'.repeat(70)}.example`,
    'x.example:99999',
    '%2e%2e',
  ]) {
    const response = await request({ host, path: '/api/store' });
    expect(response.status, host).toBe(400);
    expect(jsonOf(response).error.code).toBe('invalid_host');
  }
  const unknown = await request({ host: 'unknown.localhost', path: '/api/store' });
  expect(unknown.status).toBe(404);
  expect(jsonOf(unknown).error.code).toBe('store_not_found');
  // Node refuses these before the application; they still get a 400, not a crash.
  const missing = await rawRequest('GET /api/store HTTP/1.1\r\nConnection: close\r\n\r\n');
  expect(missing.status).toBe(400);
  const twice = await rawRequest(
    'GET /api/store HTTP/1.1\r\nHost: acme.localhost\r\nHost: bytes.localhost\r\nConnection: close\r\n\r\n',
  );
  // Node keeps the first of two Host headers before the application sees them (see
  // docs/decisions/0003-host-handling.md): the answer is that host's store, never a mix.
  expect(twice.status).toBe(200);
  expect(jsonOf(twice).data.config.store_name).toBe('Acme Voice');
});

test('PUT /api/site-version refuses malformed bodies in the error format', async () => {
  const cases: [string, Record<string, string>, number, string][] = [
    ['{"id":', { 'content-type': 'application/json' }, 400, 'invalid_json'],
    ['{"id":"2"}', { 'content-type': 'application/json' }, 400, 'validation_failed'],
    ['{"id":7}', { 'content-type': 'application/json' }, 400, 'validation_failed'],
    ['id=1', { 'content-type': 'text/plain' }, 415, 'unsupported_media_type'],
    [
      JSON.stringify({ id: 1, pad: 'x'.repeat(100_000) }),
      { 'content-type': 'application/json' },
      413,
      'payload_too_large',
    ],
  ];
  const token = await csrf();
  for (const [body, headers, status, code] of cases) {
    const response = await request({
      method: 'PUT',
      path: '/api/site-version',
      headers: { ...token, ...headers },
      body,
    });
    expect(response.status, body.slice(0, 20)).toBe(status);
    expect(jsonOf(response).error.code).toBe(code);
  }
});

test('PUT /api/site-version keeps the choice for the next GET', async () => {
  const put = await request({
    method: 'PUT',
    path: '/api/site-version',
    headers: { ...(await csrf()), 'content-type': 'application/json' },
    body: '{"id":2}',
  });
  expect(put.status).toBe(200);
  const cookie = /set-cookie: (site_version=2)/i.exec(put.headers)?.[1];
  expect(cookie).toBe('site_version=2');
  const get = await request({
    path: '/api/site-version',
    headers: { cookie: cookie!, 'accept-language': 'en-GB' },
  });
  expect(jsonOf(get).data.site_version).toEqual({ id: 2, currency: 'USD' });
});

test('unknown API paths answer 404 not_found in the error format', async () => {
  const response = await request({ path: '/api/nothing/here' });
  expect(response.status).toBe(404);
  expect(jsonOf(response).error.code).toBe('not_found');
});

test("unsafe calls without the session CSRF token, with another session's, or cross-site get 403 csrf_mismatch", async () => {
  const mine = await csrf();
  const other = await csrf();
  const cases: [string, Record<string, string>][] = [
    ['no token', {}],
    ['a session but no header', { cookie: mine.cookie! }],
    ["another session's token", { cookie: mine.cookie!, 'x-xsrf-token': other['x-xsrf-token']! }],
    ['a cross-site Origin', { ...mine, origin: 'https://attacker.example' }],
  ];
  for (const [name, headers] of cases) {
    const response = await request({
      method: 'PUT',
      path: '/api/site-version',
      headers: { ...headers, 'content-type': 'application/json' },
      body: '{"id":1}',
    });
    expect(response.status, name).toBe(403);
    expect(jsonOf(response).error.code, name).toBe('csrf_mismatch');
  }
});
