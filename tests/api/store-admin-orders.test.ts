import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { Agent } from '../support/agent';
import { apiRequest } from '../support/requests';
import { buyer, checkoutRoutes } from '../support/checkout';
import {
  newStore,
  OPERATOR_TOKEN,
  signedInStaff,
  storeAdminRoutes,
  type SignedInStaff,
} from '../support/store-admin';

// Issue 26 points 6 and 7: a store's staff find its orders, mark a bank transfer paid, refund
// (owners) with a credit note, cancel, and read the sales report; exactly once under parallel
// calls, and nothing of another store.
process.env.ADMIN_API_TOKEN = OPERATOR_TOKEN;
process.env.PAYMENT_PROVIDER = 'manual';
const routes = await storeAdminRoutes();
const shop = await checkoutRoutes();
const { appDb } = await import('@/lib/db/app-db');
const { seedDemoData } = await import('@/features/demo/server/demo-seed.server');
const { creditNotes, invoices, outbox, storeAdminAudit } = await import('@/lib/db/schema');
const { formatMoney } = await import('@/features/pricing/format-money');
const list = await import('@/app/api/store-admin/orders/route');
const one = await import('@/app/api/store-admin/orders/[id]/route');
const markPaid = await import('@/app/api/store-admin/orders/[id]/mark-paid/route');
const refund = await import('@/app/api/store-admin/orders/[id]/refund/route');
const cancel = await import('@/app/api/store-admin/orders/[id]/cancel/route');
const customers = await import('@/app/api/store-admin/customers/route');
const account = await import('@/app/svc/account/route');
const sales = await import('@/app/api/store-admin/reports/sales/route');
const pdf = await import('@/app/api/store-admin/credit-notes/[id]/pdf/route');
const invoicePdf = await import('@/app/api/store-admin/invoices/[id]/pdf/route');
const customerInvoice = await import('@/app/api/invoices/[id]/route');

let store: { host: string; id: string };
let other: { host: string; id: string };
let owner: SignedInStaff;
let staff: SignedInStaff;
let stranger: SignedInStaff;

beforeAll(async () => {
  await seedDemoData(await appDb(), { demoStores: true });
  store = await newStore(routes, 'orders');
  other = await newStore(routes, 'elsewhere');
  owner = await signedInStaff(routes, store, 'store_owner');
  staff = await signedInStaff(routes, store, 'store_staff');
  stranger = await signedInStaff(routes, other, 'store_owner');
});

/** An order placed on the store's host by a new customer: a plan, by bank transfer. */
async function placedOrder(users = 1) {
  const b = await buyer(shop, { host: store.host });
  expect((await b.addToCart({ type: 'plan', plan: 'starter', users })).status).toBe(200);
  expect((await b.addToCart({ type: 'plan', plan: 'business', users: 2 })).status).toBe(200);
  const checked = await b.checkout();
  const placed = await b.order({
    cart_version: checked.body.data.cart.version,
    accept_terms: true,
  });
  expect(placed.status).toBe(201);
  return { buyer: b, order: placed.body.data.order };
}

const post = (who: SignedInStaff, route: { POST: any }, path: string, id: string, json?: unknown) =>
  who.agent.call(route.POST, path.replace('{id}', id), { method: 'POST', json, params: { id } });
const detail = (who: SignedInStaff, id: string) =>
  who.agent.call(one.GET, `/api/store-admin/orders/${id}`, { params: { id } });

