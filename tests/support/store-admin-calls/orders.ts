import type { Agent } from '../agent';
import type { CallTarget, StaffCall } from '../store-admin-calls';

/**
 * The orders, customers, refunds and reports calls (issue 26 points 6 and 7) for the isolation
 * and role matrix. Orders are placed on the target store's host through the real checkout, then
 * turned into a bank transfer (a test-made row) or paid through the one finishing step.
 */

type Handler = (request: any, context: any) => Promise<Response>;

async function orderIn(target: CallTarget, paid: boolean): Promise<Record<string, string>> {
  const { buyer, checkoutRoutes } = await import('../checkout');
  const { appDb } = await import('@/lib/db/app-db');
  const { orders } = await import('@/lib/db/schema');
  const { eq } = await import('drizzle-orm');
  const b = await buyer(await checkoutRoutes(), { host: target.host });
  await b.addToCart({ type: 'plan', plan: 'starter', users: 1 });
  const checked = await b.checkout();
  const placed = await b.order({
    cart_version: checked.body.data.cart.version,
    accept_terms: true,
  });
  const id: string = placed.body.data.order.id;
  await (await appDb()).update(orders).set({ provider: 'manual' }).where(eq(orders.id, id));
  if (paid) {
    const { markPaidByOperator } =
      await import('@/features/purchase/server/payment-actions.server');
    await markPaidByOperator(id);
  }
  return { id };
}

const call = async (
  agent: Agent,
  load: () => Promise<Record<string, unknown>>,
  method: 'GET' | 'POST',
  path: string,
  params: Record<string, string> = {},
  json?: unknown,
) =>
  agent.call((await load())[method] as Handler, path, {
    method,
    params,
    ...(json === undefined ? {} : { json }),
  });

const list = () => import('@/app/api/store-admin/orders/route');
const one = () => import('@/app/api/store-admin/orders/[id]/route');
const markPaid = () => import('@/app/api/store-admin/orders/[id]/mark-paid/route');
const refund = () => import('@/app/api/store-admin/orders/[id]/refund/route');
const cancel = () => import('@/app/api/store-admin/orders/[id]/cancel/route');
const customers = () => import('@/app/api/store-admin/customers/route');
const sales = () => import('@/app/api/store-admin/reports/sales/route');
const pdf = () => import('@/app/api/store-admin/credit-notes/[id]/pdf/route');
const invoicePdf = () => import('@/app/api/store-admin/invoices/[id]/pdf/route');

export const ORDERS_CALLS: StaffCall[] = [
  {
    name: 'GET /api/store-admin/orders',
    permission: 'orders.read',
    ok: 200,
    call: (a) => call(a, list, 'GET', '/api/store-admin/orders?limit=5'),
  },
  {
    name: 'GET /api/store-admin/orders/{id}',
    permission: 'orders.read',
    ok: 200,
    prepare: (t) => orderIn(t, false),
    call: (a, ids) => call(a, one, 'GET', `/api/store-admin/orders/${ids.id}`, { id: ids.id! }),
  },
  {
    name: 'POST /api/store-admin/orders/{id}/mark-paid',
    permission: 'orders.mark_paid',
    ok: 200,
    prepare: (t) => orderIn(t, false),
    call: (a, ids) =>
      call(a, markPaid, 'POST', `/api/store-admin/orders/${ids.id}/mark-paid`, { id: ids.id! }),
  },
  {
    name: 'POST /api/store-admin/orders/{id}/refund',
    permission: 'orders.refund',
    ok: 201,
    prepare: (t) => orderIn(t, true),
    call: (a, ids) =>
      call(a, refund, 'POST', `/api/store-admin/orders/${ids.id}/refund`, { id: ids.id! }, {}),
  },
  {
    name: 'POST /api/store-admin/orders/{id}/cancel',
    permission: 'orders.cancel',
    ok: 200,
    prepare: (t) => orderIn(t, false),
    call: (a, ids) =>
      call(a, cancel, 'POST', `/api/store-admin/orders/${ids.id}/cancel`, { id: ids.id! }),
  },
  {
    name: 'GET /api/store-admin/customers',
    permission: 'customers.read',
    ok: 200,
    call: (a) => call(a, customers, 'GET', '/api/store-admin/customers?limit=5'),
  },
  {
    name: 'GET /api/store-admin/reports/sales',
    permission: 'reports.read',
    ok: 200,
    call: (a) =>
      call(a, sales, 'GET', '/api/store-admin/reports/sales?from=2026-01-01&to=2026-12-31'),
  },
  {
    // A credit note id of no store: 404 for everyone; the detail and refund entries cover a real one.
    name: 'GET /api/store-admin/credit-notes/{id}/pdf',
    permission: 'orders.read',
    ok: 404,
    call: (a) =>
      call(
        a,
        pdf,
        'GET',
        '/api/store-admin/credit-notes/00000000-0000-4000-8000-000000000000/pdf',
        {
          id: '00000000-0000-4000-8000-000000000000',
        },
      ),
  },
  {
    // An invoice id of no store: 404 for everyone; tests/api/store-admin-orders.test.ts covers a
    // real one (a PDF, not JSON).
    name: 'GET /api/store-admin/invoices/{id}/pdf',
    permission: 'orders.read',
    ok: 404,
    call: (a) =>
      call(
        a,
        invoicePdf,
        'GET',
        '/api/store-admin/invoices/00000000-0000-4000-8000-000000000000/pdf',
        { id: '00000000-0000-4000-8000-000000000000' },
      ),
  },
];
