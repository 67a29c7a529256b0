import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMetrics, pageCacheResult, routeOf } from '../../scripts/metrics.mjs';

describe('routeOf', () => {
  it('keeps the fixed segments of a call and names ids, so labels stay few', () => {
    expect(routeOf('/api/services/0b7e3c1a-5a6f-4f39-9d1e-2a3b4c5d6e7f')).toBe('/api/services/:id');
    expect(routeOf('/api/orders/42')).toBe('/api/orders/:id');
    expect(routeOf('/api/admin/stores/bytes.localhost')).toBe('/api/admin/stores/:id');
    expect(routeOf('/api/cart')).toBe('/api/cart');
  });
  it('puts a page under its first segment and assets under one label', () => {
    expect(routeOf('/')).toBe('/');
    expect(routeOf('/domains/search')).toBe('/domains/…');
    expect(routeOf('/_next/static/chunks/abc.js')).toBe('/_next/static');
    expect(routeOf('/x/check-health')).toBe('/check-health');
  });
});

describe('pageCacheResult', () => {
  it("reads Next's verdict from the Cache-Status header", () => {
    expect(pageCacheResult('storefront; hit')).toBe('hit');
    expect(pageCacheResult('storefront; hit; detail=stale')).toBe('stale');
    expect(pageCacheResult('storefront; fwd=miss; detail=miss')).toBe('miss');
    expect(pageCacheResult('')).toBeNull();
  });
});

describe('GET /metrics', () => {
  const servers: Server[] = [];
  const start = async (token?: string) => {
    const metrics = createMetrics({ token });
    const server = createServer((req, res) => {
      if (req.url === '/metrics') return void metrics.answer(req, res);
      metrics.observe(req, res, req.url ?? '/');
      res.setHeader('cache-status', 'storefront; hit');
      res.end('page');
    });
    servers.push(server);
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    return (server.address() as AddressInfo).port;
  };
  const get = (port: number, path: string, headers: Record<string, string> = {}) =>
    new Promise<{ status: number; body: string }>((resolve, reject) => {
      request({ host: '127.0.0.1', port, path, headers }, (res) => {
        let body = '';
        res.on('data', (c) => (body += c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      })
        .on('error', reject)
        .end();
    });

  let port: number;
  beforeAll(async () => {
    port = await start('a-metrics-token');
  });
  afterAll(() => servers.forEach((s) => s.close()));

  it('does not exist without METRICS_TOKEN', async () => {
    const bare = await start(undefined);
    expect((await get(bare, '/metrics')).status).toBe(404);
  });

  it('asks for the bearer token, and a wrong one is refused', async () => {
    expect((await get(port, '/metrics')).status).toBe(401);
    const wrong = await get(port, '/metrics', { authorization: 'Bearer a-metrics-tokeN' });
    expect(wrong.status).toBe(401);
  });

  it('counts requests by route and status, and page-cache verdicts, with the token', async () => {
    await get(port, '/api/orders/7');
    await get(port, '/');
    const answer = await get(port, '/metrics', { authorization: 'Bearer a-metrics-token' });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatch(
      /storefront_http_request_duration_seconds_count\{route="\/api\/orders\/:id",method="GET",status="200"\} 1/,
    );
    expect(answer.body).toMatch(/storefront_page_cache_total\{result="hit"\} 2/);
    expect(answer.body).toMatch(/nodejs_eventloop_lag_p99_seconds/);
  });
});
