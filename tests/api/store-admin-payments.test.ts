import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Stripe from 'stripe';
import { apiRequest } from '../support/requests';
import { startFakeStripe } from '../support/fake-stripe';
import { buyer, checkoutRoutes, type Buyer } from '../support/checkout';
import {
  newStore,
  OPERATOR_TOKEN,
  operatorCall,
  signedInStaff,
  storeAdminRoutes,
  type SignedInStaff,
} from '../support/store-admin';

// Issue 26 point 12: the seller on the invoice is the one who is paid. A store that connected its
// own Stripe account is paid into it (the Stripe-Account header on its charges and refunds, its
// events only) and is the supplier; a store that did not sells under the platform, which is paid
// and named. Against the tests' Stripe-compatible server, with the real SDK.
const WEBHOOK_SECRET = 'whsec_connectlanesecret0123456789';
/** The Connect endpoint's own secret: stores' accounts' events are signed with it. */
const CONNECT_WEBHOOK_SECRET = 'whsec_connectendpointsecret98765';
const stripe = await startFakeStripe({ webhookSecret: WEBHOOK_SECRET });
stripe.autoWebhooks(false);
Object.assign(process.env, {
  ADMIN_API_TOKEN: OPERATOR_TOKEN,
  PAYMENT_PROVIDER: 'stripe',
  STRIPE_SECRET_KEY: 'sk_test_storefront0123456789',
  STRIPE_PUBLISHABLE_KEY: 'pk_test_storefront0123456789',
  STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
  STRIPE_CONNECT_WEBHOOK_SECRET: CONNECT_WEBHOOK_SECRET,
  STRIPE_API_URL: stripe.url,
});
delete process.env.SMTP_URL;
const routes = await storeAdminRoutes();
const shop = await checkoutRoutes();
const { appDb } = await import('@/lib/db/app-db');
const { seedDemoData } = await import('@/features/demo/server/demo-seed.server');
const { storeAdminAudit } = await import('@/lib/db/schema');
const { eq } = await import('drizzle-orm');
const { stripePayment } = await import('@/features/purchase/server/stripe-actions.server');
const { recordCharge, runCharge } = await import('@/features/purchase/server/charge.server');
const { accountPaymentMethods } = await import('@/features/payments/server/payments.server');
const { orderById } = await import('@/features/orders/server/orders.server');
const { sellerOtherThan } = await import('@/features/orders/server/merchant.server');
const { storeService } = await import('@/features/tenancy/server/store-service.server');
const { invoicePdfLayout } = await import('@/features/invoices/server/invoice-pdf.server');
const storeRoute = await import('@/app/api/admin/stores/[host]/route');
const webhookRoute = await import('@/app/api/payments/stripe/webhook/route');
const payments = await import('@/app/api/store-admin/payments/route');
const connect = await import('@/app/api/store-admin/payments/connect/route');
const refund = await import('@/app/api/store-admin/orders/[id]/refund/route');

const signer = new Stripe('sk_test_signer', { telemetry: false });

let reseller: { host: string; id: string };
let underPlatform: { host: string; id: string };
let owner: SignedInStaff;
let member: SignedInStaff;
let platformOwner: SignedInStaff;
/** The buyer who kept a card while the store was connected (for the last test). */
let keptCard: { buyer: Buyer } | null = null;

/** The reseller's own company, as its owner would set it. */
const RESELLER = { legalName: 'Bytes Reseller Ltd', vatNumber: 'GB111222333' };

beforeAll(async () => {
  await seedDemoData(await appDb(), { demoStores: true });
  reseller = await newStore(routes, 'connect');
  underPlatform = await newStore(routes, 'platform');
  for (const store of [reseller, underPlatform]) {
    const set = await operatorCall(storeRoute.PATCH, `/api/admin/stores/${store.host}`, {
      method: 'PATCH',
      json: { variables: RESELLER },
      params: { host: store.host },
    });
    expect(set.status).toBe(200);
  }
  owner = await signedInStaff(routes, reseller, 'store_owner');
  member = await signedInStaff(routes, reseller, 'store_staff');
  platformOwner = await signedInStaff(routes, underPlatform, 'store_owner');
});
afterAll(async () => {
  await stripe.close();
});

