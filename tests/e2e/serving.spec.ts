import { request as httpRequest } from 'node:http';
import { gunzipSync } from 'node:zlib';
import { expect, test } from '@playwright/test';
import { COMPILE_HINT } from '../../scripts/compile-hints.mjs';
import { PAINT_FIRST_LOADER } from '../../scripts/paint-first.mjs';
import { PORT, request, visit } from './support';

/**
 * What the production server and its page cache do to Next's answers, checked on the production
 * build: a change in Next's output must fail here rather than silently turn the rewrite off.
 * Compression and entity tags are Next's own (docs/decisions/0264).
 */

type Answer = {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  wire: Buffer;
};

/** One GET with the given host and headers; the body exactly as it came over the wire. */
function get(host: string, path: string, headers: Record<string, string> = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      { host: '127.0.0.1', port: PORT, path, headers: { host, ...headers }, agent: false },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            wire: Buffer.concat(chunks),
          }),
        );
      },
    );
    req.on('error', reject);
    req.end();
  });
}

/** A cached page as it is sent (scripts/page-cache-handler.mjs): every chunk waits for the first paint. */
function expectRewritten(html: string) {
  expect(html.split(PAINT_FIRST_LOADER)).toHaveLength(2);
  expect(html).toContain(`${PAINT_FIRST_LOADER}</head>`);
  const placeholders = html.match(
    /<script type="text\/x-paint-first" data-paint-first="\/_next\/static\/[^"]+\.js"><\/script>/g,
  );
  expect(placeholders?.length ?? 0).toBeGreaterThan(3);
  expect(html).not.toMatch(/<script src="\/_next\/static\/[^"]+" async="">/);
  expect(html).not.toMatch(/<link rel="preload" as="script"[^>]*href="\/_next\/static\//);
}

test('a cached page is served rewritten, and compressed by Next in gzip', async () => {
  const path = `/domains/pricing`;
  // The first answer renders and keeps the page; the second is Next's cached page.
  await get('harbor.localhost', path, { 'accept-encoding': 'gzip' });
  const answer = await get('harbor.localhost', path, { 'accept-encoding': 'br, gzip' });
  expect(answer.status).toBe(200);
  expect(answer.headers['content-encoding']).toBe('gzip');
  expect(answer.headers.vary).toMatch(/accept-encoding/i);
  expect(answer.headers['cache-status']).toMatch(/^storefront; hit/);
  const html = gunzipSync(answer.wire).toString('utf8');
  expectRewritten(html);
  expect(html).toContain('Harbor Telecom');
});

test('a cached page without compression is rewritten and has its exact length', async () => {
  await get('ringo.localhost', '/');
  const answer = await get('ringo.localhost', '/');
  expect(answer.headers['content-encoding']).toBeUndefined();
  expect(Number(answer.headers['content-length'])).toBe(answer.wire.length);
  expectRewritten(answer.wire.toString('utf8'));
});

test('a cached page carries one entity tag, and a browser that holds the page is answered 304', async () => {
  await get('ringo.localhost', '/plans');
  const page = await get('ringo.localhost', '/plans', { 'accept-encoding': 'gzip' });
  const etag = String(page.headers.etag);
  // Next's own tag (generateEtags), of the page as it is sent: the same in every encoding.
  expect(etag).toMatch(/^"[0-9a-z]+"$/);
  expect((await get('ringo.localhost', '/plans')).headers.etag).toBe(etag);
  const again = await get('ringo.localhost', '/plans', {
    'accept-encoding': 'gzip',
    'if-none-match': etag,
  });
  expect(again.status).toBe(304);
  expect(again.wire.length).toBe(0);
  const other = await get('ringo.localhost', '/plans', { 'if-none-match': '"not-this-page"' });
  expect(other.status).toBe(200);
  expectRewritten(other.wire.toString('utf8'));
});

