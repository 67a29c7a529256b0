import { createServer, request, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createRequestLog, requestIdOf } from '../../scripts/request-log.mjs';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('requestIdOf', () => {
  const req = (id?: string) =>
    ({ headers: id === undefined ? {} : { 'x-request-id': id } }) as unknown as IncomingMessage;

  it('makes a new id when no proxy is trusted, whatever the client sent', () => {
    expect(requestIdOf(req('abc-123'), 0)).toMatch(UUID);
    expect(requestIdOf(req(), 0)).toMatch(UUID);
    expect(requestIdOf(req(), 0)).not.toBe(requestIdOf(req(), 0));
  });

  it("takes a trusted proxy's id when it looks like an id", () => {
    expect(requestIdOf(req('abc-123'), 1)).toBe('abc-123');
    expect(requestIdOf(req('Root=1-5f84c7a9-d5b2; x'), 1)).toMatch(UUID);
    expect(requestIdOf(req('a, b'), 2)).toMatch(UUID);
    expect(requestIdOf(req('x'.repeat(129)), 1)).toMatch(UUID);
    expect(requestIdOf(req(''), 1)).toMatch(UUID);
  });
});

describe('the line of a request', () => {
  const lines: Record<string, unknown>[] = [];
  const log = createRequestLog({
    level: 'info',
    destination: { write: (line: string) => void lines.push(JSON.parse(line)) },
  });
  let server: Server;
  let port: number;

  beforeAll(async () => {
    server = createServer((req, res) => {
      const line = log.begin(req, res, `id-${req.headers['x-test'] ?? 'none'}`);
      if (req.url?.startsWith('/hang')) {
        res.write('partial');
        return;
      }
      line.store = 'acme.localhost';
      res.statusCode = req.url?.startsWith('/broken') ? 503 : 201;
      res.end('done');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
  beforeEach(() => void lines.splice(0));

  function call(path: string, test: string, method = 'GET') {
    return new Promise<void>((resolve, reject) => {
      const req = request(
        {
          port,
          host: '127.0.0.1',
          path,
          method,
          headers: { host: 'acme.localhost', 'x-test': test },
        },
        (res) => {
          res.resume();
          res.on('end', resolve);
        },
      );
      req.on('error', reject);
      req.end();
    });
  }

  /** The line is written when the response closes, just after the client has it. */
  const lineOf = async (id: string) => {
    await expect.poll(() => lines.find((l) => l.request_id === id)).toBeDefined();
    return lines.find((l) => l.request_id === id)!;
  };

  it('is one JSON line with id, host, store, method, path without query, status and duration', async () => {
    await call('/domains/search?q=secret-query', 'one', 'POST');
    const line = await lineOf('id-one');
    expect(line).toMatchObject({
      level: 30,
      msg: 'request',
      service: 'storefront',
      request_id: 'id-one',
      host: 'acme.localhost',
      store: 'acme.localhost',
      method: 'POST',
      path: '/domains/search',
      status: 201,
    });
    expect(typeof line.duration_ms).toBe('number');
    expect(line.duration_ms).toBeGreaterThanOrEqual(0);
    expect(JSON.stringify(line)).not.toContain('secret-query');
    expect(lines).toHaveLength(1);
  });

  it('is written at error level for a 5xx answer', async () => {
    await call('/broken', 'two');
    expect(await lineOf('id-two')).toMatchObject({ level: 50, status: 503, path: '/broken' });
  });

  it('says when the client left before the answer was complete', async () => {
    await new Promise<void>((resolve) => {
      const req = request(
        { port, host: '127.0.0.1', path: '/hang', headers: { 'x-test': 'three' } },
        () => req.destroy(),
      );
      req.on('error', () => {});
      req.on('close', resolve);
      req.end();
    });
    expect(await lineOf('id-three')).toMatchObject({ aborted: true, store: null, status: 200 });
  });
});
