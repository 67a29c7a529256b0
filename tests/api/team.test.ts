import { beforeAll, describe, expect, it } from 'vitest';
import { buyer, checkoutRoutes, readyCart, type Buyer } from '../support/checkout';
import { PASSWORD, signedInCustomer } from '../support/customers';

const routes = await checkoutRoutes();
const members = await import('@/app/api/account/members/route');
const member = await import('@/app/api/account/members/[id]/route');
const methods = await import('@/app/api/account/payment-methods/route');
const method = await import('@/app/api/account/payment-methods/[id]/route');
const audit = await import('@/app/api/account/audit/route');
const { appDb } = await import('@/lib/db/app-db');
const { seedDemoData } = await import('@/features/demo/server/demo-seed.server');
const { orders, paymentMethods } = await import('@/lib/db/schema');
const { eq } = await import('drizzle-orm');

beforeAll(async () => {
  await seedDemoData(await appDb(), { demoStores: true });
});

type Who = Pick<Buyer, 'agent' | 'headers'>;
const call = (
  who: Who,
  handler: Parameters<Buyer['agent']['call']>[0],
  path: string,
  extra: Parameters<Buyer['agent']['call']>[2] = {},
) => who.agent.call(handler, path, { ...extra, headers: who.headers(extra.headers) });
const join = (b: Buyer, role: 'admin' | 'billing' | 'technical' | 'member') =>
  signedInCustomer(routes, { accountId: b.accountId, role, name: `A ${role}` });
const setRole = (who: Who, id: string, json: unknown) =>
  call(who, member.PATCH, `/api/account/members/${id}`, { method: 'PATCH', json, params: { id } });
const remove = (who: Who, id: string) =>
  call(who, member.DELETE, `/api/account/members/${id}`, { method: 'DELETE', params: { id } });

describe('the team', () => {
  it('lists the people with their roles; owners and admins change roles, never the owner’s', async () => {
    const owner = await buyer(routes);
    const admin = await join(owner, 'admin');
    const tech = await join(owner, 'technical');
    const listed = await call(tech, members.GET, '/api/account/members');
    expect(listed.status).toBe(200);
    expect(
      listed.body.data.members.map((m: { email: string; role: string }) => [m.email, m.role]),
    ).toEqual([
      [owner.email, 'owner'],
      [admin.email, 'admin'],
      [tech.email, 'technical'],
    ]);
    expect((await setRole(admin, tech.userId, { role: 'billing' })).status).toBe(200);
    const fixed = await setRole(admin, owner.userId, { role: 'member' });
    expect(fixed.status).toBe(409);
    expect(fixed.body.error.code).toBe('owner_role_fixed');
    expect((await setRole(admin, tech.userId, { role: 'owner', password: PASSWORD })).status).toBe(
      403,
    );
    expect((await setRole(tech, admin.userId, { role: 'member' })).status).toBe(403);
    expect((await setRole(owner, tech.userId, { role: 'boss' })).status).toBe(400);
    const stranger = await buyer(routes);
    expect((await setRole(owner, stranger.userId, { role: 'member' })).status).toBe(404);
  });

  it('hands the account over with the password; the old owner becomes an admin', async () => {
    const owner = await buyer(routes);
    const admin = await join(owner, 'admin');
    const noPassword = await setRole(owner, admin.userId, { role: 'owner' });
    expect(noPassword.status).toBe(400);
    const wrong = await setRole(owner, admin.userId, { role: 'owner', password: 'not it at all' });
    expect(wrong.status).toBe(403);
    const handed = await setRole(owner, admin.userId, { role: 'owner', password: PASSWORD });
    expect(handed.status).toBe(200);
    expect(handed.body.data.members.map((m: { role: string }) => m.role)).toEqual([
      'admin',
      'owner',
    ]);
  });

  it('removes people but never the owner; a member may leave, the owner may not', async () => {
    const owner = await buyer(routes);
    const admin = await join(owner, 'admin');
    const tech = await join(owner, 'technical');
    const reader = await join(owner, 'member');
    const ownerGone = await remove(admin, owner.userId);
    expect(ownerGone.status).toBe(409);
    expect(ownerGone.body.error.code).toBe('owner_cannot_be_removed');
    const leaveOwner = await remove(owner, owner.userId);
    expect(leaveOwner.body.error.code).toBe('last_owner');
    expect((await remove(tech, reader.userId)).status).toBe(403);
    const removed = await remove(admin, tech.userId);
    expect(removed.status).toBe(200);
    expect(removed.body.data.members).toHaveLength(3);
    // The removed person's session ended with them.
    expect((await call(tech, members.GET, '/api/account/members')).status).toBe(401);
    const left = await remove(reader, reader.userId);
    expect(left.status).toBe(200);
    expect((await call(owner, members.GET, '/api/account/members')).body.data.members).toHaveLength(
      2,
    );
  });
});

