import { beforeAll, describe, expect, it } from 'vitest';
import { buyer, checkoutRoutes, readyCart, type Buyer } from '../support/checkout';
import { PASSWORD, signedInCustomer } from '../support/customers';

// Every dashboard call checks the caller's role on the server. One table, read
// as the matrix of decision 0100: the status each role gets from each call.
const routes = await checkoutRoutes();
const services = await import('@/app/api/services/route');
const one = await import('@/app/api/services/[id]/route');
const authCode = await import('@/app/api/services/[id]/auth-code/route');
const renew = await import('@/app/api/services/[id]/renew/route');
const members = await import('@/app/api/account/members/route');
const member = await import('@/app/api/account/members/[id]/route');
const invites = await import('@/app/api/account/invites/route');
const methods = await import('@/app/api/account/payment-methods/route');
const audit = await import('@/app/api/account/audit/route');
const { appDb } = await import('@/lib/db/app-db');
const { seedDemoData } = await import('@/features/demo/server/demo-seed.server');

const ROLES = ['owner', 'admin', 'billing', 'technical', 'member'] as const;
type Role = (typeof ROLES)[number];
type Who = Pick<Buyer, 'agent' | 'headers'>;
type Fixture = { domainId: string; targetId: string };
type Call = (who: Who, f: Fixture) => ReturnType<Buyer['agent']['call']>;

const as = (
  who: Who,
  handler: Parameters<Buyer['agent']['call']>[0],
  path: string,
  extra: Parameters<Buyer['agent']['call']>[2] = {},
) => who.agent.call(handler, path, { ...extra, headers: who.headers(extra.headers) });

/** [call, status for owner, admin, billing, technical, member]. */
const MATRIX: [string, Call, [number, number, number, number, number]][] = [
  ['GET /api/services', (w) => as(w, services.GET, '/api/services'), [200, 200, 200, 200, 200]],
  [
    'GET /api/services/{id}',
    (w, f) => as(w, one.GET, `/api/services/${f.domainId}`, { params: { id: f.domainId } }),
    [200, 200, 200, 200, 200],
  ],
  [
    'PATCH /api/services/{id} nameservers',
    (w, f) =>
      as(w, one.PATCH, `/api/services/${f.domainId}`, {
        method: 'PATCH',
        json: { nameservers: ['ns1.example.net', 'ns2.example.net'] },
        params: { id: f.domainId },
      }),
    [200, 200, 403, 200, 403],
  ],
  [
    'PATCH /api/services/{id} auto_renew',
    (w, f) =>
      as(w, one.PATCH, `/api/services/${f.domainId}`, {
        method: 'PATCH',
        json: { auto_renew: true },
        params: { id: f.domainId },
      }),
    [200, 200, 200, 403, 403],
  ],
  [
    'POST /api/services/{id}/auth-code',
    (w, f) =>
      as(w, authCode.POST, `/api/services/${f.domainId}/auth-code`, {
        method: 'POST',
        json: { password: PASSWORD },
        params: { id: f.domainId },
      }),
    [200, 200, 403, 200, 403],
  ],
  [
    'POST /api/services/{id}/renew',
    (w, f) =>
      as(w, renew.POST, `/api/services/${f.domainId}/renew`, {
        method: 'POST',
        json: { years: 1 },
        params: { id: f.domainId },
      }),
    [201, 201, 201, 403, 403],
  ],
  [
    'GET /api/account/members',
    (w) => as(w, members.GET, '/api/account/members'),
    [200, 200, 200, 200, 200],
  ],
  [
    'PATCH /api/account/members/{id}',
    (w, f) =>
      as(w, member.PATCH, `/api/account/members/${f.targetId}`, {
        method: 'PATCH',
        json: { role: 'member' },
        params: { id: f.targetId },
      }),
    [200, 200, 403, 403, 403],
  ],
  [
    'POST /api/account/invites',
    (w) =>
      as(w, invites.POST, '/api/account/invites', {
        method: 'POST',
        json: { email: `matrix.${Math.random().toString(36).slice(2)}@example.com` },
      }),
    [201, 201, 403, 403, 403],
  ],
  [
    'GET /api/account/payment-methods',
    (w) => as(w, methods.GET, '/api/account/payment-methods'),
    [200, 200, 200, 403, 403],
  ],
  [
    'GET /api/account/audit',
    (w) => as(w, audit.GET, '/api/account/audit'),
    [200, 403, 403, 403, 403],
  ],
  ['GET /api/orders', (w) => as(w, routes.orders.GET, '/api/orders'), [200, 200, 200, 403, 403]],
  [
    'GET /api/invoices',
    (w) => as(w, routes.invoices.GET, '/api/invoices'),
    [200, 200, 200, 403, 403],
  ],
  [
    'GET /api/checkout',
    (w) => as(w, routes.checkout.GET, '/api/checkout'),
    [200, 200, 200, 403, 403],
  ],
];

let people: Record<Role, Who>;
let fixture: Fixture;

beforeAll(async () => {
  await seedDemoData(await appDb(), { demoStores: true });
  const owner = await buyer(routes);
  const { body } = await readyCart(owner);
  const placed = await owner.order(body);
  expect((await owner.demo(placed.body.data.payment.id, 'succeed')).status).toBe(200);
  const list = (await owner.services()).body.data.services as { id: string; type: string }[];
  const joined = async (role: Exclude<Role, 'owner'>) =>
    signedInCustomer(routes, { accountId: owner.accountId, role, name: `A ${role}` });
  people = {
    owner,
    admin: await joined('admin'),
    billing: await joined('billing'),
    technical: await joined('technical'),
    member: await joined('member'),
  };
  const target = await joined('member');
  fixture = { domainId: list.find((s) => s.type === 'domain')!.id, targetId: target.userId };
});

describe('the role matrix, checked on the server', () => {
  it.each(MATRIX)('%s', async (_name, call, expected) => {
    const got: number[] = [];
    for (const role of ROLES) got.push((await call(people[role], fixture)).status);
    expect(Object.fromEntries(ROLES.map((r, i) => [r, got[i]]))).toEqual(
      Object.fromEntries(ROLES.map((r, i) => [r, expected[i]])),
    );
  });
});