describe('orders in the store admin', () => {
  it('lists and finds the store’s orders, paged, and refuses bad filters', async () => {
    const { order, buyer: b } = await placedOrder();
    const found = await staff.agent.call(
      list.GET,
      `/api/store-admin/orders?q=${encodeURIComponent(b.email)}&status=awaiting_payment&provider=manual`,
    );
    expect(found.status).toBe(200);
    expect(found.body.data.orders.map((o: { number: string }) => o.number)).toEqual([order.number]);
    const byNumber = await staff.agent.call(
      list.GET,
      `/api/store-admin/orders?q=${encodeURIComponent(order.number)}`,
    );
    expect(byNumber.body.data.orders).toHaveLength(1);
    await placedOrder();
    const first = await staff.agent.call(list.GET, '/api/store-admin/orders?limit=1');
    expect(first.body.data.orders).toHaveLength(1);
    expect(first.body.data.next_cursor).toEqual(expect.any(String));
    const second = await staff.agent.call(
      list.GET,
      `/api/store-admin/orders?limit=1&cursor=${first.body.data.next_cursor}`,
    );
    expect(second.body.data.orders[0].id).not.toBe(first.body.data.orders[0].id);
    // Another store's list holds none of these.
    const theirs = await stranger.agent.call(list.GET, '/api/store-admin/orders');
    expect(theirs.body.data.orders).toEqual([]);
    for (const bad of [
      'status=lost',
      'limit=0',
      'limit=%205',
      'from=2026-13-45',
      // No such day, and days at the ends of the calendar the database cannot take.
      'from=2026-02-30',
      'to=9999-12-31',
      'from=0000-01-01',
      'cursor=%21%21',
      'zzz=1',
    ]) {
      const answer = await staff.agent.call(list.GET, `/api/store-admin/orders?${bad}`);
      expect(answer.status, bad).toBe(400);
      expect(answer.body.error.code).toBe('validation_failed');
    }
    expect(
      (await staff.agent.call(list.GET, '/api/store-admin/orders?to=9999-12-31')).body.error.fields,
    ).toEqual({ to: ['must be between 2000-01-01 and 2099-12-31'] });
    expect(
      (await staff.agent.call(list.GET, '/api/store-admin/orders?from=2000-01-01&to=2099-12-31'))
        .status,
    ).toBe(200);
    const bad = await staff.agent.call(list.GET, '/api/store-admin/orders?q=a%07b');
    expect(bad.status).toBe(400);
  });

  it('marks a bank transfer paid exactly once under parallel calls (a repeat answers the paid order), with one invoice and one audit entry', async () => {
    const { order } = await placedOrder();
    const answers = await Promise.all(
      Array.from({ length: 5 }, () =>
        post(staff, markPaid, '/api/store-admin/orders/{id}/mark-paid', order.id),
      ),
    );
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses).toEqual([200, 200, 200, 200, 200]);
    const db = await appDb();
    expect(await db.select().from(invoices).where(eq(invoices.orderId, order.id))).toHaveLength(1);
    const seen = await detail(staff, order.id);
    expect(seen.body.data.order.status).toBe('fulfilled');
    expect(seen.body.data.invoice.number).toMatch(/-INV-\d{4}-\d{6}$/);
    const audit = await db
      .select()
      .from(storeAdminAudit)
      .where(eq(storeAdminAudit.storeId, store.id));
    expect(
      audit.filter((a) => a.action === 'order.marked_paid' && a.target === order.number),
    ).toHaveLength(1);
  });

  it('leads staff to the order’s invoice as a PDF of the store’s own, as the customer’s page is the customer’s only (0324)', async () => {
    const { order, buyer: b } = await placedOrder();
    expect((await detail(staff, order.id)).body.data.invoice).toBeNull();
    expect(
      (await post(owner, markPaid, '/api/store-admin/orders/{id}/mark-paid', order.id)).status,
    ).toBe(200);
    const { invoice } = (await detail(staff, order.id)).body.data;
    expect(invoice.pdf_url).toBe(`/api/store-admin/invoices/${invoice.id}/pdf`);
    const download = (who: SignedInStaff, host: string, id = invoice.id) =>
      invoicePdf.GET(
        apiRequest(`/api/store-admin/invoices/${id}/pdf`, {
          host,
          headers: { cookie: who.agent.cookieHeader(), 'x-forwarded-for': who.agent.ip },
        }),
        { params: Promise.resolve({ id }) },
      );
    // Both roles read orders, so both download it: the invoice the customer downloads.
    for (const who of [owner, staff]) {
      const file = await download(who, store.host);
      expect(file.status).toBe(200);
      expect(file.headers.get('content-type')).toBe('application/pdf');
      expect(file.headers.get('content-disposition')).toBe(
        `attachment; filename="${invoice.number}.pdf"`,
      );
      const bytes = Buffer.from(await file.arrayBuffer());
      expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    }
    // The customer's own invoice call (and its page, which reads the same) is not the admin's:
    // the invoice is the customer's account's, not the staff member's.
    const mine = await b.agent.call(customerInvoice.GET, `/api/invoices/${invoice.id}`, {
      params: { id: invoice.id },
    });
    expect(mine.status).toBe(200);
    expect(mine.body.data.invoice.number).toBe(invoice.number);
    const asOwner = await owner.agent.call(customerInvoice.GET, `/api/invoices/${invoice.id}`, {
      params: { id: invoice.id },
    });
    expect(asOwner.status).toBe(404);
    // Another store's owner finds no such invoice; nor does anyone a made-up one.
    const theirs = await download(stranger, other.host);
    expect(theirs.status).toBe(404);
    expect(JSON.parse(await theirs.text()).error.code).toBe('invoice_not_found');
    expect((await download(owner, store.host, 'not-an-id')).status).toBe(404);
  });

  it('refunds by line then in full exactly once under parallel calls, each with a credit note and its PDF', async () => {
    const { order, buyer: b } = await placedOrder();
    expect(
      (await post(owner, markPaid, '/api/store-admin/orders/{id}/mark-paid', order.id)).status,
    ).toBe(200);
    // The staff role may not refund.
    const denied = await post(staff, refund, '/api/store-admin/orders/{id}/refund', order.id, {});
    expect(denied.status).toBe(403);
    const [firstLine, secondLine] = order.lines.map((l: { id: string }) => l.id);
    const parallel = await Promise.all(
      Array.from({ length: 4 }, () =>
        post(owner, refund, '/api/store-admin/orders/{id}/refund', order.id, {
          lines: [firstLine],
        }),
      ),
    );
    expect(parallel.map((a) => a.status).sort()).toEqual([201, 409, 409, 409]);
    const note = parallel.find((a) => a.status === 201)!.body.data.credit_note;
    expect(note.number).toMatch(/-CN-\d{4}-000001$/);
    expect(note.totals.gross).toBe(order.lines[0].total.gross);
    const rest = await Promise.all(
      Array.from({ length: 3 }, () =>
        post(owner, refund, '/api/store-admin/orders/{id}/refund', order.id),
      ),
    );
    expect(rest.map((a) => a.status).sort()).toEqual([201, 409, 409]);
    const second = rest.find((a) => a.status === 201)!.body.data.credit_note;
    expect(second.number).toMatch(/-CN-\d{4}-000002$/);
    expect(second.line_ids).toEqual([secondLine]);
    const seen = await detail(owner, order.id);
    expect(seen.body.data.order.status).toBe('refunded');
    expect(seen.body.data.credit_notes).toHaveLength(2);
    const db = await appDb();
    expect(
      await db.select().from(creditNotes).where(eq(creditNotes.orderId, order.id)),
    ).toHaveLength(2);
    // The customer is told of each refund once, with its credit note, however many calls came.
    const refunds = (await db.select().from(outbox).where(eq(outbox.recipient, b.email))).filter(
      (m) => m.subject.startsWith('Refund of'),
    );
    expect(refunds).toHaveLength(2);
    const byLine = refunds.find((m) => m.text.includes(note.number))!;
    const theRest = refunds.find((m) => m.text.includes(second.number))!;
    expect(byLine.text).toContain(`of order ${order.number}, for: ${order.lines[0].label}.`);
    expect(byLine.text).toContain(`Credit note ${note.number} records the refund`);
    // Paid by bank transfer (marked paid): the store pays it back, not "to the card" (0331).
    expect(byLine.text).toContain('We will pay the money back to you the way you paid');
    expect(byLine.text).not.toContain('returns to the card');
    const money = (l: { total: { gross: number } }) =>
      formatMoney(l.total.gross, order.site_version);
    // "Refund of £9.60 for order OR-000004 - <store>": the line's own amount, not the order's.
    expect(byLine.subject).toContain(
      `Refund of ${money(order.lines[0])} for order ${order.number} - `,
    );
    expect(theRest.text).toContain(
      `We have refunded the rest of order ${order.number}, ${money(order.lines[1])}, for: ${order.lines[1].label}. The order is now refunded in full.`,
    );
    expect(theRest.text).toContain(`Credit note ${second.number} records the refund`);
    const file = await pdf.GET(
      apiRequest(note.pdf_url, {
        host: store.host,
        headers: { cookie: owner.agent.cookieHeader(), 'x-forwarded-for': owner.agent.ip },
      }),
      { params: Promise.resolve({ id: note.id }) },
    );
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('application/pdf');
    expect(
      Buffer.from(await file.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
    // Another store's owner: the order and the credit note are not there.
    expect((await detail(stranger, order.id)).status).toBe(404);
    expect(
      (await post(stranger, refund, '/api/store-admin/orders/{id}/refund', order.id)).status,
    ).toBe(404);
    const theirs = await pdf.GET(
      apiRequest(note.pdf_url, {
        host: other.host,
        headers: { cookie: stranger.agent.cookieHeader(), 'x-forwarded-for': stranger.agent.ip },
      }),
      { params: Promise.resolve({ id: note.id }) },
    );
    expect(theirs.status).toBe(404);
  });

  it('refuses bad refunds and cancels only an unpaid order', async () => {
    const { order } = await placedOrder();
    const unpaid = await post(owner, refund, '/api/store-admin/orders/{id}/refund', order.id);
    expect(unpaid.status).toBe(409);
    expect(unpaid.body.error.code).toBe('order_not_refundable');
    for (const body of [{ lines: ['nope'] }, { lines: [] }, { extra: 1 }]) {
      const answer = await post(
        owner,
        refund,
        '/api/store-admin/orders/{id}/refund',
        order.id,
        body,
      );
      expect(answer.status, JSON.stringify(body)).toBe(400);
    }
    expect(
      (await post(stranger, cancel, '/api/store-admin/orders/{id}/cancel', order.id)).status,
    ).toBe(404);
    expect(
      (await post(staff, cancel, '/api/store-admin/orders/{id}/cancel', order.id)).status,
    ).toBe(403);
    const cancelled = await post(owner, cancel, '/api/store-admin/orders/{id}/cancel', order.id);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.data.order.status).toBe('cancelled');
    expect(
      (await post(owner, cancel, '/api/store-admin/orders/{id}/cancel', order.id)).status,
    ).toBe(409);
    expect(
      (await post(owner, markPaid, '/api/store-admin/orders/{id}/mark-paid', order.id)).status,
    ).toBe(409);
    expect((await detail(owner, 'not-a-uuid')).status).toBe(404);
  });

  it('lists customers and reports sales with a CSV a spreadsheet opens', async () => {
    const { order, buyer: b } = await placedOrder();
    expect(
      (await post(owner, markPaid, '/api/store-admin/orders/{id}/mark-paid', order.id)).status,
    ).toBe(200);
    const found = await staff.agent.call(
      customers.GET,
      `/api/store-admin/customers?q=${encodeURIComponent(b.email)}`,
    );
    expect(found.status).toBe(200);
    expect(found.body.data.customers).toHaveLength(1);
    expect(found.body.data.customers[0].email).toBe(b.email);
    expect(found.body.data.customers[0].activated).toBe(true);
    // Someone who registered and never opened the activation link is listed, and marked so.
    const visitor = new Agent(store.host);
    expect((await visitor.call(routes.token.GET, '/api/token')).status).toBe(200);
    const pending = `pending.${Date.now().toString(36)}@example.com`;
    const registered = await visitor.call(account.POST, '/svc/account', {
      method: 'POST',
      json: { name: 'Pat Pending', email: pending, password: 'a pending passphrase' },
    });
    expect(registered.status).toBe(202);
    const unactivated = await staff.agent.call(
      customers.GET,
      `/api/store-admin/customers?q=${encodeURIComponent(pending)}`,
    );
    expect(unactivated.body.data.customers).toMatchObject([{ email: pending, activated: false }]);
    const day = new Date().toISOString().slice(0, 10);
    const since = new Date(Date.now() - 300 * 86_400_000).toISOString().slice(0, 10);
    const json = await owner.agent.call(
      sales.GET,
      `/api/store-admin/reports/sales?from=${since}&to=${day}`,
    );
    expect(json.status).toBe(200);
    const plans = json.body.data.sales.filter(
      (r: { product_type: string }) => r.product_type === 'plan',
    );
    expect(plans.length).toBeGreaterThan(0);
    for (const r of plans) expect(r.gross).toBe(r.invoiced_gross - r.credited_gross);
    expect(
      (await staff.agent.call(sales.GET, `/api/store-admin/reports/sales?from=${since}&to=${day}`))
        .status,
    ).toBe(403);
    const response = await sales.GET(
      apiRequest(`/api/store-admin/reports/sales?from=${since}&to=${day}&format=csv`, {
        host: store.host,
        headers: { cookie: owner.agent.cookieHeader(), 'x-forwarded-for': owner.agent.ip },
      }),
      { params: Promise.resolve({}) },
    );
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    const bytes = Buffer.from(await response.arrayBuffer());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = bytes.toString('utf8');
    expect(response.headers.get('content-disposition')).toBe(
      `attachment; filename="sales-${since}-${day}.csv"`,
    );
    // One table a file: the header row comes first, as a spreadsheet expects.
    expect(text.slice(1).split('\r\n')[0]).toBe(
      'Month,Currency,Product type,Invoiced net,Invoiced VAT,Invoiced gross,' +
        'Credited net,Credited VAT,Credited gross,Net,VAT,Gross',
    );
    // The sales table and nothing after it: a header and one line a row of the JSON.
    expect(text.slice(1).split('\r\n').filter(Boolean)).toHaveLength(
      json.body.data.sales.length + 1,
    );
    // What a spreadsheet user reads: the page's names for product types, pounds with two
    // decimals, the same sums as the JSON.
    const plan = plans[0];
    const money = (minor: number) => (minor / 100).toFixed(2);
    expect(text.split('\r\n')).toContain(
      [
        plan.month,
        plan.currency,
        'Plans',
        ...[
          plan.invoiced_net,
          plan.invoiced_vat,
          plan.invoiced_gross,
          plan.credited_net,
          plan.credited_vat,
          plan.credited_gross,
          plan.net,
          plan.vat,
          plan.gross,
        ].map(money),
      ].join(','),
    );
    expect(
      (
        await owner.agent.call(
          sales.GET,
          '/api/store-admin/reports/sales?from=2026-02-01&to=2026-01-01',
        )
      ).status,
    ).toBe(400);
    for (const range of ['from=9997-01-01&to=9999-12-31', 'from=0000-01-01&to=0002-12-31']) {
      const answer = await owner.agent.call(
        sales.GET,
        `/api/store-admin/reports/sales?${range}&format=csv`,
      );
      expect(answer.status, range).toBe(400);
    }

    // The other tables, each a file of its own with the same sums as the JSON.
    const csvOf = async (table: string) => {
      const r = await sales.GET(
        apiRequest(
          `/api/store-admin/reports/sales?from=${since}&to=${day}&format=csv&table=${table}`,
          {
            host: store.host,
            headers: { cookie: owner.agent.cookieHeader(), 'x-forwarded-for': owner.agent.ip },
          },
        ),
        { params: Promise.resolve({}) },
      );
      expect(r.status).toBe(200);
      return {
        name: r.headers.get('content-disposition'),
        lines: (await r.text())
          .replace(/^\uFEFF/, '')
          .split('\r\n')
          .filter(Boolean),
      };
    };
    const customersCsv = await csvOf('new_customers');
    expect(customersCsv.name).toBe(`attachment; filename="new-customers-${since}-${day}.csv"`);
    expect(customersCsv.lines).toEqual([
      'Month,New customers',
      ...json.body.data.new_customers.map(
        (c: { month: string; count: number }) => `${c.month},${c.count}`,
      ),
    ]);
    const renewalsCsv = await csvOf('renewals_due');
    expect(renewalsCsv.name).toMatch(
      /^attachment; filename="renewals-due-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    expect(renewalsCsv.lines[0]).toBe('Renews at (UTC),Type,Name,Renews automatically');
    expect(renewalsCsv.lines).toHaveLength(json.body.data.renewals_due.length + 1);
    // A table belongs to the CSV; an unknown one is named.
    const refused = await owner.agent.call(
      sales.GET,
      `/api/store-admin/reports/sales?from=${since}&to=${day}&table=sales`,
    );
    expect(refused.status).toBe(400);
    expect(refused.body.error.fields.table).toEqual([
      'names a table of the CSV: only with format csv',
    ]);
    const unknown = await owner.agent.call(
      sales.GET,
      `/api/store-admin/reports/sales?from=${since}&to=${day}&format=csv&table=orders`,
    );
    expect(unknown.status).toBe(400);
    expect(unknown.body.error.fields.table).toEqual([
      'must be sales, new_customers or renewals_due',
    ]);
  });
});

describe('the sales CSV’s cells', () => {
  it('writes minor units as decimals without rounding, and neutralises formulas but not amounts', async () => {
    const { decimalAmount, neutralised } =
      await import('@/features/store-admin/orders/server/sales-report.server');
    expect([0, 5, -5, 100, 1259, -125_900, 123_456_789].map(decimalAmount)).toEqual([
      '0.00',
      '0.05',
      '-0.05',
      '1.00',
      '12.59',
      '-1259.00',
      '1234567.89',
    ]);
    expect(neutralised('-12.50')).toBe('-12.50');
    expect(neutralised('-1+2')).toBe("'-1+2");
    expect(neutralised('=SUM(A1)')).toBe("'=SUM(A1)");
    expect(neutralised('Example Ltd')).toBe('Example Ltd');
  });
});
