import type { ChildProcess } from 'node:child_process';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { jsonOf, rawRequest, startExtraServer, type RawResponse } from './support';

/**
 * The request log of the production server, read from the output of a server
 * of its own: behind one trusted proxy, logging at info.
 */
const PORT = Number(process.env.E2E_PORT ?? 3200) + 90;
let server: ChildProcess;
const lines: Record<string, any>[] = [];

test.beforeAll(async () => {
  test.setTimeout(120_000);
  server = await startExtraServer({
    command: [process.execPath, path.resolve('scripts/serve.mjs')],
    port: PORT,
    env: {
      PORT: String(PORT),
      DATABASE_URL: 'pglite:memory',
      LOG_LEVEL: 'info',
      TRUSTED_PROXY_HOPS: '1',
    },
  });
  let rest = '';
  server.stdout!.on('data', (chunk: Buffer) => {
    const text = rest + chunk.toString('utf8');
    const complete = text.split('\n');
    rest = complete.pop()!;
    for (const line of complete) if (line.startsWith('{')) lines.push(JSON.parse(line));
  });
});

test.afterAll(async () => {
  if (!server) return;
  server.kill('SIGTERM');
  await new Promise((r) => (server.exitCode !== null ? r(null) : server.on('exit', r)));
});

function send(options: {
  host?: string;
  method?: string;
  path: string;
  headers?: Record<string, string>;
  body?: string;
}): Promise<RawResponse> {
  const head = [`${options.method ?? 'GET'} ${options.path} HTTP/1.1`];
  head.push(`Host: ${options.host ?? 'acme.localhost'}`);
  for (const [k, v] of Object.entries(options.headers ?? {})) head.push(`${k}: ${v}`);
  if (options.body !== undefined) head.push(`Content-Length: ${Buffer.byteLength(options.body)}`);
  head.push('Connection: close', '', options.body ?? '');
  return rawRequest(head.join('\r\n'), PORT);
}

const idOf = (response: RawResponse) =>
  /^x-request-id: (.+)$/im.exec(response.headers)?.[1]?.trim();

/** The request's line, once written (just after the answer). */
async function lineOf(id: string) {
  await expect.poll(() => lines.some((l) => l.msg === 'request' && l.request_id === id)).toBe(true);
  return lines.find((l) => l.msg === 'request' && l.request_id === id)!;
}

test("one line per request, with the trusted proxy's id, echoed back", async () => {
  const response = await send({
    path: '/api/store?private=query',
    headers: { 'x-request-id': 'proxy-trace-0001' },
  });
  expect(response.status).toBe(200);
  expect(idOf(response)).toBe('proxy-trace-0001');
  const line = await lineOf('proxy-trace-0001');
  expect(line).toMatchObject({
    level: 30,
    request_id: 'proxy-trace-0001',
    host: 'acme.localhost',
    store: 'acme.localhost',
    method: 'GET',
    path: '/api/store',
    status: 200,
  });
  expect(line.duration_ms).toBeGreaterThan(0);
  expect(JSON.stringify(lines)).not.toContain('private=query');
});

test('an id that does not look like one is replaced, and the new one is logged', async () => {
  const response = await send({ path: '/api/store', headers: { 'x-request-id': 'a b"c' } });
  const id = idOf(response)!;
  expect(id).toMatch(/^[0-9a-f-]{36}$/);
  expect((await lineOf(id)).status).toBe(200);
});

test('pages from the cache, bad paths and unknown stores are logged too', async () => {
  await send({ host: 'bytes.localhost', path: '/domains/pricing' });
  const cached = await send({ host: 'bytes.localhost', path: '/domains/pricing' });
  expect(cached.headers).toMatch(/^cache-status: storefront; hit/im);
  expect(await lineOf(idOf(cached)!)).toMatchObject({
    store: 'bytes.localhost',
    path: '/domains/pricing',
    status: 200,
  });
  const home = await send({ host: 'nameport.localhost', path: '/' });
  expect((await lineOf(idOf(home)!)).store).toBe('nameport');

  const api = await send({ path: '/api/cart/%ff' });
  expect(await lineOf(idOf(api)!)).toMatchObject({ path: '/api/cart/%ff', status: 400 });
  const page = await send({ path: '/domains/search/%ff' });
  expect(await lineOf(idOf(page)!)).toMatchObject({
    path: '/domains/search/%ff',
    status: 404,
    store: 'acme.localhost',
  });
  const unknown = await send({ host: 'nostore.localhost', path: '/api/store' });
  expect(await lineOf(idOf(unknown)!)).toMatchObject({ status: 404, store: null });
});

test("the application's own lines carry the request's id", async () => {
  const token = await send({ path: '/api/token' });
  const cookie = [...token.headers.matchAll(/^set-cookie: ([^;\r\n]+)/gim)]
    .map((m) => m[1])
    .join('; ');
  const response = await send({
    method: 'POST',
    path: '/api/login',
    headers: {
      cookie,
      'x-xsrf-token': jsonOf(token).data.token,
      'content-type': 'application/json',
      'x-request-id': 'proxy-trace-login-7',
    },
    body: JSON.stringify({ email: 'nobody@example.com', password: 'not-the-password-1' }),
  });
  expect(response.status).toBe(401);
  expect((await lineOf('proxy-trace-login-7')).status).toBe(401);
  // The application's logger writes asynchronously: its line may come after the request's.
  await expect
    .poll(() => lines.find((l) => l.event === 'sign_in' && l.request_id === 'proxy-trace-login-7'))
    .toMatchObject({ outcome: 'failure', reason: 'invalid_credentials' });
});
