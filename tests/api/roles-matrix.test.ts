import { randomUUID } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { buyer, checkoutRoutes, readyCart, type Buyer } from '../support/checkout';
import { PASSWORD, signedInCustomer } from '../support/customers';
import { apiRequest } from '../support/requests';

// Every call a signed-in customer makes checks the caller's role on the server against the one
// matrix of src/features/access/roles.ts (docs/decisions/0100). One table: the status each role
// gets from each call. The last test keeps the table whole: a route file whose call is neither
// here nor named below as a call of no account fails it.
const routes = await checkoutRoutes();
const route = (path: string) => import(`@/app/api/${path}/route`);
const [
  services,
  one,
  authCode,
  release,
  renew,
  members,
  member,
  invites,
  invite,
  methods,
  method,
  audit,
  security,
  sessions,
  session,
  password,
  email,
  phone,
  totp,
  backupCodes,
  passkeys,
  passkeyOptions,
  passkey,
  accountName,
  dns,
  dnsRecord,
  dnsTemplate,
  dnsDnssec,
  creditNote,
  creditNotePdf,
] = await Promise.all(
  [
    'services',
    'services/[id]',
    'services/[id]/auth-code',
    'services/[id]/release',
    'services/[id]/renew',
    'account/members',
    'account/members/[id]',
    'account/invites',
    'account/invites/[id]',
    'account/payment-methods',
    'account/payment-methods/[id]',
    'account/audit',
    'account/security',
    'account/sessions',
    'account/sessions/[id]',
    'account/password',
    'account/email',
    'account/phone',
    'account/totp',
    'account/backup-codes',
    'account/passkeys',
    'account/passkeys/options',
    'account/passkeys/[id]',
    'account/name',
    'services/[id]/dns',
    'services/[id]/dns/[record]',
    'services/[id]/dns/template',
    'services/[id]/dns/dnssec',
    'credit-notes/[id]',
    'credit-notes/[id]/pdf',
  ].map(route),
);
const { appDb } = await import('@/lib/db/app-db');
const { seedDemoData } = await import('@/features/demo/server/demo-seed.server');
const { creditNotes, invoices } = await import('@/lib/db/schema');
const { eq } = await import('drizzle-orm');

const ROLES = ['owner', 'admin', 'billing', 'technical', 'member'] as const;
type Role = (typeof ROLES)[number];
type Who = Pick<Buyer, 'agent' | 'headers'>;
type Fixture = {
  domainId: string;
  numberId: string;
  targetId: string;
  orderId: string;
  paymentId: string;
  invoiceId: string;
  creditNoteId: string;
};
type Call = (who: Who, f: Fixture) => Promise<{ status: number }>;
type Extra = Parameters<Buyer['agent']['call']>[2];

const as = (
  who: Who,
  handler: Parameters<Buyer['agent']['call']>[0],
  path: string,
  extra: Extra = {},
) => who.agent.call(handler, path, { ...extra, headers: who.headers(extra.headers) });
/** A call with a JSON body and the path's id. */
const send = (
  who: Who,
  handler: Parameters<Buyer['agent']['call']>[0],
  method: string,
  path: string,
  json?: unknown,
  id?: string,
) => as(who, handler, path, { method, json, params: id === undefined ? {} : { id } });

const ALL_OK = [200, 200, 200, 200, 200] as const;
/** What `billing.read` and `billing.manage` allow: owner, admin, billing. */
const BILLING = (ok: number) => [ok, ok, ok, 403, 403] as const;
/** What `team.manage` allows: owner and admin. */
const TEAM = (ok: number) => [ok, ok, 403, 403, 403] as const;
/** What `services.manage` and `services.secret` allow: owner, admin, technical. */
const TECHNICAL = (ok: number) => [ok, ok, 403, ok, 403] as const;
const nobody = () => randomUUID();

