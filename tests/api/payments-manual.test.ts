import { beforeAll, describe, expect, it } from 'vitest';
import { apiRequest } from '../support/requests';
import { buyer, checkoutRoutes, readyCart } from '../support/checkout';

// A store that takes bank transfers: the order waits until it is marked paid.
process.env.PAYMENT_PROVIDER = 'manual';
const ADMIN = 'manual-lane-admin-token-0123456789-abcdef';
process.env.ADMIN_API_TOKEN = ADMIN;
const routes = await checkoutRoutes();
const { appDb } = await import('@/lib/db/app-db');
const { seedDemoData } = await import('@/features/demo/server/demo-seed.server');
const { outbox } = await import('@/lib/db/schema');
const { eq } = await import('drizzle-orm');

beforeAll(async () => {
  await seedDemoData(await appDb(), { demoStores: true });
});

async function markPaid(orderId: string, token: string | null = ADMIN) {
  const response = await routes.markPaid.POST(
    apiRequest(`/api/admin/orders/${orderId}/mark-paid`, {
      method: 'POST',
      headers: token ? { authorization: `Bearer ${token}` } : {},
    }),
    { params: Promise.resolve({ id: orderId }) },
  );
  return { status: response.status, body: await response.json() };
}

describe('the manual provider (bank transfer)', () => {
  it('shows the store’s bank details, waits, and is finished once by the operator’s mark-paid', async () => {
    const b = await buyer(routes);
    const { body } = await readyCart(b);
    const placed = await b.order(body);
    expect(placed.status).toBe(201);
    const { order, payment } = placed.body.data;
    expect(payment).toMatchObject({
      provider: 'manual',
      status: 'requires_payment',
      redirect_url: `/orders/${order.id}`,
    });
    expect(order.supplier.bank).toEqual({
      name: 'Thames Bank',
      account_name: 'Nameport Ltd',
      sort_code: '20-00-00',
      account_number: '12345678',
      iban: 'GB29NWBK60161331926819',
    });
    const [received] = await (
      await appDb()
    )
      .select()
      .from(outbox)
      .where(eq(outbox.recipient, b.email));
    expect(received!.text).toContain(`with ${order.number} as the reference`);
    expect(received!.text).toContain('Sort code: 20-00-00');

    // The demo outcome is not for a bank transfer.
    expect((await b.demo(payment.id, 'succeed')).body.error.code).toBe('not_a_demo_payment');

    expect((await markPaid(order.id, null)).status).toBe(401);
    expect((await markPaid(order.id, 'wrong-token-wrong-token-wrong-token!!')).status).toBe(401);
    const paid = await markPaid(order.id);
    expect(paid.status).toBe(200);
    expect(paid.body.data.order).toMatchObject({ id: order.id, status: 'fulfilled' });
    const again = await markPaid(order.id);
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe('order_not_payable');

    const detail = (await b.getOrder(order.id)).body.data;
    expect(detail.payments).toMatchObject([{ provider: 'manual', status: 'succeeded' }]);
    expect((await b.invoices()).body.data.invoices).toHaveLength(1);
    expect((await b.services()).body.data.services).toHaveLength(3);
  });

  it('answers 404 for an order that does not exist', async () => {
    const missing = await markPaid('00000000-0000-4000-8000-000000000000');
    expect(missing.status).toBe(404);
    expect(missing.body.error.code).toBe('order_not_found');
    expect((await markPaid('nonsense')).status).toBe(404);
  });
});
