import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { buyer, checkoutRoutes, type Buyer } from '../support/checkout';
import { signedInCustomer } from '../support/customers';
import { apiRequest } from '../support/requests';
import {
  newStore,
  OPERATOR_TOKEN,
  signedInStaff,
  storeAdminRoutes,
  type SignedInStaff,
} from '../support/store-admin';

// Decision 0323: a customer whose order the store refunded finds the credit note the refund's
// mail names, in GET /api/invoices beside the invoice it corrects and on the order, and opens it
// and its PDF as an invoice is opened: the account's own in this store, roles with billing.read,
// and for anyone else the same 404 as for no credit note at all.
process.env.ADMIN_API_TOKEN = OPERATOR_TOKEN;
process.env.PAYMENT_PROVIDER = 'manual';
const routes = await storeAdminRoutes();
const shop = await checkoutRoutes();
const { appDb } = await import('@/lib/db/app-db');
const { seedDemoData } = await import('@/features/demo/server/demo-seed.server');
const { invoices } = await import('@/lib/db/schema');
const { eq } = await import('drizzle-orm');
const { invoiceCreditNotes } = await import('@/features/invoices/server/credit-notes.server');
const { creditNoteOfInvoice } = await import('@/features/invoices/invoice-format');
const { formatMoney } = await import('@/features/pricing/format-money');
const markPaid = await import('@/app/api/store-admin/orders/[id]/mark-paid/route');
const refund = await import('@/app/api/store-admin/orders/[id]/refund/route');

let store: { host: string; id: string };
let other: { host: string; id: string };
let owner: SignedInStaff;

beforeAll(async () => {
  await seedDemoData(await appDb(), { demoStores: true });
  store = await newStore(routes, 'credits');
  other = await newStore(routes, 'notcredits');
  owner = await signedInStaff(routes, store, 'store_owner');
});

const post = (path: string, handler: { POST: any }, id: string, json?: unknown) =>
  owner.agent.call(handler.POST, path.replace('{id}', id), {
    method: 'POST',
    json,
    params: { id },
  });

type Line = { id: string; label: string; total: { net: number; vat: number; gross: number } };

/** A customer's paid order of two plans on the store's host, by bank transfer marked paid. */
async function paidOrder(b?: Buyer) {
  b ??= await buyer(shop, { host: store.host });
  expect((await b.addToCart({ type: 'plan', plan: 'starter', users: 1 })).status).toBe(200);
  expect((await b.addToCart({ type: 'plan', plan: 'business', users: 2 })).status).toBe(200);
  const checked = await b.checkout();
  const placed = await b.order({
    cart_version: checked.body.data.cart.version,
    accept_terms: true,
  });
  expect(placed.status).toBe(201);
  const order = placed.body.data.order as { id: string; number: string; lines: Line[] };
  expect((await post('/api/store-admin/orders/{id}/mark-paid', markPaid, order.id)).status).toBe(
    200,
  );
  const invoiceId = (await b.getOrder(order.id)).body.data.invoice_id as string;
  return { buyer: b, order, invoiceId };
}

/** The store's owner refunds these lines of the order (none: the rest). */
async function refunded(orderId: string, lines?: string[]) {
  const answer = await post(
    '/api/store-admin/orders/{id}/refund',
    refund,
    orderId,
    lines ? { lines } : undefined,
  );
  expect(answer.status).toBe(201);
  return answer.body.data.credit_note as { id: string; number: string };
}

