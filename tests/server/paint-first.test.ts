import {
  createServer,
  request,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http';
import type { AddressInfo } from 'node:net';
import { readFileSync } from 'node:fs';
import vm from 'node:vm';
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';
import compression from 'compression';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PageBytes } from '../../scripts/page-bytes.mjs';
import {
  inlineLoader,
  PAINT_FIRST_LOADER,
  PaintFirstRewriter,
  paintFirst,
  rewritePage,
} from '../../scripts/paint-first.mjs';

// The shape of a page as Next 16 writes it: a preload and async chunk scripts in <head>, the
// bootstrap chunk in <body>, inline flight data that mentions the same chunks in escaped JSON.
const PAGE =
  '<!DOCTYPE html><html lang="en"><head><meta charSet="utf-8"/>' +
  '<link rel="preload" as="script" fetchPriority="low" href="/_next/static/chunks/boot.js"/>' +
  '<script src="/_next/static/chunks/a.js" async=""></script>' +
  '<script src="/_next/static/chunks/b-é.js" async=""></script>' +
  '<title>Nameport — £ prices</title>' +
  '<script src="/_next/static/chunks/legacy.js" noModule=""></script></head>' +
  '<body><h1>Find your domain</h1><p>Prices in £ and €</p>' +
  '<script src="/_next/static/chunks/boot.js" async=""></script>' +
  '<script src="https://tags.example/gtm.js" async=""></script>' +
  '<script>self.__next_f.push([1,"[\\"$\\",\\"script\\",\\"s\\",{\\"src\\":\\"/_next/static/chunks/a.js\\",\\"async\\":true}]"])</script>' +
  '</body></html>';

const placeholder = (src: string) =>
  `<script type="text/x-paint-first" data-paint-first="${src}"></script>`;

function expectRewritten(html: string) {
  expect(html).toContain(placeholder('/_next/static/chunks/a.js'));
  expect(html).toContain(placeholder('/_next/static/chunks/b-é.js'));
  expect(html).toContain(placeholder('/_next/static/chunks/boot.js'));
  expect(html).not.toContain('rel="preload" as="script"');
  expect(html).not.toMatch(/<script src="\/_next\/static\/[^"]+" async="">/);
  // Other scripts are left alone: the legacy bundle, third-party tags, the flight data.
  expect(html).toContain('<script src="/_next/static/chunks/legacy.js" noModule=""></script>');
  expect(html).toContain('<script src="https://tags.example/gtm.js" async=""></script>');
  expect(html).toContain('\\"src\\":\\"/_next/static/chunks/a.js\\",\\"async\\":true');
  // The loader comes once, at the end of <head>; the text is otherwise unchanged.
  expect(html.split(PAINT_FIRST_LOADER)).toHaveLength(2);
  expect(html).toContain(`${PAINT_FIRST_LOADER}</head>`);
  expect(html).toContain('<title>Nameport — £ prices</title>');
  expect(html).toContain('<p>Prices in £ and €</p>');
}