const state = (who: SignedInStaff) => who.agent.call(payments.GET, '/api/store-admin/payments');
const startConnect = (who: SignedInStaff) =>
  who.agent.call(connect.POST, '/api/store-admin/payments/connect', { method: 'POST' });
const disconnect = (who: SignedInStaff) =>
  who.agent.call(connect.DELETE, '/api/store-admin/payments/connect', { method: 'DELETE' });

async function webhook(event: object, secret = WEBHOOK_SECRET) {
  const payload = JSON.stringify(event);
  const header = signer.webhooks.generateTestHeaderString({ payload, secret });
  const response = await webhookRoute.POST(
    apiRequest('/api/payments/stripe/webhook', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': header },
      body: payload,
    }),
    undefined as never,
  );
  return { status: response.status, body: await response.json() };
}

/** A card order placed on a store's host and its pay page opened (the PaymentIntent made). */
async function cardOrder(host: string, extra: object = {}) {
  const b: Buyer = await buyer(shop, { host });
  expect((await b.addToCart({ type: 'plan', plan: 'starter', users: 1 })).status).toBe(200);
  const checked = await b.checkout();
  const placed = await b.order({
    cart_version: checked.body.data.cart.version,
    accept_terms: true,
    ...extra,
  });
  expect(placed.status).toBe(201);
  const { order, payment } = placed.body.data;
  const started = await stripePayment(
    { accountId: b.accountId, storeKey: b.store.key },
    payment.id,
  );
  const intentId = started.payment.providerRef!;
  const calls = stripe.calls.filter(
    (c) => c.path === '/v1/payment_intents' && c.idempotencyKey === `payment-${payment.id}-create`,
  );
  return { b, order, payment, intentId, started, calls };
}

const auditOf = async (storeId: string) =>
  (await (await appDb()).select().from(storeAdminAudit).where(eq(storeAdminAudit.storeId, storeId)))
    .map((r) => `${r.action} ${r.target}`)
    .sort();

