import { createHash } from 'node:crypto';
import {
  createServer,
  request,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http';
import type { AddressInfo } from 'node:net';
import onHeaders from 'on-headers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOOT_SCRIPT } from '@/features/pricing/vat-display';
import PageCacheHandler from '../../scripts/page-cache-handler.mjs';
import { withPageContext } from '../../scripts/page-context.mjs';
import { PAINT_FIRST_LOADER, PAINT_FIRST_LOADER_HASH } from '../../scripts/paint-first.mjs';
import {
  createSecurityHeaders,
  hstsValue,
  inlineScriptHashes,
  outsideOrigins,
  pagePolicy,
  BOOT_HASH,
} from '../../scripts/security-headers.mjs';

const hashOf = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
const FLIGHT = 'self.__next_f.push([1,"a £ page"])';

/** A page as Next 16 writes it, rendered with `nonce` (the cached ones keep their render's). */
const pageText = (nonce: string) =>
  '<!DOCTYPE html><html lang="en"><head><meta charSet="utf-8"/>' +
  `<link rel="preload" as="script" fetchPriority="low" nonce="${nonce}" href="/_next/static/chunks/b.js"/>` +
  `<script src="/_next/static/chunks/a.js" async="" nonce="${nonce}"></script>` +
  '<link rel="preload" href="/brands/acme/logo.svg" as="image"/>' +
  `<link rel="preload" href="https://accounts.google.com/gsi/client" as="script" nonce="${nonce}"/>` +
  `<script src="/_next/static/chunks/b.js" nonce="${nonce}" async=""></script>` +
  `<script>${BOOT_SCRIPT}</script></head><body><h1>Prices in £</h1>` +
  '<script type="application/ld+json">{"@type":"Organization"}</script>' +
  `<script nonce="${nonce}">${FLIGHT}</script></body></html>`;

/** The policy's script sources, without 'strict-dynamic'. */
function scriptSources(policy: string | string[] | undefined) {
  if (Array.isArray(policy)) throw new Error('one policy expected');
  const directive = policy?.split('; ').find((d) => d.startsWith('script-src '));
  return directive?.split(' ').slice(2).sort();
}

describe('inline script hashes', () => {
  it('hash the scripts a browser runs, once each, and leave data blocks and external scripts out', () => {
    const html = Buffer.from(
      '<script>a()</script><script id="x" type="text/javascript">b()</script>' +
        '<script src="/c.js"></script><script type="application/ld+json">{}</script>' +
        '<script type="text/x-paint-first" data-paint-first="/d.js"></script>' +
        '<scripts>not a script</scripts><script>a()</script><script type="module">é()</script>',
    );
    expect(inlineScriptHashes(html)).toEqual([hashOf('a()'), hashOf('b()'), hashOf('é()')]);
  });

  it("name the root layout's boot script as it is today", () => {
    expect(BOOT_HASH).toBe(hashOf(BOOT_SCRIPT));
  });
});

describe('a page policy', () => {
  const origins = outsideOrigins({});
  const scripts = [hashOf('a()')];

  it("lets only the scripts it names start others ('strict-dynamic')", () => {
    const policy = pagePolicy({ scripts, frameAncestors: "'none'", origins });
    expect(policy).toContain(`script-src 'strict-dynamic' ${hashOf('a()')};`);
    expect(policy).not.toContain("script-src 'self'");
  });

  it("loads a page's chunks as the site's own when no loader starts them (PAINT_FIRST=off)", () => {
    const policy = pagePolicy({ scripts, frameAncestors: "'none'", origins, strictDynamic: false });
    expect(policy).toContain(`script-src 'self' ${hashOf('a()')};`);
    expect(policy).not.toContain('strict-dynamic');
  });
});

describe('security headers on the way out of the server', () => {
  let server: Server;
  let port: number;
  /** The nonce each request's render saw, as Next reads it. */
  const seen: (string | undefined)[] = [];
  /** The render of /popular in progress, which requests arriving meanwhile wait for. */
  let rendering: Promise<string> | null = null;
  /** The cache lookup of /popular-cached in progress, likewise. */
  let lookingUp: Promise<{ value: { html: string } }> | null = null;
  const popularKey = `/security-headers.test/popular/${Date.now()}`;
  // A key of this test's own in the process's page cache.
  const cacheKey = `/security-headers.test/${Date.now()}`;
  const routes: Record<string, (req: IncomingMessage, res: ServerResponse) => void> = {
    // A page of Next's page cache, as Next serves one: looked up through the cache handler, and
    // on a miss rendered (with this request's nonce) and kept; sent whole.
    '/': async (req, res) => {
      const handler = new PageCacheHandler();
      const cached = (await handler.get(cacheKey)) as { value: { html: string } } | null;
      let html = cached?.value.html;
      if (html === undefined) {
        const nonce = /'nonce-([^']+)'/.exec(String(req.headers['content-security-policy']))?.[1];
        html = pageText(nonce ?? '');
        await handler.set(cacheKey, { kind: 'APP_PAGE', html, headers: {}, status: 200 });
      }
      res.setHeader('content-type', 'text/html; charset=utf-8');
      res.setHeader('x-nextjs-cache', cached ? 'HIT' : 'MISS');
      res.end(html);
    },
    // A page not in the cache that several visitors ask for at once: Next renders it once, with
    // the first request's nonce, and hands that same HTML to every request waiting for it.
    '/popular': async (req, res) => {
      if (!rendering) {
        const nonce = /'nonce-([^']+)'/.exec(String(req.headers['content-security-policy']))?.[1];
        rendering = new Promise((resolve) => setTimeout(() => resolve(pageText(nonce ?? '')), 100));
      }
      const waiting = rendering;
      const html = await waiting;
      if (rendering === waiting) rendering = null;
      res.setHeader('content-type', 'text/html; charset=utf-8');
      res.setHeader('x-nextjs-cache', 'MISS');
      res.end(html);
    },
    // A cached page several visitors ask for at once: Next looks it up once, inside the first
    // request, and hands every request waiting for it the page it found.
    '/popular-cached': async (_req, res) => {
      lookingUp ??= new Promise((resolve) => setTimeout(resolve, 50)).then(
        () => new PageCacheHandler().get(popularKey) as Promise<{ value: { html: string } }>,
      );
      const waiting = lookingUp;
      const entry = await waiting;
      if (lookingUp === waiting) lookingUp = null;
      res.setHeader('content-type', 'text/html; charset=utf-8');
      res.setHeader('x-nextjs-cache', 'HIT');
      res.end(entry.value.html);
    },
    // A page rendered per request: streamed with the request's nonce.
    '/dashboard': (req, res) => {
      const nonce = /'nonce-([^']+)'/.exec(String(req.headers['content-security-policy']))?.[1];
      seen.push(nonce);
      res.setHeader('content-type', 'text/html; charset=utf-8');
      res.flushHeaders();
      const text = pageText(nonce ?? '');
      res.write(text.slice(0, 120));
      res.end(text.slice(120));
    },
    // Next's answer to a browser that holds the page: no type, no body.
    '/held': (_req, res) => {
      res.statusCode = 304;
      res.setHeader('etag', '"abc"');
      res.end();
    },
    '/api/store': (_req, res) => {
      res.setHeader('content-type', 'application/json');
      res.end('{"data":{}}');
    },
    '/admin/preview/theme': (_req, res) => {
      res.setHeader('content-type', 'text/html; charset=utf-8');
      res.end('<!DOCTYPE html><html><head></head><body>preview</body></html>');
    },
    '/store-snippet': (_req, res) => {
      res.setHeader('content-type', 'text/html; charset=utf-8');
      res.setHeader('content-security-policy', "default-src 'none'");
      res.end('<!DOCTYPE html><html><head></head><body><p>snippet</p></body></html>');
    },
  };

  beforeAll(async () => {
    const security = createSecurityHeaders({
      env: { GOOGLE_CLIENT_ID: 'x.apps.googleusercontent.com' },
      loaderHash: PAINT_FIRST_LOADER_HASH,
    });
    // As scripts/serve.mjs puts them together.
    server = createServer((req, res) => {
      const shared = security.prepare(req, res);
      withPageContext((page) => {
        onHeaders(res, function beforeHeaders() {
          const verdict = this.getHeader('x-nextjs-cache');
          security.apply(req, this, {
            nonce: shared?.nonce ?? null,
            scriptHashes: page.scriptHashes,
            cached: verdict === 'HIT' || verdict === 'STALE',
          });
        });
        routes[(req.url ?? '').split('?')[0]!]!(req, res);
      }, shared ?? undefined);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const get = (path: string, headers: Record<string, string> = {}) =>
    new Promise<{ status: number; headers: IncomingMessage['headers']; body: string }>(
      (resolve, reject) => {
        const req = request({ port, path, headers }, (res) => {
          let body = '';
          res.setEncoding('utf8');
          res.on('data', (d) => (body += d));
          res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body }));
        });
        req.on('error', reject);
        req.end();
      },
    );

  it('a cached page runs its own inline scripts by hash, and no nonce', async () => {
    // The render that makes the page runs by its own nonce, and is sent as Next wrote it.
    const made = await get('/');
    const maker = /'nonce-([^']+)'/.exec(String(made.headers['content-security-policy']))?.[1];
    expect(made.body).toContain(
      `<script src="/_next/static/chunks/a.js" async="" nonce="${maker}">`,
    );
    expect(scriptSources(made.headers['content-security-policy'])).toEqual(
      [`'nonce-${maker}'`, PAINT_FIRST_LOADER_HASH, BOOT_HASH].sort(),
    );
    // From then on it is the cached page: the same policy for every visitor, with no nonce that
    // a shared cache in front would hand to them all.
    const first = await get('/');
    const loader = PAINT_FIRST_LOADER.slice('<script>'.length, -'</script>'.length);
    expect(scriptSources(first.headers['content-security-policy'])).toEqual(
      [hashOf(loader), hashOf(BOOT_SCRIPT), hashOf(FLIGHT)].sort(),
    );
    expect((await get('/')).headers['content-security-policy']).toBe(
      first.headers['content-security-policy'],
    );
    expect(first.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    // The chunk the render gave its nonce loads through the loader, which the hash lets run.
    expect(first.body).not.toContain('<script src=');
    // Preloads would be refused for their old nonce; the scripts come through the page's code.
    expect(first.body).not.toContain('as="script"');
    expect(first.body).toContain('<link rel="preload" href="/brands/acme/logo.svg" as="image"/>');
    expect(first.body).toContain('data-paint-first="/_next/static/chunks/a.js"');
    expect(first.body).toContain('data-paint-first="/_next/static/chunks/b.js"');
  });

  it('gives requests for one page that overlap one nonce: the HTML rendered once for them runs', async () => {
    const answers = await Promise.all([get('/popular'), get('/popular'), get('/popular')]);
    const nonces = answers.map((a) => {
      const written = /nonce="([^"]+)"/.exec(a.body)?.[1];
      expect(a.headers['content-security-policy']).toContain(`'nonce-${written}'`);
      return written;
    });
    expect(new Set(nonces).size).toBe(1);
    // Once they are answered, the next request for it draws a nonce of its own.
    const later = await get('/popular');
    expect(later.headers['content-security-policy']).not.toContain(`'nonce-${nonces[0]}'`);
    expect(later.body).not.toContain(`nonce="${nonces[0]}"`);
  });

  it('lets every request for a cached page looked up once run its scripts by hash', async () => {
    await new PageCacheHandler().set(popularKey, {
      kind: 'APP_PAGE',
      html: pageText('an-earlier-render'),
      headers: {},
      status: 200,
    });
    const answers = await Promise.all([1, 2, 3].map(() => get('/popular-cached')));
    for (const answer of answers) {
      expect(answer.body).toContain(FLIGHT);
      expect(scriptSources(answer.headers['content-security-policy'])).toContain(hashOf(FLIGHT));
      expect(answer.headers['content-security-policy']).not.toContain("'nonce-");
    }
  });

  it('a 304 names no policy, so the browser keeps the one of the page it holds', async () => {
    const held = await get('/held', { 'if-none-match': '"abc"' });
    expect(held.status).toBe(304);
    expect(held.headers['content-security-policy']).toBeUndefined();
    expect(held.headers['x-content-type-options']).toBe('nosniff');
  });

  it("a page rendered per request runs the scripts given this request's nonce", async () => {
    const one = await get('/dashboard', { 'content-security-policy': "script-src 'nonce-mine'" });
    const two = await get('/dashboard');
    const [a, b] = seen.slice(-2);
    expect(a).toMatch(/^[A-Za-z0-9+/]{22}==$/);
    expect(b).not.toBe(a);
    expect(scriptSources(one.headers['content-security-policy'])).toEqual(
      [`'nonce-${a}'`, PAINT_FIRST_LOADER_HASH, BOOT_HASH].sort(),
    );
    expect(two.headers['content-security-policy']).toContain(`'nonce-${b}'`);
    expect(one.headers['content-security-policy']).toMatch(
      /frame-src [^;]*https:\/\/accounts\.google\.com\/gsi\//,
    );
  });

  it('every answer refuses frames, sniffing and full referrers', async () => {
    for (const path of ['/', '/dashboard', '/api/store', '/store-snippet']) {
      const { headers } = await get(path);
      expect(headers['x-frame-options'], path).toBe('DENY');
      expect(headers['x-content-type-options'], path).toBe('nosniff');
      expect(headers['referrer-policy'], path).toBe('strict-origin-when-cross-origin');
    }
    expect((await get('/api/store')).headers['content-security-policy']).toBe(
      "default-src 'none'; frame-ancestors 'none'",
    );
    // A document with a policy of its own keeps it, and is left as it was written.
    const snippet = await get('/store-snippet');
    expect(snippet.headers['content-security-policy']).toBe("default-src 'none'");
    expect(snippet.body).toBe(
      '<!DOCTYPE html><html><head></head><body><p>snippet</p></body></html>',
    );
  });

  it('HSTS only on answers that came over HTTPS, a year, without preload', async () => {
    // The server passes on the trusted X-Forwarded-Proto (scripts/serve.mjs), as this test's does.
    for (const path of ['/', '/dashboard', '/api/store']) {
      const secure = await get(path, { 'x-forwarded-proto': 'https' });
      expect(secure.headers['strict-transport-security'], path).toBe('max-age=31536000');
      const plain = await get(path, { 'x-forwarded-proto': 'http' });
      expect(plain.headers['strict-transport-security'], path).toBeUndefined();
    }
    expect(hstsValue({ HSTS_MAX_AGE: '600' })).toBe('max-age=600');
    expect(hstsValue({ HSTS_MAX_AGE: '0' })).toBeNull();
    for (const bad of ['-1', '1e9', 'a year', '63072001'])
      expect(() => hstsValue({ HSTS_MAX_AGE: bad }), bad).toThrow(/HSTS_MAX_AGE/);
  });

  it("the theme preview may be framed by the store's own pages only", async () => {
    const { headers } = await get('/admin/preview/theme');
    expect(headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(headers['content-security-policy']).toContain("frame-ancestors 'self'");
  });
});