/** [call, status for owner, admin, billing, technical, member]. */
const MATRIX: [string, Call, readonly [number, number, number, number, number]][] = [
  ['GET /api/customer', (w) => as(w, routes.customer.GET, '/api/customer'), ALL_OK],
  ['GET /api/services', (w) => as(w, services.GET, '/api/services'), ALL_OK],
  [
    'GET /api/services/{id}',
    (w, f) => as(w, one.GET, `/api/services/${f.domainId}`, { params: { id: f.domainId } }),
    ALL_OK,
  ],
  [
    'PATCH /api/services/{id} nameservers',
    (w, f) =>
      send(
        w,
        one.PATCH,
        'PATCH',
        `/api/services/${f.domainId}`,
        {
          nameservers: ['ns1.example.net', 'ns2.example.net'],
        },
        f.domainId,
      ),
    TECHNICAL(200),
  ],
  [
    'PATCH /api/services/{id} auto_renew',
    (w, f) =>
      send(w, one.PATCH, 'PATCH', `/api/services/${f.domainId}`, { auto_renew: true }, f.domainId),
    BILLING(200),
  ],
  [
    'POST /api/services/{id}/auth-code',
    (w, f) =>
      send(
        w,
        authCode.POST,
        'POST',
        `/api/services/${f.domainId}/auth-code`,
        { password: PASSWORD },
        f.domainId,
      ),
    TECHNICAL(200),
  ],
  [
    // A wrong confirmation: the roles that may release hear why, the others 403.
    'POST /api/services/{id}/release',
    (w, f) =>
      send(
        w,
        release.POST,
        'POST',
        `/api/services/${f.numberId}/release`,
        { confirm: '+15005550006' },
        f.numberId,
      ),
    TECHNICAL(422),
  ],
  [
    'POST /api/services/{id}/renew',
    (w, f) =>
      send(w, renew.POST, 'POST', `/api/services/${f.domainId}/renew`, { years: 1 }, f.domainId),
    BILLING(201),
  ],
  // DNS hosting is off here (no PDNS_API_URL): a reader is told so, an editor hears 409
  // dns_hosting_off; tests/api/dns.test.ts runs the same calls against a real PowerDNS.
  [
    'GET /api/services/{id}/dns',
    (w, f) => as(w, dns.GET, `/api/services/${f.domainId}/dns`, { params: { id: f.domainId } }),
    ALL_OK,
  ],
  [
    'POST /api/services/{id}/dns',
    (w, f) =>
      send(
        w,
        dns.POST,
        'POST',
        `/api/services/${f.domainId}/dns`,
        { name: 'www', type: 'A', content: '192.0.2.1', ttl: 300 },
        f.domainId,
      ),
    TECHNICAL(409),
  ],
  [
    'PATCH /api/services/{id}/dns/{record}',
    (w, f) => {
      const record = nobody();
      return as(w, dnsRecord.PATCH, `/api/services/${f.domainId}/dns/${record}`, {
        method: 'PATCH',
        json: { ttl: 600 },
        params: { id: f.domainId, record },
      });
    },
    TECHNICAL(409),
  ],
  [
    'DELETE /api/services/{id}/dns/{record}',
    (w, f) => {
      const record = nobody();
      return as(w, dnsRecord.DELETE, `/api/services/${f.domainId}/dns/${record}`, {
        method: 'DELETE',
        params: { id: f.domainId, record },
      });
    },
    TECHNICAL(409),
  ],
  [
    'POST /api/services/{id}/dns/template',
    (w, f) =>
      send(
        w,
        dnsTemplate.POST,
        'POST',
        `/api/services/${f.domainId}/dns/template`,
        { template: 'store_site', preview: true },
        f.domainId,
      ),
    TECHNICAL(409),
  ],
  [
    'PUT /api/services/{id}/dns/dnssec',
    (w, f) =>
      send(
        w,
        dnsDnssec.PUT,
        'PUT',
        `/api/services/${f.domainId}/dns/dnssec`,
        { enabled: true },
        f.domainId,
      ),
    TECHNICAL(409),
  ],
  ['GET /api/account/members', (w) => as(w, members.GET, '/api/account/members'), ALL_OK],
  [
    'PATCH /api/account/members/{id}',
    (w, f) =>
      send(
        w,
        member.PATCH,
        'PATCH',
        `/api/account/members/${f.targetId}`,
        { role: 'member' },
        f.targetId,
      ),
    TEAM(200),
  ],
  [
    'DELETE /api/account/members/{id}',
    (w) => {
      const id = nobody();
      return send(w, member.DELETE, 'DELETE', `/api/account/members/${id}`, undefined, id);
    },
    TEAM(404),
  ],
  [
    'PUT /api/account/name',
    (w) => send(w, accountName.PUT, 'PUT', '/api/account/name', { name: 'Matrix Team' }),
    TEAM(200),
  ],
  ['GET /api/account/invites', (w) => as(w, invites.GET, '/api/account/invites'), TEAM(200)],
  [
    'POST /api/account/invites',
    (w) =>
      send(w, invites.POST, 'POST', '/api/account/invites', {
        email: `matrix.${Math.random().toString(36).slice(2)}@example.com`,
      }),
    TEAM(201),
  ],
  [
    'DELETE /api/account/invites/{id}',
    (w) => {
      const id = nobody();
      return send(w, invite.DELETE, 'DELETE', `/api/account/invites/${id}`, undefined, id);
    },
    TEAM(404),
  ],
  [
    'GET /api/account/payment-methods',
    (w) => as(w, methods.GET, '/api/account/payment-methods'),
    BILLING(200),
  ],
  [
    'PATCH /api/account/payment-methods/{id}',
    (w) => {
      const id = nobody();
      return send(
        w,
        method.PATCH,
        'PATCH',
        `/api/account/payment-methods/${id}`,
        { is_default: true },
        id,
      );
    },
    BILLING(404),
  ],
  [
    'DELETE /api/account/payment-methods/{id}',
    (w) => {
      const id = nobody();
      return send(w, method.DELETE, 'DELETE', `/api/account/payment-methods/${id}`, undefined, id);
    },
    BILLING(404),
  ],
  [
    'GET /api/account/audit',
    (w) => as(w, audit.GET, '/api/account/audit'),
    [200, 403, 403, 403, 403],
  ],
  [
    'GET /api/account/billing',
    (w) => as(w, routes.billing.GET, '/api/account/billing'),
    BILLING(200),
  ],
  [
    'PUT /api/account/billing',
    (w) =>
      send(w, routes.billing.PUT, 'PUT', '/api/account/billing', {
        name: 'Ada Lovelace',
        line1: '12 St James’s Square',
        city: 'London',
        postcode: 'SW1Y 4LB',
        country: 'GB',
      }),
    BILLING(200),
  ],
  ['GET /api/checkout', (w) => as(w, routes.checkout.GET, '/api/checkout'), BILLING(200)],
  [
    // Buying is billing.manage: a member who may not pay holds nothing (docs/decisions/0327).
    'POST /api/cart',
    (w) =>
      send(w, routes.cart.POST, 'POST', '/api/cart', { type: 'plan', plan: 'business', users: 1 }),
    BILLING(200),
  ],
  ['GET /api/orders', (w) => as(w, routes.orders.GET, '/api/orders'), BILLING(200)],
  [
    // An empty body: the roles that may order are told what is missing, the others 403.
    'POST /api/orders',
    (w) =>
      as(w, routes.orders.POST, '/api/orders', {
        method: 'POST',
        json: {},
        headers: { 'idempotency-key': randomUUID() },
      }),
    BILLING(400),
  ],
  [
    'GET /api/orders/{id}',
    (w, f) => as(w, routes.order.GET, `/api/orders/${f.orderId}`, { params: { id: f.orderId } }),
    BILLING(200),
  ],
  [
    // The fixture's order is paid.
    'POST /api/orders/{id}/pay',
    (w, f) =>
      send(w, routes.pay.POST, 'POST', `/api/orders/${f.orderId}/pay`, undefined, f.orderId),
    BILLING(409),
  ],
  [
    // The fixture's payment succeeded: the demo page's choice answers it as it stands.
    'POST /api/payments/{id}/demo',
    (w, f) =>
      send(
        w,
        routes.demo.POST,
        'POST',
        `/api/payments/${f.paymentId}/demo`,
        { outcome: 'decline' },
        f.paymentId,
      ),
    BILLING(200),
  ],
  ['GET /api/invoices', (w) => as(w, routes.invoices.GET, '/api/invoices'), BILLING(200)],
  [
    'GET /api/invoices/{id}',
    (w, f) =>
      as(w, routes.invoice.GET, `/api/invoices/${f.invoiceId}`, { params: { id: f.invoiceId } }),
    BILLING(200),
  ],
  [
    'GET /api/invoices/{id}/pdf',
    // A PDF, not JSON: only its status is read.
    async (w, f) => {
      const path = `/api/invoices/${f.invoiceId}/pdf`;
      const headers = w.headers({ cookie: w.agent.cookieHeader(), 'x-forwarded-for': w.agent.ip });
      const answer = await routes.pdf.GET(apiRequest(path, { host: w.agent.host, headers }), {
        params: Promise.resolve({ id: f.invoiceId }),
      });
      return { status: answer.status };
    },
    BILLING(200),
  ],
  [
    'GET /api/credit-notes/{id}',
    (w, f) =>
      as(w, creditNote.GET, `/api/credit-notes/${f.creditNoteId}`, {
        params: { id: f.creditNoteId },
      }),
    BILLING(200),
  ],
  [
    'GET /api/credit-notes/{id}/pdf',
    // A PDF, not JSON: only its status is read.
    async (w, f) => {
      const path = `/api/credit-notes/${f.creditNoteId}/pdf`;
      const headers = w.headers({ cookie: w.agent.cookieHeader(), 'x-forwarded-for': w.agent.ip });
      const answer = await creditNotePdf.GET(apiRequest(path, { host: w.agent.host, headers }), {
        params: Promise.resolve({ id: f.creditNoteId }),
      });
      return { status: answer.status };
    },
    BILLING(200),
  ],
  // A person's own sign-in: every role keeps its own credentials.
  ['GET /api/account/security', (w) => as(w, security.GET, '/api/account/security'), ALL_OK],
  ['GET /api/account/sessions', (w) => as(w, sessions.GET, '/api/account/sessions'), ALL_OK],
  [
    'DELETE /api/account/sessions/{id}',
    (w) => {
      const id = nobody();
      return send(w, session.DELETE, 'DELETE', `/api/account/sessions/${id}`, undefined, id);
    },
    [404, 404, 404, 404, 404],
  ],
  [
    'POST /api/account/email',
    (w) =>
      send(w, email.POST, 'POST', '/api/account/email', {
        password: PASSWORD,
        email: `moved.${Math.random().toString(36).slice(2)}@example.com`,
      }),
    [202, 202, 202, 202, 202],
  ],
  [
    'POST /api/account/phone',
    (w) =>
      send(w, phone.POST, 'POST', '/api/account/phone', {
        password: PASSWORD,
        phone: '+447700900123',
      }),
    [202, 202, 202, 202, 202],
  ],
  [
    'PUT /api/account/phone',
    (w) => send(w, phone.PUT, 'PUT', '/api/account/phone', { code: '000000' }),
    [401, 401, 401, 401, 401],
  ],
  [
    'DELETE /api/account/phone',
    (w) => send(w, phone.DELETE, 'DELETE', '/api/account/phone', { password: PASSWORD }),
    ALL_OK,
  ],
  [
    'POST /api/account/totp',
    (w) => send(w, totp.POST, 'POST', '/api/account/totp', { password: PASSWORD }),
    ALL_OK,
  ],
  [
    'PUT /api/account/totp',
    (w) =>
      send(w, totp.PUT, 'PUT', '/api/account/totp', {
        setup_token: 'x'.repeat(43),
        code: '000000',
      }),
    [410, 410, 410, 410, 410],
  ],
  [
    'DELETE /api/account/totp',
    (w) => send(w, totp.DELETE, 'DELETE', '/api/account/totp', {}),
    [400, 400, 400, 400, 400],
  ],
  [
    'POST /api/account/backup-codes',
    (w) => send(w, backupCodes.POST, 'POST', '/api/account/backup-codes', {}),
    [400, 400, 400, 400, 400],
  ],
  [
    'POST /api/account/passkeys/options',
    (w) =>
      send(w, passkeyOptions.POST, 'POST', '/api/account/passkeys/options', { password: PASSWORD }),
    ALL_OK,
  ],
  [
    'POST /api/account/passkeys',
    (w) => send(w, passkeys.POST, 'POST', '/api/account/passkeys', { response: {} }),
    [400, 400, 400, 400, 400],
  ],
  [
    'DELETE /api/account/passkeys/{id}',
    (w) => {
      const id = nobody();
      return send(w, passkey.DELETE, 'DELETE', `/api/account/passkeys/${id}`, {}, id);
    },
    [400, 400, 400, 400, 400],
  ],
  [
    'PUT /api/account/password',
    (w) =>
      send(w, password.PUT, 'PUT', '/api/account/password', {
        current_password: PASSWORD,
        password: 'another matrix passphrase',
        password_confirmation: 'another matrix passphrase',
      }),
    ALL_OK,
  ],
  // Last: it signs every one of them out.
  [
    'DELETE /api/account/sessions',
    (w) => send(w, sessions.DELETE, 'DELETE', '/api/account/sessions'),
    ALL_OK,
  ],
];

