import { connect } from 'node:net';
import { expect, test } from '@playwright/test';
import { jsonOf, PORT, rawRequest, request, type RawResponse } from './support';

/** What the production server answers to requests a browser never sends. */

const MALFORMED_API = ['/api/cart/%ff', '/svc/invite/%ff', '/api/%ff', '/api/%zz/x', '/svc/%e0%80'];
const MALFORMED_PAGES = ['/%ff', '/domains/search/%ff', '/invite/%ff', '/_next/static/%ff'];

test('a malformed percent-escape in an API path gets 400 in the error format', async () => {
  for (const path of MALFORMED_API) {
    for (const method of ['GET', 'POST']) {
      const response = await request({ method, path, body: method === 'POST' ? '{}' : undefined });
      expect(response.status, `${method} ${path}`).toBe(400);
      expect(response.headers, path).toMatch(/^content-type: application\/json/im);
      expect(jsonOf(response).error, path).toEqual({
        code: 'invalid_path',
        message: expect.stringContaining('percent'),
      });
    }
  }
});

test("a malformed percent-escape in a page path gets the store's 404 page", async () => {
  for (const path of MALFORMED_PAGES) {
    const response = await request({ host: 'acme.localhost', path });
    expect(response.status, path).toBe(404);
    expect(response.headers, path).toMatch(/^content-type: text\/html/im);
    expect(response.body, path).toContain('Acme Voice');
  }
});

test('unknown /api and /svc paths answer 404 not_found as JSON, never the HTML page', async () => {
  for (const path of ['/svc/nothing', '/svc/account/login', '/svc', '/api', '/api/nothing/here']) {
    for (const method of ['GET', 'POST', 'DELETE']) {
      const response = await request({ method, path });
      expect(response.status, `${method} ${path}`).toBe(404);
      expect(response.headers, path).toMatch(/^content-type: application\/json/im);
      expect(jsonOf(response).error.code, path).toBe('not_found');
    }
  }
});

/** The cookies of a response, as a Cookie header. */
function cookiesOf(response: RawResponse): string {
  return [...response.headers.matchAll(/^set-cookie: ([^;\r\n]+)/gim)].map((m) => m[1]).join('; ');
}

/**
 * One keep-alive connection: sends `first`, reads its answer, then sends `second` on the same
 * socket if the server kept it open. Answers both heads (or null) and whether the server closed.
 */
function twoOnOneConnection(first: Buffer[], second: string) {
  return new Promise<{ first: string; firstBody: string; second: string | null; closed: boolean }>(
    (resolve, reject) => {
      const socket = connect(PORT, '127.0.0.1');
      let received = Buffer.alloc(0);
      let secondSent = false;
      const heads = () => received.toString('latin1').match(/^HTTP\/1\.1 [^\r]*(?:\r\n[^\r]+)*/gm);
      const result = (closed: boolean) => {
        const text = received.toString('latin1');
        const [head1 = '', head2 = null] = heads() ?? [];
        const bodyStart = text.indexOf('\r\n\r\n') + 4;
        resolve({ first: head1, firstBody: text.slice(bodyStart), second: head2, closed });
      };
      // A stalled connection is the failure this guards against: give up well before Node's
      // 65 s keep-alive timeout would end it.
      socket.setTimeout(10_000, () => {
        socket.destroy();
        reject(new Error(`the connection stalled after: ${received.toString('latin1')}`));
      });
      socket.on('error', reject);
      socket.on('data', (chunk) => {
        received = Buffer.concat([received, chunk]);
        const text = received.toString('latin1');
        const done = /\r\n0\r\n\r\n$/.test(text) || /content-length: 0\r\n\r\n$/i.test(text);
        if (!secondSent && done && !/^connection: close/im.test(text)) {
          secondSent = true;
          socket.write(second);
        } else if ((heads()?.length ?? 0) >= 2 && done) {
          socket.end();
        }
      });
      socket.on('close', () => result(true));
      for (const part of first) socket.write(part);
    },
  );
}