describe('a refunded customer’s credit notes', () => {
  it('are listed with the invoices, each with the invoice it credits, and open with their PDF', async () => {
    const { buyer: b, order, invoiceId } = await paidOrder();
    expect((await b.invoices()).body.data.credit_notes).toEqual([]);
    const [first, second] = order.lines;
    const note = await refunded(order.id, [first!.id]);

    const listed = (await b.invoices()).body.data;
    const invoice = listed.invoices.find((i: { id: string }) => i.id === invoiceId);
    expect(listed.credit_notes).toHaveLength(1);
    const [shown] = listed.credit_notes;
    expect(shown).toMatchObject({
      id: note.id,
      number: note.number,
      invoice_id: invoiceId,
      invoice_number: invoice.number,
      order_id: order.id,
      order_number: order.number,
      currency: invoice.currency,
      site_version: invoice.site_version,
      shows_vat: invoice.shows_vat,
      supplier: invoice.supplier,
      customer: invoice.customer,
      // What was given back, in minor units, as positive amounts: the first line's.
      totals: first!.total,
    });
    expect(shown.number).toMatch(/-CN-\d{4}-\d{6}$/);
    expect(shown.lines).toEqual([invoice.lines[0]]);
    // The provider's refund id and the order's line ids are the store's, not the customer's.
    expect(Object.keys(shown).sort()).toEqual(
      [
        'currency',
        'customer',
        'id',
        'invoice_id',
        'invoice_number',
        'issued_at',
        'lines',
        'number',
        'order_id',
        'order_number',
        'shows_vat',
        'site_version',
        'supplier',
        'totals',
      ].sort(),
    );
    // The invoice itself is unchanged: a credit note corrects it, never edits it.
    expect(invoice.totals.gross).toBe(first!.total.gross + second!.total.gross);

    const opened = await b.creditNote(note.id);
    expect(opened.status).toBe(200);
    expect(opened.body.data.credit_note).toEqual(shown);
    // An id in capitals names the same credit note.
    expect((await b.creditNote(note.id.toUpperCase())).body.data.credit_note).toEqual(shown);
    const pdf = await b.creditNotePdf(note.id);
    expect(pdf.status).toBe(200);
    expect(pdf.type).toBe('application/pdf');
    expect(pdf.disposition).toBe(`attachment; filename="${note.number}.pdf"`);
    expect(pdf.bytes.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf.bytes.toString('latin1')).toContain(`Credit note ${note.number}`);

    // The order the refund's mail links to names its credit notes too.
    const detail = (await b.getOrder(order.id)).body.data;
    // With the order's lines it refunds, so the order page marks them (0331).
    expect(detail.credit_notes).toEqual([
      {
        id: note.id,
        number: note.number,
        issued_at: shown.issued_at,
        totals: first!.total,
        line_ids: [first!.id],
      },
    ]);
    // The invoice's page names its credit note (0331), found for the account's own invoice only.
    const [row] = await (await appDb()).select().from(invoices).where(eq(invoices.id, invoiceId));
    const scope = { accountId: row!.accountId, storeKey: row!.storeKey };
    const against = await invoiceCreditNotes(scope, invoice);
    expect(against).toEqual([shown]);
    const said = creditNoteOfInvoice(against[0]!, invoice.site_version);
    expect(said.link + said.rest).toBe(
      `Credit note ${note.number} refunds ${formatMoney(first!.total.gross, invoice.site_version)} of this invoice.`,
    );
    expect(await invoiceCreditNotes({ ...scope, accountId: randomUUID() }, invoice)).toEqual([]);
    expect(await invoiceCreditNotes({ ...scope, storeKey: 'elsewhere' }, invoice)).toEqual([]);

    // The rest refunded: two credit notes, newest first, both against the one invoice.
    const rest = await refunded(order.id);
    const both = (await b.invoices()).body.data.credit_notes;
    expect(both.map((n: { number: string }) => n.number)).toEqual([rest.number, note.number]);
    expect(both.map((n: { invoice_id: string }) => n.invoice_id)).toEqual([invoiceId, invoiceId]);
    expect(both[0].totals).toEqual(second!.total);
    const again = (await b.getOrder(order.id)).body.data.credit_notes;
    expect(again.map((n: { id: string }) => n.id)).toEqual([note.id, rest.id]);
    expect(again.map((n: { line_ids: string[] }) => n.line_ids)).toEqual([
      [first!.id],
      [second!.id],
    ]);
    expect(
      (await invoiceCreditNotes(scope, invoice)).map((n: { number: string }) => n.number),
    ).toEqual([note.number, rest.number]);
  });

  it('open for the account’s billing roles only, and answer anyone else as no credit note at all', async () => {
    const { buyer: b, order } = await paidOrder();
    const note = await refunded(order.id, [order.lines[0]!.id]);
    const none = await b.creditNote(randomUUID());
    expect(none.status).toBe(404);
    expect(none.body.error.code).toBe('credit_note_not_found');
    expect((await b.creditNote('not-a-uuid')).body).toEqual(none.body);
    expect((await b.creditNotePdf(randomUUID())).status).toBe(404);

    // Another customer of the same store: not 403, the 404 of an id that names nothing.
    const stranger = await buyer(shop, { host: store.host });
    const theirs = await stranger.creditNote(note.id);
    expect(theirs.status).toBe(404);
    expect(theirs.body).toEqual(none.body);
    expect((await stranger.creditNotePdf(note.id)).status).toBe(404);
    expect((await stranger.invoices()).body.data.credit_notes).toEqual([]);
    expect((await stranger.getOrder(order.id)).status).toBe(404);

    // A customer of another store, and the store's own owner as a customer: the same.
    const elsewhere = await buyer(shop, { host: other.host });
    expect((await elsewhere.creditNote(note.id)).body).toEqual(none.body);
    const staffAsCustomer = await shop.creditNote.GET(
      apiRequest(`/api/credit-notes/${note.id}`, {
        host: store.host,
        headers: { cookie: owner.agent.cookieHeader(), 'x-forwarded-for': owner.agent.ip },
      }),
      { params: Promise.resolve({ id: note.id }) },
    );
    expect(staffAsCustomer.status).toBe(404);

    // Members of the account: the roles that read bills open it, the others are refused (403).
    for (const role of ['admin', 'billing', 'technical', 'member'] as const) {
      const member = await signedInCustomer(shop, {
        host: store.host,
        accountId: b.accountId,
        role,
      });
      const answer = await member.agent.call(shop.creditNote.GET, `/api/credit-notes/${note.id}`, {
        params: { id: note.id },
      });
      const listed = await member.agent.call(shop.invoices.GET, '/api/invoices');
      if (role === 'admin' || role === 'billing') {
        expect(answer.status, role).toBe(200);
        expect(answer.body.data.credit_note.number).toBe(note.number);
        expect(listed.body.data.credit_notes).toHaveLength(1);
      } else {
        expect(answer.status, role).toBe(403);
        expect(answer.body.error.code).toBe('forbidden');
        expect(listed.status, role).toBe(403);
      }
    }
  });

  it('of one order stay apart from the same customer’s other invoices', async () => {
    const { buyer: b, invoiceId: refundedInvoice, order } = await paidOrder();
    const { invoiceId: keptInvoice } = await paidOrder(b);
    await refunded(order.id);
    const listed = (await b.invoices()).body.data;
    expect(listed.invoices.map((i: { id: string }) => i.id).sort()).toEqual(
      [refundedInvoice, keptInvoice].sort(),
    );
    expect(listed.credit_notes.map((n: { invoice_id: string }) => n.invoice_id)).toEqual([
      refundedInvoice,
    ]);
  });
});