/**
 * The calls no account's role decides, with why: the visitor's own session and cart, sign-in
 * and recovery (before anyone is signed in), the public catalog, the operator's bearer calls and
 * providers' callbacks. Anything else a route file serves must be in MATRIX.
 */
const NOT_ACCOUNT_CALLS: Record<string, string> = {
  'PUT /api/account/activate': 'the activation link, before the first sign-in',
  'PUT /api/account/email': 'the mailed confirmation link, signed in or not',
  'GET /api/admin/clock': 'operator (ADMIN_API_TOKEN)',
  'POST /api/admin/clock': 'operator (ADMIN_API_TOKEN)',
  'POST /api/admin/orders/{id}/mark-paid': 'operator (ADMIN_API_TOKEN)',
  'GET /api/admin/costs': 'operator (ADMIN_API_TOKEN)',
  'PUT /api/admin/costs': 'operator (ADMIN_API_TOKEN)',
  'POST /api/admin/stores': 'operator (ADMIN_API_TOKEN)',
  'GET /api/admin/stores/{host}': 'operator (ADMIN_API_TOKEN)',
  'PATCH /api/admin/stores/{host}': 'operator (ADMIN_API_TOKEN)',
  'POST /api/admin/stores/{host}/staff': 'operator (ADMIN_API_TOKEN)',
  'GET /api/cart': 'the visitor’s cart, signed in or not',
  'PUT /api/cart/{id}': 'the visitor’s cart',
  'DELETE /api/cart/{id}': 'the visitor’s cart',
  'DELETE /api/cart/clear': 'the visitor’s cart',
  'GET /api/assets/{file}': 'a store’s published logo or favicon, public by its content hash',
  'POST /api/check-activation-link': 'the activation link, before the first sign-in',
  'POST /api/check-reset-link': 'password recovery, signed out',
  'GET /api/dev/outbox': 'the local outbox script, by its lock-file token',
  'GET /api/domains/search': 'public catalog',
  'POST /api/forgot-password': 'password recovery, signed out',
  'POST /api/glogin': 'sign-in',
  'POST /api/login': 'sign-in',
  'POST /api/logout': 'ends the visitor’s own session, signed in or not',
  'POST /api/oauth/grant/ctd': 'the desktop grant of the person’s own sign-in (OAuth errors)',
  'GET /api/oauth/metadata': 'public OAuth metadata',
  'POST /api/oauth/revoke': 'the desktop client’s token, no session',
  'POST /api/oauth/token': 'the desktop client’s token, no session',
  'POST /api/passkey/login': 'sign-in',
  'POST /api/passkey/options': 'sign-in',
  'POST /api/payments/stripe/webhook': 'Stripe’s signed callback',
  'GET /api/ready': 'an instance’s readiness, for load balancers and orchestrators',
  'POST /api/reset-password': 'password recovery, signed out',
  'GET /api/site-version': 'the visitor’s choice',
  'PUT /api/site-version': 'the visitor’s choice',
  'GET /api/store': 'public store',
  'GET /api/theme': 'public store',
  'GET /api/tls/ask': 'the TLS front’s question, by its shared secret (TLS_ASK_SECRET)',
  'GET /api/token': 'the visitor’s session and CSRF token',
  'PUT /api/vat': 'the visitor’s choice',
  'GET /api/voice/numbers': 'public catalog',
  'GET /api/voice/plans': 'public catalog',
  'GET /svc/account/login/challenge': 'sign-in',
  'PUT /svc/account/login/challenge': 'sign-in',
  'POST /svc/account/login/challenge': 'sign-in',
  'POST /svc/account': 'registration',
  'GET /svc/invite/{token}': 'the invite link, before registration',
};

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
/** The store admin's calls, checked by their own matrix (tests/api/store-admin-matrix.test.ts). */
const STORE_ADMIN_CALL = /^\w+ \/api\/store-admin\//;
/** What answers a method without serving it: 405, or no such path. */
const NOT_SERVED = /^(methodNotAllowed|operatorMethodNotAllowed|noSuchApiPath|otherMethod)\b/;