/** Headers that belong to Next's insides or to the conversation between the app and serve.mjs. */
const INTERNAL = /^(x-middleware-|x-nextjs-|x-storefront-)/;

test('pages, files and API answers carry no internal header and not the rewrite path', async () => {
  const answers = [
    await get('acme.localhost', '/'),
    await get('acme.localhost', '/'),
    await get('acme.localhost', '/domains/pricing', { 'accept-encoding': 'gzip' }),
    await get('acme.localhost', '/no-such-page'),
    await get('acme.localhost', '/robots.txt'),
    await get('acme.localhost', '/sitemap.xml'),
    await get('acme.localhost', '/api/store'),
    await get('acme.localhost', '/api/nothing'),
    await get('nostore.localhost', '/'),
    await get('acme.localhost', '/check-health'),
  ];
  for (const answer of answers) {
    const names = Object.keys(answer.headers);
    expect(names.filter((n) => INTERNAL.test(n))).toEqual([]);
    expect(JSON.stringify(answer.headers)).not.toContain('acme.localhost/');
  }
  // The second home page came from Next's page cache, and says so in the standard header.
  expect(answers[1]!.headers['cache-status']).toBe('storefront; hit');
});

test("client-side navigation works, its flight answers carry only what Next's router reads", async ({
  page,
}) => {
  const flight: Record<string, string>[] = [];
  // Read as the answer arrives: a handler that awaited could still be waiting when the test ends
  // and the page closes (a late prefetch), and fail the test for it. `headers()` leaves out only
  // cookie and security headers, which this test does not look at.
  page.on('response', (response) => {
    const headers = response.headers();
    if (headers['content-type']?.startsWith('text/x-component')) flight.push(headers);
  });
  await visit(page, `http://acme.localhost:${PORT}/`);
  await page.evaluate(() => ((window as unknown as { marker: number }).marker = 1));
  await page.getByRole('link', { name: 'All prices, including renewal and transfer' }).click();
  await expect(page).toHaveURL(`http://acme.localhost:${PORT}/domains/pricing`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(1);
  expect(flight.length).toBeGreaterThan(0);
  for (const headers of flight) {
    expect(Object.keys(headers).filter((n) => /^(x-middleware-|x-storefront-)/.test(n))).toEqual(
      [],
    );
  }
});

test('every answer carries a request id; a client-sent one is not trusted without a proxy', async () => {
  const ids = new Set<string>();
  for (const path of ['/', '/api/store', '/api/%ff', '/check-health']) {
    const answer = await request({ path, headers: { 'x-request-id': 'client-made-id-0001' } });
    const id = /^x-request-id: (.+)$/im.exec(answer.headers)?.[1]?.trim();
    expect(id, path).toMatch(/^[0-9a-f-]{36}$/);
    ids.add(id!);
  }
  expect(ids.size).toBe(4);
});

test('every script a page runs starts with V8 compile hint, and links do not prefetch', async ({
  page,
}) => {
  // docs/decisions/0114: Chrome compiles a hinted chunk on a background thread while it streams
  // in; and a store link's prefetch would bring no content, only a request and a long task.
  const scripts: Promise<string>[] = [];
  const flight: string[] = [];
  page.on('response', (response) => {
    const url = response.url();
    if (/\/_next\/static\/chunks\/.+\.js$/.test(url)) scripts.push(response.text());
    if (url.includes('_rsc=') || response.request().headers()['rsc'] === '1') flight.push(url);
  });
  await visit(page, `http://nameport.localhost:${PORT}/`);
  // The header's and the home page's links are on screen: once the page's network has settled,
  // a prefetch would have been among its requests.
  await page.waitForLoadState('networkidle');
  const bodies = await Promise.all(scripts);
  expect(bodies.length).toBeGreaterThan(3);
  for (const body of bodies) expect(body.startsWith(COMPILE_HINT)).toBe(true);
  expect(flight).toEqual([]);
});
