import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClientForRequest, createApiClient } from './api-client';
import { CUSTOMER_LOOKUP_OPTIONS, SWR_DEFAULTS } from './swr-config';

let server: Server;
let base: string;
let lastHost = '';

beforeAll(async () => {
  server = createServer((req, res) => {
    lastHost = req.headers.host ?? '';
    const status = Number(req.url?.slice(1)) || 200;
    res.writeHead(status, { 'content-type': 'application/json' }).end('{"data":{}}');
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

describe('HTTP client (docs/contract/calls.md)', () => {
  it('has no timeout, sends credentials and echoes the XSRF-TOKEN cookie as X-XSRF-TOKEN', () => {
    const { defaults } = createApiClient();
    expect(defaults.timeout).toBe(0);
    expect(defaults.withCredentials).toBe(true);
    expect(defaults.xsrfCookieName).toBe('XSRF-TOKEN');
    expect(defaults.xsrfHeaderName).toBe('X-XSRF-TOKEN');
  });

  it('rejects non-2xx answers with the generic message', async () => {
    await expect(createApiClient(base).get('/404')).rejects.toThrow(
      'Request failed with status code 404',
    );
    await expect(createApiClient(base).get('/503')).rejects.toThrow(
      'Request failed with status code 503',
    );
    await expect(createApiClient(base).get('/200')).resolves.toMatchObject({ status: 200 });
  });

  it('on the server, calls the host of the incoming request', async () => {
    const port = new URL(base).port;
    const client = apiClientForRequest(new Headers({ host: `127.0.0.1:${port}` }));
    expect(client.defaults.baseURL).toBe(`http://127.0.0.1:${port}`);
    await client.get('/200');
    expect(lastHost).toBe(`127.0.0.1:${port}`);
    expect(
      apiClientForRequest(new Headers({ host: 'shop.example', 'x-forwarded-proto': 'https' }))
        .defaults.baseURL,
    ).toBe('https://shop.example');
  });
});

describe('data-fetch defaults (docs/contract/constants-and-errors.md)', () => {
  it('deduplicates for 2 s, throttles focus for 5 s and retries errors after 5 s', () => {
    expect(SWR_DEFAULTS).toEqual({
      dedupingInterval: 2000,
      focusThrottleInterval: 5000,
      errorRetryInterval: 5000,
    });
  });

  it('never retries the customer lookup', () => {
    expect(CUSTOMER_LOOKUP_OPTIONS).toEqual({ shouldRetryOnError: false, errorRetryCount: 0 });
  });
});