/** Every method a route file under src/app/api or src/app/svc serves, as "GET /api/x/{id}". */
function servedCalls(): string[] {
  const app = join(process.cwd(), 'src', 'app');
  const files = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
      e.isDirectory() ? files(join(dir, e.name)) : e.name === 'route.ts' ? [join(dir, e.name)] : [],
    );
  return [join(app, 'api'), join(app, 'svc')].flatMap(files).flatMap((file) => {
    const path = `/${relative(app, file).split(sep).slice(0, -1).join('/')}`;
    // The catch-all answers 404 for paths no call has.
    if (path.includes('[[...')) return [];
    const source = readFileSync(file, 'utf8');
    const served = (method: string, seen = new Set<string>()): boolean => {
      if (new RegExp(`export (async )?function ${method}\\b`).test(source)) return true;
      const value = new RegExp(`export const ${method} = (\\w+)`).exec(source)?.[1];
      if (value === undefined || NOT_SERVED.test(value)) return false;
      if ((METHODS as readonly string[]).includes(value) && !seen.has(value)) {
        return served(value, seen.add(method));
      }
      return true;
    };
    const call = path.replace(/\[(\w+)\]/g, '{$1}');
    return METHODS.filter((m) => served(m)).map((m) => `${m} ${call}`);
  });
}

