import { beforeAll, describe, expect, it } from 'vitest';
import { Agent } from '../support/agent';

// A call on one row of an account asks who is calling before which row: a visitor gets 401
// `unauthenticated` for a malformed id as for a real one, never the 404 a signed-in customer
// would get for it (the answer does not depend on what the path holds).
const route = (path: string) => import(`@/app/api/${path}/route`);
const { appDb } = await import('@/lib/db/app-db');
const { seedDemoData } = await import('@/features/demo/server/demo-seed.server');

const CALLS: [method: string, file: string, path: string, body?: unknown][] = [
  ['GET', 'services/[id]', '/api/services/{id}'],
  ['PATCH', 'services/[id]', '/api/services/{id}', {}],
  ['POST', 'services/[id]/renew', '/api/services/{id}/renew', { years: 1 }],
  ['POST', 'services/[id]/release', '/api/services/{id}/release', { confirm: true }],
  ['POST', 'services/[id]/auth-code', '/api/services/{id}/auth-code', { password: 'x' }],
  ['GET', 'services/[id]/dns', '/api/services/{id}/dns'],
  ['POST', 'services/[id]/dns', '/api/services/{id}/dns', {}],
  ['PATCH', 'services/[id]/dns/[record]', '/api/services/{id}/dns/{id}', {}],
  ['DELETE', 'services/[id]/dns/[record]', '/api/services/{id}/dns/{id}'],
  ['PUT', 'services/[id]/dns/dnssec', '/api/services/{id}/dns/dnssec', { enabled: true }],
  ['POST', 'services/[id]/dns/template', '/api/services/{id}/dns/template', {}],
  ['GET', 'invoices/[id]', '/api/invoices/{id}'],
  ['GET', 'invoices/[id]/pdf', '/api/invoices/{id}/pdf'],
  ['GET', 'credit-notes/[id]', '/api/credit-notes/{id}'],
  ['GET', 'credit-notes/[id]/pdf', '/api/credit-notes/{id}/pdf'],
  ['GET', 'orders/[id]', '/api/orders/{id}'],
  ['POST', 'orders/[id]/pay', '/api/orders/{id}/pay', {}],
  ['PATCH', 'account/payment-methods/[id]', '/api/account/payment-methods/{id}', {}],
  ['DELETE', 'account/payment-methods/[id]', '/api/account/payment-methods/{id}'],
  ['PATCH', 'account/members/[id]', '/api/account/members/{id}', { role: 'member' }],
  ['DELETE', 'account/members/[id]', '/api/account/members/{id}'],
  ['POST', 'payments/[id]/demo', '/api/payments/{id}/demo', { outcome: 'succeed' }],
];

beforeAll(async () => {
  await seedDemoData(await appDb(), { demoStores: true });
});

describe('a visitor calling a row of an account', () => {
  it.each(CALLS)('%s %s answers 401 for a malformed id', async (method, file, path, json) => {
    const token = await route('token');
    const agent = new Agent();
    // A visitor's session and CSRF token, so that only sign-in is missing.
    await agent.call(token.GET, '/api/token');
    const handlers = await route(file);
    const answer = await agent.call(handlers[method], path.replaceAll('{id}', 'not-a-uuid'), {
      method,
      json,
      params: { id: 'not-a-uuid', record: 'not-a-uuid' },
    });
    expect(answer.status).toBe(401);
    expect(answer.body.error.code).toBe('not_signed_in');
  });
});
