import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { jsonOf, rawRequest, scratchDatabase, startExtraServer, type RawResponse } from './support';

/**
 * Two production servers behind one PostgreSQL database and one Redis, as behind a load
 * balancer. Each keeps rendered pages in its own memory; a store change made through one must
 * reach the pages and the store lookup of the other at once (docs/decisions/0016). The pages go
 * through the page cache handler (scripts/page-cache-handler.mjs, 0190): the other instance hears
 * the expired tags from it over Redis; store-sync's message there drops only the store lookup.
 */
const POSTGRES_URL = process.env.E2E_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const REDIS_URL = process.env.E2E_REDIS_URL ?? 'redis://127.0.0.1:6379';
const BASE = Number(process.env.E2E_PORT ?? 3200) + 80;
const PORTS = [BASE, BASE + 1] as const;
const ADMIN = 'multi-instance-admin-token-0123456789';

let database: Awaited<ReturnType<typeof scratchDatabase>>;
const servers: ChildProcess[] = [];

function get(port: number, host: string, p: string): Promise<RawResponse> {
  return rawRequest(`GET ${p} HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`, port);
}

test.beforeAll(async () => {
  test.setTimeout(120_000);
  database = await scratchDatabase(POSTGRES_URL);
  // One after the other: the first migrates and seeds, the second finds it done.
  for (const port of PORTS) {
    const env = {
      PORT: String(port),
      DATABASE_URL: database.url,
      REDIS_URL,
      ADMIN_API_TOKEN: ADMIN,
    };
    servers.push(
      await startExtraServer({
        command: [process.execPath, path.resolve('scripts/serve.mjs')],
        port,
        env,
      }),
    );
  }
});

test.afterAll(async () => {
  for (const app of servers) app.kill('SIGTERM');
  await Promise.all(
    servers.map((app) => new Promise((r) => (app.exitCode !== null ? r(null) : app.on('exit', r)))),
  );
  await database?.drop();
});

test('a store changed through one instance shows its new page on the other at once', async () => {
  const [first, second] = PORTS;
  const banner = (r: RawResponse) => /<p class="[^"]*banner[^"]*">([^<]*)<\/p>/.exec(r.body)?.[1];

  // Both instances have rendered and cached the store's home page.
  for (const port of PORTS) {
    await get(port, 'acme.localhost', '/');
    await get(port, 'bytes.localhost', '/');
    const cached = await get(port, 'bytes.localhost', '/');
    expect(cached.headers, `instance on ${port}`).toMatch(/^cache-status: storefront; hit\r?$/im);
  }
  const before = banner(await get(second, 'bytes.localhost', '/'));
  const text = `Spring sale ${randomBytes(3).toString('hex')}`;
  expect(before).not.toBe(text);

  const body = JSON.stringify({ variables: { bannerText: text } });
  const change = await rawRequest(
    [
      'PATCH /api/admin/stores/bytes.localhost HTTP/1.1',
      'Host: bytes.localhost',
      `Authorization: Bearer ${ADMIN}`,
      'Content-Type: application/json',
      `Content-Length: ${Buffer.byteLength(body)}`,
      'Connection: close',
      '',
      body,
    ].join('\r\n'),
    first,
  );
  expect(change.status).toBe(200);

  // The other instance: its cached page and its store lookup both give way.
  await expect.poll(async () => banner(await get(second, 'bytes.localhost', '/'))).toBe(text);
  const store = jsonOf(await get(second, 'bytes.localhost', '/api/store'));
  expect(store.data.variables.bannerText).toBe(text);
  // Another store's page stays cached there.
  expect((await get(second, 'acme.localhost', '/')).headers).toMatch(
    /^cache-status: storefront; hit\r?$/im,
  );
});
