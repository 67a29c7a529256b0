import {
  createServer,
  request,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import onHeaders from 'on-headers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  answerMalformedPath,
  cacheStatus,
  closeIfBodyUnread,
  HOLD_BYTES,
  holdUntilEnd,
  MALFORMED_PAGE_PATH,
  withoutInternalHeaders,
} from '../../scripts/http-guards.mjs';

/** A server wired like scripts/serve.mjs, with handlers that answer as Next does. */
let server: Server;
let port: number;
const seen: string[] = [];

const routes: Record<string, (req: IncomingMessage, res: ServerResponse) => void> = {
  '/page': (_req, res) => {
    res.setHeader('content-type', 'text/html; charset=utf-8');
    res.setHeader('x-middleware-rewrite', '/acme.localhost/2/page');
    res.setHeader('x-nextjs-cache', 'HIT');
    res.setHeader('x-nextjs-stale-time', '300');
    res.setHeader('x-storefront-store', 'acme.localhost');
    res.setHeader('cache-control', 's-maxage=3600');
    res.end('<html></html>');
  },
  '/flight': (_req, res) => {
    res.writeHead(200, {
      'content-type': 'text/x-component',
      'x-middleware-rewrite': '/acme.localhost/2/page',
      'x-nextjs-rewritten-path': '/acme.localhost/2/page',
      'x-nextjs-stale-time': '300',
      'x-nextjs-cache': 'STALE',
      'x-nextjs-matched-path': '/[host]/[sv]/page',
    });
    res.end('0:{}');
  },
  // Like Next on a body over its limit: reads a little, then stops reading. Node then leaves the
  // rest of the body (and any next request) unread on the connection.
  '/too-large': (req, res) => {
    req.once('data', () => {
      req.pause();
      res.statusCode = 413;
      res.end('{"error":{"code":"payload_too_large"}}');
    });
  },
  '/echo': (req, res) => {
    req.resume();
    req.on('end', () => res.end('ok'));
  },
};