describe('payment methods, bills and the activity log', () => {
  it('keeps the first method as default, chooses another, removes one, and logs it all', async () => {
    const owner = await buyer(routes);
    const { body } = await readyCart(owner);
    const placed = await owner.order({ ...body, save_payment_method: true });
    expect((await owner.demo(placed.body.data.payment.id, 'succeed')).status).toBe(200);
    const db = await appDb();
    await db.insert(paymentMethods).values({
      accountId: owner.accountId,
      storeKey: owner.store.key,
      provider: 'demo',
      providerRef: 'demo-card-2',
      label: 'Second demo card',
      createdAt: new Date(),
    });
    const listed = await call(owner, methods.GET, '/api/account/payment-methods');
    const [second, first] = listed.body.data.payment_methods;
    expect([second.label, second.is_default, first.is_default]).toEqual([
      'Second demo card',
      false,
      true,
    ]);
    const chosen = await call(owner, method.PATCH, `/api/account/payment-methods/${second.id}`, {
      method: 'PATCH',
      json: { is_default: true },
      params: { id: second.id },
    });
    expect(
      chosen.body.data.payment_methods.map((m: { is_default: boolean }) => m.is_default),
    ).toEqual([true, false]);
    const removed = await call(owner, method.DELETE, `/api/account/payment-methods/${second.id}`, {
      method: 'DELETE',
      params: { id: second.id },
    });
    expect(removed.body.data.payment_methods).toEqual([
      expect.objectContaining({ id: first.id, is_default: true }),
    ]);

    // An unpaid renewal bill is listed as such, overdue after its due date, and paid at once.
    const [order] = await db.select().from(orders).where(eq(orders.id, placed.body.data.order.id));
    const billBody = await readyCart(owner);
    const second_order = await owner.order(billBody.body);
    await db
      .update(orders)
      .set({ kind: 'renewal', dueAt: new Date(Date.now() - 86_400_000) })
      .where(eq(orders.id, second_order.body.data.order.id));
    const listedBills = (await owner.invoices()).body.data;
    expect(listedBills.invoices.map((i: { status: string }) => i.status)).toEqual(['paid']);
    expect(listedBills.bills).toEqual([
      expect.objectContaining({ order_id: second_order.body.data.order.id, status: 'overdue' }),
    ]);
    const paid = await call(
      owner,
      routes.pay.POST,
      `/api/orders/${second_order.body.data.order.id}/pay`,
      {
        method: 'POST',
        json: { payment_method_id: first.id },
        params: { id: second_order.body.data.order.id },
      },
    );
    expect(paid.status).toBe(201);
    expect(paid.body.data.payment.status).toBe('succeeded');
    expect((await owner.invoices()).body.data.bills).toEqual([]);
    void order;

    const log = await call(owner, audit.GET, '/api/account/audit');
    expect(log.status).toBe(200);
    const actions = log.body.data.events.map((e: { action: string }) => e.action);
    expect(actions).toEqual(
      expect.arrayContaining([
        'sign_in',
        'payment_method.default_changed',
        'payment_method.removed',
      ]),
    );
    expect(log.body.data.events[0]).toEqual({
      at: expect.any(String),
      actor: owner.email,
      action: expect.any(String),
      target: expect.any(String),
      ip: owner.agent.ip,
    });
    const admin = await join(owner, 'admin');
    expect((await call(admin, audit.GET, '/api/account/audit')).status).toBe(403);
  });
});
