import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { apiRequest } from './requests';
import { customerRoutes, signedInCustomer, UK_BILLING, type Customer } from './customers';

/** Every call of the checkout, loaded after the test file has set its configuration. */
export async function checkoutRoutes() {
  const [
    base,
    checkout,
    orders,
    order,
    pay,
    demo,
    invoices,
    invoice,
    pdf,
    creditNote,
    creditNotePdf,
    services,
    markPaid,
  ] = await Promise.all([
    customerRoutes(),
    import('@/app/api/checkout/route'),
    import('@/app/api/orders/route'),
    import('@/app/api/orders/[id]/route'),
    import('@/app/api/orders/[id]/pay/route'),
    import('@/app/api/payments/[id]/demo/route'),
    import('@/app/api/invoices/route'),
    import('@/app/api/invoices/[id]/route'),
    import('@/app/api/invoices/[id]/pdf/route'),
    import('@/app/api/credit-notes/[id]/route'),
    import('@/app/api/credit-notes/[id]/pdf/route'),
    import('@/app/api/services/route'),
    import('@/app/api/admin/orders/[id]/mark-paid/route'),
  ]);
  return {
    ...base,
    checkout,
    orders,
    order,
    pay,
    demo,
    invoices,
    invoice,
    pdf,
    creditNote,
    creditNotePdf,
    services,
    markPaid,
  };
}

export type CheckoutRoutes = Awaited<ReturnType<typeof checkoutRoutes>>;

/** A signed-in customer with the checkout's calls as a browser makes them. */
export async function buyer(
  routes: CheckoutRoutes,
  options: { host?: string; siteVersion?: 1 | 2; billing?: object | null } = {},
) {
  const c = await signedInCustomer(routes, options);
  if (options.billing !== null) {
    expect((await c.putBilling(options.billing ?? UK_BILLING)).status).toBe(200);
  }
  /** A file the browser downloads: bytes, status and content type (not JSON). */
  const download = async (
    handler: (request: any, context: any) => Promise<Response>,
    path: string,
    id: string,
  ) => {
    const response = await handler(
      apiRequest(path, {
        host: c.agent.host,
        headers: { cookie: c.agent.cookieHeader(), 'x-forwarded-for': c.agent.ip },
      }),
      { params: Promise.resolve({ id }) },
    );
    return {
      status: response.status,
      type: response.headers.get('content-type'),
      disposition: response.headers.get('content-disposition'),
      bytes: Buffer.from(await response.arrayBuffer()),
    };
  };
  const call = (
    handler: Parameters<Customer['agent']['call']>[0],
    path: string,
    extra: Parameters<Customer['agent']['call']>[2] = {},
  ) => c.agent.call(handler, path, { ...extra, headers: c.headers(extra.headers) });
  return {
    ...c,
    checkout: () => call(routes.checkout.GET, '/api/checkout'),
    order: (json: unknown, key: string = randomUUID()) =>
      call(routes.orders.POST, '/api/orders', {
        method: 'POST',
        json,
        headers: { 'idempotency-key': key },
      }),
    orders: () => call(routes.orders.GET, '/api/orders'),
    getOrder: (id: string) => call(routes.order.GET, `/api/orders/${id}`, { params: { id } }),
    payAgain: (id: string) =>
      call(routes.pay.POST, `/api/orders/${id}/pay`, { method: 'POST', params: { id } }),
    demo: (paymentId: string, outcome: string) =>
      call(routes.demo.POST, `/api/payments/${paymentId}/demo`, {
        method: 'POST',
        json: { outcome },
        params: { id: paymentId },
      }),
    invoices: () => call(routes.invoices.GET, '/api/invoices'),
    invoice: (id: string) => call(routes.invoice.GET, `/api/invoices/${id}`, { params: { id } }),
    services: () => call(routes.services.GET, '/api/services'),
    creditNote: (id: string) =>
      call(routes.creditNote.GET, `/api/credit-notes/${id}`, { params: { id } }),
    /** The invoice PDF as bytes, with status and content type. */
    pdf: (id: string) => download(routes.pdf.GET, `/api/invoices/${id}/pdf`, id),
    /** The credit note's PDF, as the invoice's. */
    creditNotePdf: (id: string) =>
      download(routes.creditNotePdf.GET, `/api/credit-notes/${id}/pdf`, id),
  };
}

export type Buyer = Awaited<ReturnType<typeof buyer>>;

let n = 0;
/** A domain nobody has, new for each call. */
export const freshDomain = (tld = 'com') =>
  `checkout-${process.pid}-${Date.now().toString(36)}-${n++}.${tld}`;

/** Free numbers of a site version's inventory, a different one per call. */
export async function freeNumber(siteVersion: 1 | 2 = 1): Promise<string> {
  const { appDb } = await import('@/lib/db/app-db');
  const { phoneNumbers } = await import('@/lib/db/schema');
  const { and, eq, isNull, sql } = await import('drizzle-orm');
  const db = await appDb();
  // Claimed by a random marker so that parallel test files never pick the same number.
  const marker = randomUUID();
  const [row] = await db
    .update(phoneNumbers)
    .set({ heldByCart: marker, heldUntil: new Date(0) })
    .where(
      eq(
        phoneNumbers.number,
        sql`(select ${phoneNumbers.number} from ${phoneNumbers} where ${and(
          eq(phoneNumbers.siteVersion, siteVersion),
          isNull(phoneNumbers.heldByCart),
          isNull(phoneNumbers.heldByOrder),
        )} order by random() limit 1 for update skip locked)`,
      ),
    )
    .returning({ number: phoneNumbers.number });
  return row!.number;
}

/** A cart with a domain, a number and a plan, re-checked, ready to order: `{cart, body}`. */
export async function readyCart(b: Buyer, options: { siteVersion?: 1 | 2 } = {}) {
  const domain = freshDomain();
  const number = await freeNumber(options.siteVersion ?? 1);
  expect((await b.addToCart({ type: 'domain_registration', domain, years: 2 })).status).toBe(200);
  expect((await b.addToCart({ type: 'number', number })).status).toBe(200);
  expect((await b.addToCart({ type: 'plan', plan: 'business', users: 3 })).status).toBe(200);
  const checked = await b.checkout();
  expect(checked.status).toBe(200);
  const cart = checked.body.data.cart;
  const numberLine = cart.items.find((l: { type: string }) => l.type === 'number');
  const address =
    (options.siteVersion ?? 1) === 1
      ? { line1: '1 Canal Street', city: 'Manchester', postcode: 'M1 3HE', country: 'GB' }
      : {
          line1: '350 Fifth Avenue',
          city: 'New York',
          region: 'NY',
          postcode: '10118',
          country: 'US',
        };
  return {
    domain,
    number,
    cart,
    body: {
      cart_version: cart.version,
      accept_terms: true,
      number_addresses: { [numberLine.id]: address },
    },
  };
}