test('after a 413 on a large chunked body the client can go on at once', async () => {
  const token = await request({ path: '/api/token' });
  const head = [
    'POST /api/login HTTP/1.1',
    'Host: nameport.localhost',
    'Content-Type: application/json',
    `Cookie: ${cookiesOf(token)}`,
    `X-XSRF-TOKEN: ${jsonOf(token).data.token}`,
    'Transfer-Encoding: chunked',
    '',
    '',
  ].join('\r\n');
  const piece = Buffer.alloc(64 * 1024, 'a');
  const body: Buffer[] = [Buffer.from(head)];
  for (let i = 0; i < 16; i++)
    body.push(Buffer.from(`${piece.length.toString(16)}\r\n`), piece, Buffer.from('\r\n'));
  body.push(Buffer.from('0\r\n\r\n'));
  const next = 'GET /api/store HTTP/1.1\r\nHost: nameport.localhost\r\n\r\n';

  const answer = await twoOnOneConnection(body, next);
  expect(answer.first).toMatch(/^HTTP\/1\.1 413/);
  expect(answer.firstBody).toContain('"code":"payload_too_large"');
  // Either the server closed the connection and said so, or it answered the next request on it.
  if (answer.second === null) {
    expect(answer.first).toMatch(/^connection: close/im);
    expect(answer.closed).toBe(true);
  } else {
    expect(answer.second).toMatch(/^HTTP\/1\.1 200/);
  }
  // And a new connection is served as usual.
  expect((await request({ path: '/api/store' })).status).toBe(200);
});

test('bodies of brackets nested thousands deep get 400, again and again, and the server goes on', async () => {
  const token = await request({ path: '/api/token' });
  const headers = {
    'Content-Type': 'application/json',
    Cookie: cookiesOf(token),
    'X-XSRF-TOKEN': jsonOf(token).data.token,
  };
  // 16 KB of brackets, just under the body limit; the production build's stack and heap are the
  // ones a recursive walk ran out of (a 500 first, then the process ended).
  const body = `${'['.repeat(8000)}${']'.repeat(8000)}`;
  for (let i = 0; i < 30; i++) {
    const answer = await request({ method: 'POST', path: '/api/cart', headers, body });
    expect(answer.status, `request ${i + 1}`).toBe(400);
    expect(jsonOf(answer).error).toMatchObject({
      code: 'validation_failed',
      fields: { '(body)': ['must not nest arrays and objects more than 32 deep'] },
    });
  }
  expect((await request({ path: '/api/store' })).status).toBe(200);
});

test('a method nobody uses gets 405 in the error format, on pages and calls alike', async () => {
  const unused: [string, string][] = [
    ['TRACE', '/api/store'],
    ['TRACE', '/check-health'],
    ['TRACE', '/'],
    ['PROPFIND', '/'],
    ['PROPFIND', '/api/cart'],
    ['PURGE', '/domains'],
  ];
  for (const [method, path] of unused) {
    const answer = await request({ method, path });
    expect(answer.status, `${method} ${path}`).toBe(405);
    expect(answer.headers).toMatch(/^allow: GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS$/im);
    expect(jsonOf(answer).error.code, `${method} ${path}`).toBe('method_not_allowed');
  }
});

test("what Node's parser refuses gets its status with a body in the error format", async () => {
  const cases: [string, Buffer, number, string][] = [
    [
      'headers over 16 KB',
      Buffer.from(
        `GET /api/store HTTP/1.1\r\nHost: nameport.localhost\r\nX-Pad: ${'a'.repeat(20_000)}\r\n\r\n`,
      ),
      431,
      'headers_too_large',
    ],
    [
      'raw UTF-8 in the query',
      Buffer.concat([
        Buffer.from('GET /api/domains/search?q='),
        Buffer.from('😀', 'utf8'),
        Buffer.from(' HTTP/1.1\r\nHost: nameport.localhost\r\n\r\n'),
      ]),
      400,
      'bad_request',
    ],
    [
      'a DEL byte in a header value',
      Buffer.from('GET /api/store HTTP/1.1\r\nHost: nameport.localhost\r\nX-Key: ab\x7fcd\r\n\r\n'),
      400,
      'bad_request',
    ],
  ];
  for (const [name, bytes, status, code] of cases) {
    const answer = await rawRequest(bytes);
    expect(answer.status, name).toBe(status);
    expect(answer.headers, name).toMatch(/^content-type: application\/json/im);
    expect(jsonOf(answer).error.code, name).toBe(code);
  }
  expect((await request({ path: '/api/store' })).status).toBe(200);
});

test('a request with more cookies than a browser keeps gets 431 at once, and others go on', async () => {
  const many = Array.from({ length: 1500 }, (_, i) => `c${i}=v`).join('; ');
  for (const path of ['/api/customer', '/api/no-such-call', '/']) {
    const answer = await request({ path, headers: { Cookie: many } });
    expect(answer.status, path).toBe(431);
    expect(jsonOf(answer).error.code, path).toBe('too_many_cookies');
  }
  // A browser's own handful, and a few dozen more of other sites' scripts, are served as ever.
  const some = Array.from({ length: 60 }, (_, i) => `c${i}=v`).join('; ');
  expect((await request({ path: '/api/store', headers: { Cookie: some } })).status).toBe(200);
});