beforeAll(async () => {
  server = createServer((req, res) => {
    onHeaders(res, function beforeHeaders() {
      withoutInternalHeaders(this);
      closeIfBodyUnread(req, this);
    });
    if (answerMalformedPath(req, res)) return;
    seen.push(req.url!);
    (routes[req.url!] ?? routes['/echo']!)(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

function get(path: string, method = 'GET') {
  return new Promise<{ status: number; headers: Record<string, unknown>; body: string }>(
    (resolve, reject) => {
      const req = request({ port, host: '127.0.0.1', path, method }, (res) => {
        let body = '';
        res.on('data', (c) => (body += c));
        res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body }));
      });
      req.on('error', reject);
      req.end();
    },
  );
}

describe('answerMalformedPath', () => {
  it.each(['/api/cart/%ff', '/svc/invite/%ff', '/api/%ff', '/api/%zz', '/svc/%e0%80?x=1'])(
    'answers %s with 400 invalid_path as JSON',
    async (path) => {
      const { status, headers, body } = await get(path, 'DELETE');
      expect(status).toBe(400);
      expect(headers['content-type']).toBe('application/json');
      expect(headers['cache-control']).toBe('no-store');
      expect(JSON.parse(body).error.code).toBe('invalid_path');
      expect(headers.connection).toBe('keep-alive');
    },
  );

  it("sends a page path to the store's 404 page, and leaves good paths alone", async () => {
    seen.splice(0);
    for (const path of ['/%ff', '/domains/search/%ff?q=x', '/_next/static/%ff', '/apis/%ff'])
      await get(path);
    await get('/domains/search/%C3%A9?q=%ff');
    await get('/api/cart/%20');
    // The proxy answers health checks on any path, before anything is decoded.
    await get('/api/check-health/%ff');
    expect(seen).toEqual([
      ...Array(4).fill(MALFORMED_PAGE_PATH),
      '/domains/search/%C3%A9?q=%ff',
      '/api/cart/%20',
      '/api/check-health/%ff',
    ]);
  });
});

describe('withoutInternalHeaders', () => {
  it("strips Next's and the application's internal headers from a page", async () => {
    const { headers } = await get('/page');
    expect(Object.keys(headers).filter((h) => /^x-/.test(h))).toEqual([]);
    expect(headers['cache-status']).toBe('storefront; hit');
    expect(headers['cache-control']).toBe('s-maxage=3600');
  });

  it("keeps on a flight answer what Next's client router reads, and nothing else", async () => {
    const { headers } = await get('/flight');
    expect(
      Object.keys(headers)
        .filter((h) => /^x-/.test(h))
        .sort(),
    ).toEqual(['x-nextjs-rewritten-path', 'x-nextjs-stale-time']);
    expect(headers['cache-status']).toBe('storefront; hit; detail=stale');
  });

  it("turns Next's cache verdicts into Cache-Status (RFC 9211)", () => {
    expect(cacheStatus('HIT')).toBe('storefront; hit');
    expect(cacheStatus('MISS')).toBe('storefront; fwd=miss; detail=miss');
    expect(cacheStatus('REVALIDATED')).toBe('storefront; fwd=miss; detail=revalidated');
    expect(cacheStatus('a "b"; c')).toBe('storefront; fwd=miss; detail=abc');
  });
});

describe('closeIfBodyUnread', () => {
  it('keeps the connection of a request whose body was read', async () => {
    const { headers } = await new Promise<{ headers: Record<string, unknown> }>((resolve) => {
      const req = request({ port, host: '127.0.0.1', path: '/echo', method: 'POST' }, (res) => {
        res.resume();
        resolve({ headers: res.headers });
      });
      req.end('x'.repeat(100_000));
    });
    expect(headers.connection).toBe('keep-alive');
  });

  it('closes a connection whose body was left unread, after its answer', async () => {
    const socket = connect({ port, host: '127.0.0.1' });
    let answer = '';
    const piece = `${(32 * 1024).toString(16)}\r\n${'a'.repeat(32 * 1024)}\r\n`;
    socket.on('error', () => {});
    socket.on('data', (c) => (answer += c));
    const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
    socket.write(
      'POST /too-large HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n' + piece,
    );
    // The answer, then the server's end of the connection: it says it is closing, and does.
    await closed;
    expect(answer).toMatch(/^HTTP\/1\.1 413/);
    expect(answer).toMatch(/^connection: close/im);
    expect(answer).toContain('payload_too_large');
  });
});

describe('holdUntilEnd', () => {
  /** A server that holds answers as scripts/serve.mjs does, with pages that Next might write. */
  let held: Server;
  let heldPort: number;
  let release: () => void = () => {};
  const streamed: Record<string, (res: ServerResponse) => void> = {
    // A page in pieces, and the process dies before the last one.
    '/dies': (res) => {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.write('<html><body>'.padEnd(40_000, ' '));
      setTimeout(() => res.socket?.destroy(), 30);
    },
    // A page whose last piece waits for the test: its first bytes go out after the hold.
    '/slow': (res) => {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.write('<html><body>first');
      release = () => res.end('last</body></html>');
    },
    // A page bigger than the hold takes: it is written to the end, not held up.
    '/big': (res) => {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      const piece = 'x'.repeat(64 * 1024);
      let left = (HOLD_BYTES / piece.length) * 2;
      const more = () => {
        while (left > 0) {
          left--;
          if (!res.write(piece)) return void res.once('drain', more);
        }
        res.end();
      };
      more();
    },
  };

  beforeAll(async () => {
    held = createServer({ highWaterMark: HOLD_BYTES }, (req, res) => {
      onHeaders(res, function beforeHeaders() {
        holdUntilEnd(req, this, 100);
      });
      streamed[req.url!]!(res);
    });
    await new Promise<void>((resolve) => held.listen(0, '127.0.0.1', resolve));
    heldPort = (held.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => held.close(() => resolve())));

  /** What the client saw: the answer's first line, or the error before any answer. */
  function visit(path: string, method = 'GET') {
    return new Promise<{ answered: boolean; error?: string; length: number }>((resolve) => {
      const req = request({ port: heldPort, host: '127.0.0.1', path, method }, (res) => {
        let length = 0;
        res.on('data', (c: Buffer) => (length += c.length));
        res.on('end', () => resolve({ answered: true, length }));
        res.on('error', (e) => resolve({ answered: true, error: e.message, length }));
      });
      req.on('error', (e) => resolve({ answered: false, error: e.message, length: 0 }));
      req.end();
    });
  }

  it('sends nothing of a GET whose process dies mid-answer, so a proxy can ask another', async () => {
    const seen = await visit('/dies');
    expect(seen.answered).toBe(false);
    expect(seen.error).toMatch(/socket hang up|ECONNRESET/);
  });

  it('still sends a POST as it comes: no proxy resends a POST', async () => {
    const seen = await visit('/dies', 'POST');
    expect(seen.answered).toBe(true);
    expect(seen.error).toBe('aborted');
  });

  it('lets a page that streams on go after the hold, before its end', async () => {
    const seen = new Promise<boolean>((resolve) => {
      const req = request({ port: heldPort, host: '127.0.0.1', path: '/slow' }, (res) => {
        res.once('data', (c: Buffer) => {
          expect(String(c)).toContain('first');
          release();
          res.resume();
          res.on('end', () => resolve(true));
        });
      });
      req.end();
    });
    expect(await seen).toBe(true);
  });

  it('writes a page bigger than the hold to its end', async () => {
    const seen = await visit('/big');
    expect(seen).toEqual({ answered: true, length: HOLD_BYTES * 2 });
  });
});
