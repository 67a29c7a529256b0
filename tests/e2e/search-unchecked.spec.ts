import type { ChildProcess } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { rawRequest, startExtraServer, type RawResponse } from './support';

/**
 * A domain search's page is cached per query for a minute (docs/decisions/0111), but not when an
 * availability source failed: a page saying "Could not check" is kept 5 seconds, so the source
 * is asked again soon. A production server of its own, its availability from a local RDAP server
 * whose .org lookups of one name fail.
 */
const PORT = Number(process.env.E2E_PORT ?? 3200) + 90;
let rdap: Server;
let server: ChildProcess;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  rdap = createServer((req, res) => {
    const domain = /^\/domain\/([^/?]+)$/.exec(req.url ?? '')?.[1] ?? '';
    res.setHeader('content-type', 'application/rdap+json');
    // The .org lookup of a name starting "flaky" fails; everything else is free (404: no such
    // registration).
    res.statusCode = domain.startsWith('flaky') && domain.endsWith('.org') ? 503 : 404;
    res.end(JSON.stringify({ errorCode: res.statusCode, title: 'not found' }));
  });
  await new Promise<void>((resolve) => rdap.listen(0, '127.0.0.1', resolve));
  server = await startExtraServer({
    command: [process.execPath, path.resolve('scripts/serve.mjs')],
    port: PORT,
    host: 'nameport.localhost',
    env: {
      PORT: String(PORT),
      DATABASE_URL: 'pglite:memory',
      AVAILABILITY_PROVIDER: 'rdap',
      RDAP_BASE_URL: `http://127.0.0.1:${(rdap.address() as AddressInfo).port}/`,
    },
  });
});

test.afterAll(async () => {
  if (server) {
    server.kill('SIGTERM');
    await new Promise((r) => (server.exitCode !== null ? r(null) : server.on('exit', r)));
  }
  await new Promise((r) => rdap?.close(r));
});

const get = (p: string): Promise<RawResponse> =>
  rawRequest(`GET ${p} HTTP/1.1\r\nHost: nameport.localhost\r\nConnection: close\r\n\r\n`, PORT);
const lifeOf = (r: RawResponse) => /^cache-control: s-maxage=(\d+)/im.exec(r.headers)?.[1];
const statusOf = (r: RawResponse, domain: string) =>
  new RegExp(
    `data-domain="${domain.replace('.', '\\.')}"[\\s\\S]*?(Available|Could not check)`,
  ).exec(r.body)?.[1];

test('a search page with a name it could not check is kept 5 seconds, a fully checked one a minute', async () => {
  const unchecked = await get('/domains/search?q=flakysource.org');
  expect(unchecked.status).toBe(200);
  expect(statusOf(unchecked, 'flakysource.org')).toBe('Could not check');
  expect(statusOf(unchecked, 'flakysource.com')).toBe('Available');
  expect(lifeOf(unchecked)).toBe('5');

  const checked = await get('/domains/search?q=steadysource.org');
  expect(statusOf(checked, 'steadysource.org')).toBe('Available');
  expect(checked.body).not.toContain('Could not check');
  expect(lifeOf(checked)).toBe('60');
});