describe('PaintFirstRewriter', () => {
  const rewriteWhole = (page: string) => {
    const r = new PaintFirstRewriter();
    return Buffer.concat([r.push(Buffer.from(page)), r.flush()]).toString('utf8');
  };

  it('rewrites a page given in one piece', () => {
    expectRewritten(rewriteWhole(PAGE));
  });

  it('gives the same page whatever the chunk boundaries, even inside a character', () => {
    const bytes = Buffer.from(PAGE);
    const whole = rewriteWhole(PAGE);
    for (const size of [1, 2, 3, 7, 16, 61, 200]) {
      const r = new PaintFirstRewriter();
      const out: Buffer[] = [];
      for (let i = 0; i < bytes.length; i += size) out.push(r.push(bytes.subarray(i, i + size)));
      out.push(r.flush());
      expect(Buffer.concat(out).toString('utf8'), `chunks of ${size} bytes`).toBe(whole);
    }
  });

  it('leaves a page without Next chunks as it was, apart from the loader', () => {
    const page = '<html><head><title>x</title></head><body>Hello</body></html>';
    expect(rewriteWhole(page)).toBe(
      `<html><head><title>x</title>${PAINT_FIRST_LOADER}</head><body>Hello</body></html>`,
    );
  });

  it('ships a loader that is valid JavaScript', () => {
    const source = PAINT_FIRST_LOADER.replace(/^<script>/, '').replace(/<\/script>$/, '');
    expect(() => new vm.Script(source)).not.toThrow();
  });

  it('inlines the loader file without its comment lines and indentation', () => {
    const file = readFileSync(
      new URL('../../scripts/paint-first-loader.js', import.meta.url),
      'utf8',
    );
    expect(file).toContain('// ');
    expect(PAINT_FIRST_LOADER).not.toMatch(/^\s*\/\//m);
    expect(PAINT_FIRST_LOADER).not.toMatch(/^[ \t]/m);
    expect(PAINT_FIRST_LOADER).toContain("querySelectorAll('script[data-paint-first]')");
    expect(inlineLoader('  // why\n  a();\n\n  b();\n')).toBe('<script>a();\nb();</script>');
  });

  it('refuses a loader that would end its script element early', () => {
    expect(() => inlineLoader('var s = "</script>";')).toThrow();
    expect(() => inlineLoader('var s = "<!--";')).toThrow();
  });
});

describe('paintFirst on a real HTTP server, with compression after it', () => {
  let server: Server;
  let port: number;
  // What the cached page says now: a store change makes Next render a new text.
  let cachedPage = PAGE;
  let cachedCacheControl = 's-maxage=3600, stale-while-revalidate=31532400';

  const routes: Record<string, (res: ServerResponse) => void> = {
    // How Next sends a cached page: Content-Length, then the body in one end().
    '/whole': (res) => {
      res.setHeader('content-type', 'text/html; charset=utf-8');
      res.setHeader('content-length', Buffer.byteLength(PAGE));
      res.end(PAGE);
    },
    // How Next streams a page it is rendering: many writes, then end().
    '/streamed': (res) => {
      res.setHeader('content-type', 'text/html; charset=utf-8');
      const bytes = Buffer.from(PAGE);
      for (let i = 0; i < bytes.length; i += 50) res.write(bytes.subarray(i, i + 50));
      res.end();
    },
    // How Next streams a page it renders per request: headers flushed first, then many writes.
    '/streamed-early': (res) => {
      res.setHeader('content-type', 'text/html; charset=utf-8');
      res.flushHeaders();
      const bytes = Buffer.from(PAGE);
      for (let i = 0; i < bytes.length; i += 50) res.write(bytes.subarray(i, i + 50));
      res.end();
    },
    // Headers flushed with a length: decided just before they go out, the length is dropped.
    '/committed': (res) => {
      res.setHeader('content-type', 'text/html; charset=utf-8');
      res.setHeader('content-length', Buffer.byteLength(PAGE));
      res.flushHeaders();
      res.end(PAGE);
    },
    // How Next sends a page from its page cache: marked, with a length, in one end().
    '/cached': (res) => {
      res.setHeader('content-type', 'text/html; charset=utf-8');
      res.setHeader('x-nextjs-cache', 'HIT');
      res.setHeader('cache-control', cachedCacheControl);
      res.setHeader('content-length', Buffer.byteLength(cachedPage));
      res.end(cachedPage);
    },
    '/not-modified': (res) => {
      res.statusCode = 304;
      res.setHeader('content-type', 'text/html; charset=utf-8');
      res.end();
    },
    '/json': (res) => {
      const body = JSON.stringify({ html: PAGE });
      res.setHeader('content-type', 'application/json');
      res.setHeader('content-length', Buffer.byteLength(body));
      res.end(body);
    },
  };

  beforeAll(async () => {
    // compression's types are Express's; at run time it takes Node's own request and response.
    const compress = compression() as unknown as (
      req: IncomingMessage,
      res: ServerResponse,
      next: () => void,
    ) => void;
    const pages = new PageBytes({ transform: rewritePage });
    // /plain/…: the same routes served as with PAINT_FIRST=off (bench/lighthouse-sweep.mjs
    // --compare), which measures what the rewrite wins.
    const plainPages = new PageBytes({ transform: (bytes) => bytes });
    server = createServer((req, res) => {
      compress(req, res, () => {
        const plain = req.url?.startsWith('/plain/');
        if (plain) paintFirst(req, res, plainPages, { rewrite: false });
        else paintFirst(req, res, pages);
        routes[plain ? req.url!.slice('/plain'.length) : (req.url ?? '')]!(res);
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const decode: Record<string, (raw: Buffer) => Buffer> = {
    gzip: gunzipSync,
    br: brotliDecompressSync,
    deflate: inflateSync,
  };

  function get(path: string, encoding: string, method = 'GET', more: Record<string, string> = {}) {
    return new Promise<{
      status: number;
      headers: Record<string, unknown>;
      body: string;
      wire: number;
    }>((resolve, reject) => {
      const req = request(
        {
          host: '127.0.0.1',
          port,
          path,
          method,
          headers: { 'accept-encoding': encoding, ...more },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => {
            const raw = Buffer.concat(chunks);
            const decoder = decode[String(res.headers['content-encoding'])];
            resolve({
              status: res.statusCode ?? 0,
              headers: res.headers,
              body: (decoder ? decoder(raw) : raw).toString('utf8'),
              wire: raw.length,
            });
          });
        },
      );
      req.on('error', reject);
      req.end();
    });
  }

  it('sends a cached page rewritten, with an exact length, when the client takes no encoding', async () => {
    const { headers, body } = await get('/cached', 'identity');
    expect(headers['content-encoding']).toBeUndefined();
    expect(Number(headers['content-length'])).toBe(Buffer.byteLength(body));
    expectRewritten(body);
  });

  it.each(['br', 'gzip'])(
    'sends a cached page in %s, rewritten, with Vary, the same page each time',
    async (encoding) => {
      const first = await get('/cached', `${encoding}, deflate`);
      expect(first.headers['content-encoding']).toBe(encoding);
      expectRewritten(first.body);
      const { headers, body } = await get('/cached', `${encoding}, deflate`);
      expect(headers['content-encoding']).toBe(encoding);
      expect(String(headers.vary)).toMatch(/accept-encoding/i);
      expect(body).toBe(first.body);
    },
  );

  it('leaves other encodings and no-transform pages to the usual path', async () => {
    const deflated = await get('/cached', 'deflate');
    expect(deflated.headers['content-encoding']).toBe('deflate');
    expectRewritten(deflated.body);
    cachedCacheControl = 'public, max-age=60, no-transform';
    try {
      const { headers, body } = await get('/cached', 'br, gzip');
      expect(headers['content-encoding']).toBeUndefined();
      expectRewritten(body);
    } finally {
      cachedCacheControl = 's-maxage=3600, stale-while-revalidate=31532400';
    }
  });

  it('sends the new page at once when the cached text changes', async () => {
    await get('/cached', 'br');
    cachedPage = PAGE.replace('Find your domain', 'Find a new domain');
    try {
      const plain = await get('/cached', 'identity');
      expect(plain.body).toContain('Find a new domain');
      expectRewritten(plain.body);
      const compressed = await get('/cached', 'br');
      expect(compressed.body).toBe(plain.body);
    } finally {
      cachedPage = PAGE;
    }
  });

  it('tags a cached page and answers 304 with no body to a client that holds it', async () => {
    const first = await get('/cached', 'gzip');
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"[\w-]{27}"$/);
    // The same tag in every encoding: it names the page, whichever way it travels.
    expect((await get('/cached', 'identity')).headers.etag).toBe(etag);
    for (const held of [etag, `W/${etag}`, `"other", ${etag}`, '*']) {
      const again = await get('/cached', 'gzip', 'GET', { 'if-none-match': held });
      expect(again.status, held).toBe(304);
      expect(again.body).toBe('');
      expect(again.headers.etag).toBe(etag);
    }
    // A stale tag, or a client that asks past its cache, gets the page.
    const stale = await get('/cached', 'gzip', 'GET', { 'if-none-match': '"other"' });
    expect(stale.status).toBe(200);
    expectRewritten(stale.body);
    const reload = await get('/cached', 'gzip', 'GET', {
      'if-none-match': etag,
      'cache-control': 'no-cache',
    });
    expect(reload.status).toBe(200);
    expectRewritten(reload.body);
    // A new text of the page is a new tag, so the client's copy is not taken for it.
    cachedPage = PAGE.replace('Find your domain', 'Find a new domain');
    try {
      const changed = await get('/cached', 'gzip', 'GET', { 'if-none-match': etag });
      expect(changed.status).toBe(200);
      expect(changed.body).toContain('Find a new domain');
      expect(changed.headers.etag).not.toBe(etag);
    } finally {
      cachedPage = PAGE;
    }
  });

  it.each(['/whole', '/streamed'])('rewrites %s, compressed', async (path) => {
    const { headers, body } = await get(path, 'gzip');
    expect(headers['content-encoding']).toBe('gzip');
    expectRewritten(body);
  });

  // The per-request pages' case: compression sets Content-Encoding as the flushed
  // headers go out, which must not stop the rewrite it comes after.
  it.each(['br', 'gzip', 'identity'])(
    'rewrites a streamed page whose headers are flushed first, in %s',
    async (encoding) => {
      const { headers, body } = await get('/streamed-early', encoding);
      expect(headers['content-encoding']).toBe(encoding === 'identity' ? undefined : encoding);
      expectRewritten(body);
    },
  );

  it('keeps an exact Content-Length on an uncompressed page sent whole', async () => {
    const { headers, body } = await get('/whole', 'identity');
    expect(headers['content-encoding']).toBeUndefined();
    expect(Number(headers['content-length'])).toBe(Buffer.byteLength(body));
    expectRewritten(body);
  });

  it('rewrites a page flushed with a length, and drops the length the rewrite would break', async () => {
    const { headers, body } = await get('/committed', 'identity');
    expect(headers['content-length']).toBeUndefined();
    expectRewritten(body);
  });

  it.each(['/cached', '/whole', '/streamed-early'])(
    'sends %s as Next wrote it when the rewrite is off, tagged when cached',
    async (path) => {
      for (const encoding of ['identity', 'br']) {
        const { status, headers, body } = await get(`/plain${path}`, encoding);
        expect(status).toBe(200);
        expect(body).toBe(PAGE);
        if (path === '/cached') expect(String(headers.etag)).toMatch(/^"[\w-]{27}"$/);
      }
    },
  );

  it('answers 304 with no body', async () => {
    const { body } = await get('/not-modified', 'identity');
    expect(body).toBe('');
  });

  it('does not touch other content types', async () => {
    const { body } = await get('/json', 'identity');
    expect(JSON.parse(body)).toEqual({ html: PAGE });
  });

  it.each(['/whole', '/cached'])(
    'answers HEAD %s without a body, and without the length of the page before its rewrite',
    async (path) => {
      const { headers, body } = await get(path, 'identity', 'HEAD');
      expect(body).toBe('');
      expect(headers['content-length']).toBeUndefined();
      expect(headers['content-type']).toMatch(/^text\/html/);
    },
  );

  it('keeps the length of HEAD answers that are not pages', async () => {
    const { headers } = await get('/json', 'identity', 'HEAD');
    expect(Number(headers['content-length'])).toBe(
      Buffer.byteLength(JSON.stringify({ html: PAGE })),
    );
  });
});

describe('PaintFirstRewriter on pages that end early or bend the pattern', () => {
  const rewrite = (page: string) => {
    const r = new PaintFirstRewriter();
    return Buffer.concat([r.push(Buffer.from(page)), r.flush()]).toString('utf8');
  };

  it('leaves a chunk tag cut off at the end of the page as it was', () => {
    for (const tail of [
      '<script src="/_next/static/chunks/a.js" async=""></scr',
      '<script src="/_next/static/chunks/a.js" async',
      '<script src="/_next/static/chunks/a.js',
      '<link rel="preload" as="script" fetchPriority="low" href="/_next/static/chunks/a.js"',
    ]) {
      expect(rewrite(`<p>x</p>${tail}`)).toBe(`<p>x</p>${tail}`);
    }
  });

  it('leaves look-alikes alone: other files, other attributes, markup in the address', () => {
    const page =
      '<head><script src="/_next/static/chunks/a.css" async=""></script>' +
      '<script src="/_next/static/chunks/a.js" defer=""></script>' +
      '<script src="/_next/static/<b>.js" async=""></script>' +
      '<script src="/_next/static/chunks/ok.js" async=""></script></head>';
    expect(rewrite(page)).toBe(
      '<head><script src="/_next/static/chunks/a.css" async=""></script>' +
        '<script src="/_next/static/chunks/a.js" defer=""></script>' +
        '<script src="/_next/static/<b>.js" async=""></script>' +
        placeholder('/_next/static/chunks/ok.js') +
        `${PAINT_FIRST_LOADER}</head>`,
    );
  });
});