describe('the merchant of record', () => {
  it('is the platform until the owner connects a Stripe account, and only owners see or change it', async () => {
    const before = await state(owner);
    expect(before.status).toBe(200);
    expect(before.body.data).toMatchObject({
      merchant_of_record: 'platform',
      account: null,
      supplier: { legal_name: 'Nameport Ltd', vat_number: 'GB123456789' },
    });
    for (const refused of [
      await state(member),
      await startConnect(member),
      await disconnect(member),
    ]) {
      expect(refused.status).toBe(403);
      expect(refused.body.error.code).toBe('forbidden');
    }
    expect((await disconnect(owner)).body.error.code).toBe('not_connected');
  });

  it('answers 503 stripe_unavailable and keeps nothing when Stripe fails', async () => {
    stripe.fail('/v1/accounts');
    try {
      const refused = await startConnect(platformOwner);
      expect(refused.status).toBe(503);
      expect(refused.body.error.code).toBe('stripe_unavailable');
    } finally {
      stripe.fail('/v1/accounts', false);
    }
    expect((await state(platformOwner)).body.data.account).toBeNull();
    expect(await auditOf(underPlatform.id)).toEqual([]);
  });

  it('connects through Stripe’s onboarding: a connected account, then the store is paid and named', async () => {
    const started = await startConnect(owner);
    expect(started.status).toBe(200);
    const account: string = started.body.data.account.id;
    expect(account).toMatch(/^acct_/);
    expect(started.body.data).toMatchObject({
      merchant_of_record: 'platform',
      account: { id: account, status: 'onboarding' },
    });
    expect(stripe.accounts.get(account)).toMatchObject({
      charges_enabled: false,
      metadata: { store_id: reseller.id },
      controller: { stripe_dashboard: { type: 'full' }, fees: { payer: 'account' } },
    });
    // Until the owner finishes Stripe's form, nothing changes; asking again reuses the account.
    expect((await state(owner)).body.data.merchant_of_record).toBe('platform');
    // Its terms and privacy notice name the platform as the seller (docs/decisions/0309).
    const store = async () => (await storeService().byHost(reseller.host))!;
    expect((await sellerOtherThan(await appDb(), await store()))?.legal_name).toBe('Nameport Ltd');
    const again = await startConnect(owner);
    expect(again.body.data.account.id).toBe(account);
    expect(stripe.accounts.size).toBe(1);

    // The owner fills in Stripe's form and is sent back to the admin.
    const form = await fetch(started.body.data.url, { redirect: 'manual' });
    expect(form.status).toBe(302);
    expect(form.headers.get('location')).toMatch(
      new RegExp(
        `^https?://${reseller.host.replace(/\./g, '\\.')}(:\\d+)?/admin/payments\\?connect=return$`,
      ),
    );
    const after = await state(owner);
    expect(after.body.data).toMatchObject({
      merchant_of_record: 'store',
      account: { id: account, status: 'active' },
      supplier: { legal_name: RESELLER.legalName, vat_number: RESELLER.vatNumber },
    });
    expect((await startConnect(owner)).body.error.code).toBe('already_connected');
    // Now the store sells in its own name: no other seller in its texts.
    expect(await sellerOtherThan(await appDb(), await store())).toBeNull();
    expect(await auditOf(reseller.id)).toEqual(
      [`payments.account_active ${account}`, `payments.connect_started ${account}`].sort(),
    );
  });

  it('charges and refunds a connected store’s order in its account; its invoice names the store', async () => {
    const account = (await state(owner)).body.data.account.id as string;
    const { b, order, payment, intentId, started, calls } = await cardOrder(reseller.host, {
      save_payment_method: true,
    });
    expect(calls.length).toBeGreaterThan(0);
    expect(calls.every((c) => c.stripeAccount === account)).toBe(true);
    // The customer the card is kept on is made in the store's account too.
    const customer = stripe.intents.get(intentId)!.customer;
    expect(customer).toMatch(/^cus_/);
    expect(stripe.calls.filter((c) => c.path === '/v1/customers').at(-1)!.stripeAccount).toBe(
      account,
    );
    expect(started.stripeAccount).toBe(account);
    expect(order.supplier).toMatchObject({ legal_name: RESELLER.legalName });

    // Stripe's event comes from the connected account, with its id in `account`.
    const event = stripe.pay(intentId);
    expect(event).toMatchObject({ account });
    expect(await webhook(event)).toEqual({ status: 200, body: { data: { received: true } } });
    expect((await b.getOrder(order.id)).body.data.order.status).toBe('fulfilled');
    expect(await accountPaymentMethods(b.accountId)).toMatchObject([
      { provider: 'stripe', customerRef: customer, stripeAccount: account },
    ]);
    keptCard = { buyer: b };

    const [listed] = (await b.invoices()).body.data.invoices;
    expect(listed.supplier).toMatchObject({
      legal_name: RESELLER.legalName,
      vat_number: RESELLER.vatNumber,
    });
    const pdf = await b.pdf(listed.id);
    expect(pdf.status).toBe(200);
    expect(invoicePdfLayout(listed).blocks[0]!.lines).toContain(
      `VAT number: ${RESELLER.vatNumber}`,
    );
    expect(pdf.bytes.toString('latin1')).toContain(RESELLER.legalName);

    const refunded = await owner.agent.call(
      refund.POST,
      `/api/store-admin/orders/${order.id}/refund`,
      { method: 'POST', json: {}, params: { id: order.id } },
    );
    expect(refunded.status).toBe(201);
    const given = stripe.refunds.filter((r) => r.payment_intent === intentId);
    expect(given).toEqual([expect.objectContaining({ account, amount: payment.amount })]);
    const refundCalls = stripe.calls.filter((c) => c.path === '/v1/refunds');
    expect(refundCalls.at(-1)!.stripeAccount).toBe(account);
  });

  it('never lets an event from another account, or from the platform’s, pay a connected store’s order', async () => {
    const { b, order, intentId } = await cardOrder(reseller.host);
    const paid = stripe.pay(intentId);
    const foreign = { ...paid, id: `${paid.id}_foreign`, account: 'acct_someoneelse00000' };
    expect(await webhook(foreign)).toEqual({ status: 200, body: { data: { received: true } } });
    const platforms: Record<string, unknown> = { ...paid, id: `${paid.id}_platform` };
    delete platforms.account;
    expect((await webhook(platforms)).status).toBe(200);
    expect((await b.getOrder(order.id)).body.data.order.status).toBe('awaiting_payment');
    // Its own account's event does.
    await webhook(paid);
    expect((await b.getOrder(order.id)).body.data.order.status).toBe('fulfilled');
  });

  it('charges a store under the platform in the platform’s account, and its invoice names the platform', async () => {
    expect((await state(platformOwner)).body.data.merchant_of_record).toBe('platform');
    const { b, order, intentId, started, calls } = await cardOrder(underPlatform.host);
    expect(calls.length).toBeGreaterThan(0);
    expect(calls.every((c) => c.stripeAccount === null)).toBe(true);
    expect(started.stripeAccount).toBeNull();
    const paid = stripe.pay(intentId);
    expect(paid).not.toHaveProperty('account');
    // An event that claims a connected account does not pay a platform order.
    const claimed = { ...paid, id: `${paid.id}_claimed`, account: 'acct_someoneelse00000' };
    await webhook(claimed);
    expect((await b.getOrder(order.id)).body.data.order.status).toBe('awaiting_payment');
    await webhook(paid);
    expect((await b.getOrder(order.id)).body.data.order.status).toBe('fulfilled');

    const [listed] = (await b.invoices()).body.data.invoices;
    expect(listed.supplier).toMatchObject({
      legal_name: 'Nameport Ltd',
      vat_number: 'GB123456789',
      company_number: '09876543',
    });
    const pdf = await b.pdf(listed.id);
    expect(pdf.bytes.toString('latin1')).toContain('Nameport Ltd');
    expect(pdf.bytes.toString('latin1')).not.toContain(RESELLER.legalName);

    const refunded = await platformOwner.agent.call(
      refund.POST,
      `/api/store-admin/orders/${order.id}/refund`,
      { method: 'POST', json: {}, params: { id: order.id } },
    );
    expect(refunded.status).toBe(201);
    expect(stripe.refunds.find((r) => r.payment_intent === intentId)).toMatchObject({
      account: null,
    });
  });

  it('disconnects: new orders are the platform’s, an order placed before keeps its account and supplier', async () => {
    const account = (await state(owner)).body.data.account.id as string;
    const before = await cardOrder(reseller.host);
    const gone = await disconnect(owner);
    expect(gone.status).toBe(200);
    expect(gone.body.data).toMatchObject({ merchant_of_record: 'platform', account: null });
    expect(await auditOf(reseller.id)).toContain(`payments.disconnected ${account}`);

    // The order placed while connected still pays the store's account and names the store.
    await webhook(stripe.pay(before.intentId));
    const [kept] = (await before.b.invoices()).body.data.invoices;
    expect(kept.supplier.legal_name).toBe(RESELLER.legalName);

    const after = await cardOrder(reseller.host);
    expect(after.calls.every((c) => c.stripeAccount === null)).toBe(true);
    expect(after.order.supplier.legal_name).toBe('Nameport Ltd');
  });

  it('never charges a card kept in the store’s account for an order the platform is paid for', async () => {
    // The customer who kept a card while the store was connected gets a bill after it left.
    const b = keptCard!.buyer;
    const [method] = await accountPaymentMethods(b.accountId);
    const bill = await cardOrder(reseller.host);
    const db = await appDb();
    const billRow = (await orderById(db, bill.order.id))!.order;
    expect(billRow.stripeAccount).toBeNull();
    const paymentId = await db.transaction((tx) => recordCharge(tx, billRow, method!));
    const outcome = await runCharge(paymentId, billRow, method!, { email: b.email, name: 'B' });
    expect(outcome).toMatchObject({ paid: false });
    expect(stripe.calls.some((c) => c.idempotencyKey === `payment-${paymentId}-charge`)).toBe(
      false,
    );
    expect((await bill.b.getOrder(bill.order.id)).body.data.order.status).toBe('awaiting_payment');
  });
});