/**
 * A credit note of the invoice's first line, written as the store's refund writes one: a built-in
 * brand has no staff to refund in its admin, and who may read it is all that is tried here (the
 * refund itself: tests/api/store-admin-orders.test.ts and credit-notes.test.ts).
 */
async function creditNoteOf(invoiceId: string): Promise<string> {
  const db = await appDb();
  const [invoice] = await db.select().from(invoices).where(eq(invoices.id, invoiceId));
  const line = (invoice!.lines as { net: number; vat: number; gross: number }[])[0]!;
  const [note] = await db
    .insert(creditNotes)
    .values({
      storeKey: invoice!.storeKey,
      accountId: invoice!.accountId,
      orderId: invoice!.orderId,
      invoiceId: invoice!.id,
      invoiceNumber: invoice!.number,
      number: invoice!.number.replace('-INV-', '-CN-'),
      issuedAt: new Date(),
      currency: invoice!.currency,
      supplier: invoice!.supplier,
      customer: invoice!.customer,
      lines: [line],
      totalNet: line.net,
      totalVat: line.vat,
      totalGross: line.gross,
      provider: 'demo',
      refundRef: null,
    })
    .returning({ id: creditNotes.id });
  return note!.id;
}

let people: Record<Role, Who>;
let fixture: Fixture;

