import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createApiClient } from '@/lib/api-client';
import { recoverSessions, SESSION_LOST_MESSAGE } from '@/lib/session-recovery';
import { problemOf } from '@/features/auth/api/auth-api';

/**
 * The browser's client when the session is gone, against a server on a loopback port that answers
 * as the product does: 403 csrf_mismatch until a token is fetched, then, for a call that needs a
 * customer, 401 not_signed_in.
 */
let server: Server;
let base: string;
let tokens = 0;
/** Whether a fetched token is taken (false: every token is refused, as a broken cookie would be). */
let tokenTaken = true;
let seen: string[] = [];

const refuse = (
  res: import('node:http').ServerResponse,
  status: number,
  code: string,
  message: string,
) =>
  res
    .writeHead(status, { 'content-type': 'application/json' })
    .end(JSON.stringify({ error: { code, message } }));

beforeAll(async () => {
  server = createServer((req, res) => {
    seen.push(`${req.method} ${req.url}`);
    if (req.url === '/api/token') {
      tokens += 1;
      return res.writeHead(200, { 'content-type': 'application/json' }).end('{"data":{}}');
    }
    if (tokens === 0 || !tokenTaken)
      return refuse(
        res,
        403,
        'csrf_mismatch',
        'The request is missing a valid X-XSRF-TOKEN header. Fetch GET /api/token and retry.',
      );
    if (req.url === '/api/orders') return refuse(res, 401, 'not_signed_in', 'Sign in first.');
    return res.writeHead(201, { 'content-type': 'application/json' }).end('{"data":{"ok":true}}');
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));
beforeEach(() => {
  tokens = 0;
  tokenTaken = true;
  seen = [];
});

function client() {
  const lost: number[] = [];
  const api = createApiClient(base);
  recoverSessions(api, () => lost.push(1));
  return { api, lost };
}

describe('a call that finds the session gone', () => {
  it('fetches a fresh token and sends a refused call once more: a visitor’s call goes through', async () => {
    const { api, lost } = client();
    const answer = await api.post('/api/cart', { item: 1 });
    expect(answer.status).toBe(201);
    expect(seen).toEqual(['POST /api/cart', 'GET /api/token', 'POST /api/cart']);
    expect(lost).toEqual([]);
  });

  it('says in a customer’s words that they are signed out, and tells the page, when a customer was needed', async () => {
    const { api, lost } = client();
    const error = await api.post('/api/orders', {}).catch((e: unknown) => e);
    const problem = problemOf(error);
    expect(problem.status).toBe(401);
    expect(problem.message).toBe(SESSION_LOST_MESSAGE);
    expect(problem.message).not.toMatch(/X-XSRF-TOKEN|Sign in first/);
    expect(seen).toEqual(['POST /api/orders', 'GET /api/token', 'POST /api/orders']);
    expect(lost).toEqual([1]);
  });

  it('never sends a call a third time when the fresh token is refused too', async () => {
    const { api, lost } = client();
    tokenTaken = false;
    const error = await api.post('/api/cart', {}).catch((e: unknown) => e);
    expect(problemOf(error).message).toBe(SESSION_LOST_MESSAGE);
    expect(seen).toEqual(['POST /api/cart', 'GET /api/token', 'POST /api/cart']);
    expect(lost).toEqual([1]);
  });
});