describe('a store account that finishes Stripe’s form while nobody looks at the admin', () => {
  it('becomes active from its own account.updated, signed with the Connect endpoint’s secret', async () => {
    const store = await newStore(routes, 'connectevent');
    const storeOwner = await signedInStaff(routes, store, 'store_owner');
    const started = await startConnect(storeOwner);
    const account: string = started.body.data.account.id;
    const { findStorePaymentAccount } = await import('@/features/orders/server/merchant.server');
    const statusNow = async () =>
      (await findStorePaymentAccount(await appDb(), store.id))?.status ?? null;
    const updated = (id: string) => ({
      id,
      object: 'event',
      type: 'account.updated',
      account,
      data: { object: { id: account, object: 'account', charges_enabled: true } },
    });

    // An event whose copy says "can charge" while Stripe, asked, says not yet: nothing changes.
    const early = await webhook(updated(`evt_early_${account}`), CONNECT_WEBHOOK_SECRET);
    expect(early.status).toBe(200);
    expect(await statusNow()).toBe('onboarding');

    // The owner finishes the form and closes the tab: no return, no look at the admin.
    expect((await fetch(started.body.data.url, { redirect: 'manual' })).status).toBe(302);
    expect(await statusNow()).toBe('onboarding');

    // Signed with a secret that is neither endpoint's: refused, nothing changes.
    const forged = await webhook(updated(`evt_forged_${account}`), 'whsec_notoursnotours0000');
    expect(forged.status).toBe(400);
    expect(forged.body.error.code).toBe('invalid_signature');
    expect(await statusNow()).toBe('onboarding');

    const event = updated(`evt_ready_${account}`);
    expect((await webhook(event, CONNECT_WEBHOOK_SECRET)).status).toBe(200);
    expect(await statusNow()).toBe('active');
    // Sent again, as Stripe does: still one change in the audit, by Stripe.
    expect((await webhook(event, CONNECT_WEBHOOK_SECRET)).status).toBe(200);
    const entries = (await storeOwner.agent.call(routes.audit.GET, '/api/store-admin/audit')).body
      .data.entries as { action: string; actor: string; target: string }[];
    expect(entries.filter((e) => e.action === 'payments.account_active')).toEqual([
      expect.objectContaining({ target: account, actor: 'Stripe (the account can take charges)' }),
    ]);
    expect((await state(storeOwner)).body.data).toMatchObject({
      merchant_of_record: 'store',
      account: { id: account, status: 'active' },
    });
  });
  it('sells under the platform again when Stripe restricts the account, and in its own name once Stripe lets it charge', async () => {
    const store = await newStore(routes, 'restricted');
    const storeOwner = await signedInStaff(routes, store, 'store_owner');
    const started = await startConnect(storeOwner);
    const account: string = started.body.data.account.id;
    expect((await fetch(started.body.data.url, { redirect: 'manual' })).status).toBe(302);
    expect((await state(storeOwner)).body.data.account.status).toBe('active');
    const { findStorePaymentAccount } = await import('@/features/orders/server/merchant.server');
    const statusNow = async () =>
      (await findStorePaymentAccount(await appDb(), store.id))?.status ?? null;
    let sent = 0;
    const updated = (copy: object = {}) => ({
      id: `evt_update_${sent++}_${account}`,
      object: 'event',
      type: 'account.updated',
      account,
      data: { object: { id: account, object: 'account', ...copy } },
    });
    type Entry = { action: string; actor: string; target: string; after: Record<string, unknown> };
    const entriesOf = async (action: string) =>
      (
        (await storeOwner.agent.call(routes.audit.GET, '/api/store-admin/audit')).body.data
          .entries as Entry[]
      ).filter((e) => e.action === action);

    // An event whose copy says "cannot charge" while Stripe, asked, says it can: nothing changes.
    expect(
      (await webhook(updated({ charges_enabled: false }), CONNECT_WEBHOOK_SECRET)).status,
    ).toBe(200);
    expect(await statusNow()).toBe('active');

    // Stripe stops the account's charges until the owner gives it more details; while Stripe
    // cannot be asked, the event is refused (Stripe sends it again) and nothing changes.
    stripe.restrictAccount(account, 'requirements.past_due');
    const restricted = updated({ charges_enabled: false });
    stripe.fail(`/v1/accounts/${account}`);
    const refused = await webhook(restricted, CONNECT_WEBHOOK_SECRET);
    stripe.fail(`/v1/accounts/${account}`, false);
    expect(refused.status).toBe(503);
    expect(refused.body.error.code).toBe('stripe_unavailable');
    expect(await statusNow()).toBe('active');
    // Sent again, as Stripe does, twice: one change, in the audit with Stripe's reason.
    expect((await webhook(restricted, CONNECT_WEBHOOK_SECRET)).status).toBe(200);
    expect((await webhook(restricted, CONNECT_WEBHOOK_SECRET)).status).toBe(200);
    expect(await statusNow()).toBe('onboarding');
    expect((await state(storeOwner)).body.data).toMatchObject({
      merchant_of_record: 'platform',
      account: { id: account, status: 'onboarding' },
    });
    expect(await entriesOf('payments.account_restricted')).toEqual([
      expect.objectContaining({
        target: account,
        actor: 'Stripe (the account can no longer take charges)',
        after: expect.objectContaining({ reason: 'requirements.past_due' }),
      }),
    ]);
    // Its next order is the platform's: charged in the platform's account, not the store's.
    const order = await cardOrder(store.host);
    expect(order.calls.map((c) => c.stripeAccount)).toEqual([null]);

    // The owner gives Stripe what it asked (the same form, through Continue) and closes the tab:
    // Stripe's event alone makes the account active again, credited to Stripe.
    const again = await startConnect(storeOwner);
    expect(again.status).toBe(200);
    expect(again.body.data.account.id).toBe(account);
    expect((await fetch(again.body.data.url, { redirect: 'manual' })).status).toBe(302);
    expect(await statusNow()).toBe('onboarding');
    expect((await webhook(updated(), CONNECT_WEBHOOK_SECRET)).status).toBe(200);
    expect(await statusNow()).toBe('active');
    expect((await entriesOf('payments.account_active')).map((e) => e.actor)).toEqual([
      'Stripe (the account can take charges)',
      expect.any(String),
    ]);
    expect(await entriesOf('payments.account_restricted')).toHaveLength(1);

    // An account Stripe no longer shows the platform (deleted) takes no charges here either.
    stripe.accounts.delete(account);
    expect((await webhook(updated(), CONNECT_WEBHOOK_SECRET)).status).toBe(200);
    expect(await statusNow()).toBe('onboarding');
    expect((await entriesOf('payments.account_restricted'))[0]!.after).toMatchObject({
      reason: 'account_unavailable',
    });
  });
});