beforeAll(async () => {
  await seedDemoData(await appDb(), { demoStores: true });
  const owner = await buyer(routes);
  const { body } = await readyCart(owner);
  const placed = await owner.order(body);
  const paymentId = placed.body.data.payment.id;
  expect((await owner.demo(paymentId, 'succeed')).status).toBe(200);
  const orderId = placed.body.data.order.id;
  const invoiceId = (await owner.getOrder(orderId)).body.data.invoice_id;
  const creditNoteId = await creditNoteOf(invoiceId);
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
  fixture = {
    domainId: list.find((s) => s.type === 'domain')!.id,
    numberId: list.find((s) => s.type === 'number')!.id,
    targetId: target.userId,
    orderId,
    paymentId,
    invoiceId,
    creditNoteId,
  };
});

describe('the role matrix, checked on the server', () => {
  it.each(MATRIX)('%s', async (_name, call, expected) => {
    const got: number[] = [];
    for (const role of ROLES) got.push((await call(people[role], fixture)).status);
    expect(Object.fromEntries(ROLES.map((r, i) => [r, got[i]]))).toEqual(
      Object.fromEntries(ROLES.map((r, i) => [r, expected[i]])),
    );
  });

  it('holds every call a route file serves, unless it is named as no account’s call', () => {
    const inMatrix = new Set(MATRIX.map(([name]) => name.split(' ').slice(0, 2).join(' ')));
    // A store's admin has its own roles and its own matrix, which holds every one of its calls:
    // tests/api/store-admin-matrix.test.ts with tests/support/store-admin-calls.ts.
    const served = servedCalls().filter((c) => !STORE_ADMIN_CALL.test(c));
    const missing = served.filter((c) => !inMatrix.has(c) && !(c in NOT_ACCOUNT_CALLS));
    expect(missing).toEqual([]);
    // Names that no route serves any more would let a new call of that name slip by.
    const stale = [...inMatrix, ...Object.keys(NOT_ACCOUNT_CALLS)].filter(
      (c) => !served.includes(c),
    );
    expect(stale).toEqual([]);
  });
});
