import { relations, sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type {
  ServiceDetails,
  StoredCurrency,
  StoredOrderKind,
  StoredOrderStatus,
  StoredPaymentStatus,
  StoredPeriod,
  StoredServiceStatus,
  StoredServiceType,
  StoredSiteVersion,
  StoredBilling,
  StoredProviderName,
} from './column-types';

/** A named set of TLD prices; built-in brands use their key, white-label stores their own list. */
export const priceLists = pgTable('price_lists', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Yearly TLD prices in net minor units of the site version's currency. */
export const tldPrices = pgTable(
  'tld_prices',
  {
    priceListId: text('price_list_id')
      .notNull()
      .references(() => priceLists.id, { onDelete: 'cascade' }),
    siteVersion: smallint('site_version').notNull(),
    tld: text('tld').notNull(),
    registerNet: integer('register_net').notNull(),
    renewNet: integer('renew_net').notNull(),
    transferNet: integer('transfer_net').notNull(),
    /**
     * Restoring a domain from redemption: the store's price, charged once with a
     * year's renewal. Defaults to 70.00 of the site version's currency until the store sets it.
     */
    restoreNet: integer('restore_net').notNull().default(7000),
    featured: boolean('featured').notNull().default(false),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.priceListId, t.siteVersion, t.tld] }),
    check('tld_prices_site_version', sql`${t.siteVersion} in (1, 2)`),
    check(
      'tld_prices_non_negative',
      sql`${t.registerNet} >= 0 and ${t.renewNet} >= 0 and ${t.transferNet} >= 0 and ${t.restoreNet} >= 0`,
    ),
    check('tld_prices_tld_format', sql`${t.tld} ~ '^[a-z0-9-]+(\\.[a-z0-9-]+)*$'`),
  ],
);

/** White-label stores (keyword 4). Built-in brands live in code. */
export const stores = pgTable(
  'stores',
  {
    id: uuid('id').primaryKey(),
    storeUuid: uuid('store_uuid').notNull().unique(),
    storeName: text('store_name').notNull(),
    storeTypeId: smallint('store_type_id').notNull().default(1),
    domainName: text('domain_name').notNull(),
    isYay: boolean('is_yay').notNull().default(false),
    isCs: boolean('is_cs').notNull().default(false),
    isCsCustomer: boolean('is_cs_customer').notNull().default(false),
    isReseller: boolean('is_reseller').notNull().default(true),
    dashboardOnly: boolean('dashboard_only').notNull().default(false),
    defaultTheme: boolean('default_theme').notNull().default(false),
    themeId: integer('theme_id'),
    theme: jsonb('theme').notNull().default({}),
    variables: jsonb('variables').notNull().default({}),
    priceListId: text('price_list_id').references(() => priceLists.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('stores_store_type_id', sql`${t.storeTypeId} = 1`)],
);

/** Host names that reach a store; lower-case, without port. */
export const storeHosts = pgTable('store_hosts', {
  host: text('host').primaryKey(),
  storeId: uuid('store_id')
    .notNull()
    .references(() => stores.id, { onDelete: 'cascade' }),
});

export const priceListsRelations = relations(priceLists, ({ many }) => ({
  prices: many(tldPrices),
}));

export const tldPricesRelations = relations(tldPrices, ({ one }) => ({
  priceList: one(priceLists, { fields: [tldPrices.priceListId], references: [priceLists.id] }),
}));

export const storesRelations = relations(stores, ({ many, one }) => ({
  hosts: many(storeHosts),
  priceList: one(priceLists, { fields: [stores.priceListId], references: [priceLists.id] }),
}));

export const storeHostsRelations = relations(storeHosts, ({ one }) => ({
  store: one(stores, { fields: [storeHosts.storeId], references: [stores.id] }),
}));

// ---------------------------------------------------------------------------------------------
// Accounts and security. Secrets (session ids, tokens, codes) are stored only as
// hashes; see docs/decisions/0020-sessions-and-csrf.md.

/** Roles of a customer account's people; the matrix lives in features/auth. */
const ROLE_SQL = sql.raw(`('owner', 'admin', 'billing', 'technical', 'member')`);

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/** Server-side secrets generated on first use when the configuration gives none. */
export const appSecrets = pgTable('app_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: createdAt(),
});

/**
 * The test clock (TEST_CLOCK=true): how far the product's time is ahead of the real time. Kept
 * so that a restarted server goes on at the moved time (docs/decisions/0151). One row at most.
 */
export const testClock = pgTable(
  'test_clock',
  {
    id: smallint('id').primaryKey().default(1),
    offsetMs: bigint('offset_ms', { mode: 'number' }).notNull(),
  },
  (t) => [check('test_clock_one_row', sql`${t.id} = 1`)],
);

/** A customer account of one store: an owner and the team members the owner invited. */
export const accounts = pgTable('accounts', {
  id: uuid('id').primaryKey().defaultRandom(),
  storeKey: text('store_key').notNull(),
  name: text('name').notNull(),
  createdAt: createdAt(),
});

/** People who sign in. E-mail addresses are unique per store and kept lower-case. */
export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    storeKey: text('store_key').notNull(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    role: text('role').notNull().default('owner'),
    name: text('name').notNull(),
    email: text('email').notNull(),
    emailVerified: boolean('email_verified').notNull().default(false),
    passwordHash: text('password_hash'),
    /** Bumped on every password change; reset tokens carry the version they were made for. */
    passwordVersion: integer('password_version').notNull().default(0),
    activatedAt: timestamp('activated_at', { withTimezone: true }),
    /** TOTP secret, encrypted with the server secret (AES-256-GCM). */
    totpSecret: text('totp_secret'),
    /** The last accepted TOTP time step: a code is never accepted twice. */
    totpLastStep: integer('totp_last_step'),
    /**
     * A TOTP setup started and not finished: its secret and when it lapses, sealed. A second
     * start before then (a reload of the setup page) shows the same secret, which the app may
     * already hold (docs/decisions/0303).
     */
    totpSetup: text('totp_setup'),
    /** The number SMS codes go to; set only once a code sent to it came back. */
    phone: text('phone'),
    /** A number being set up, and the code sent to it (HMAC), until it is confirmed. */
    phonePending: text('phone_pending'),
    phoneCodeHash: text('phone_code_hash'),
    phoneCodeExpiresAt: timestamp('phone_code_expires_at', { withTimezone: true }),
    phoneCodeAttempts: integer('phone_code_attempts').notNull().default(0),
    googleIssuer: text('google_issuer'),
    googleSubject: text('google_subject'),
    /** The customer's VAT display choice (inc/ex), kept on the account once signed in. */
    vatDisplay: text('vat_display'),
    createdAt: createdAt(),
  },
  (t) => [
    unique('users_store_email').on(t.storeKey, t.email),
    unique('users_store_google').on(t.storeKey, t.googleIssuer, t.googleSubject),
    check('users_role', sql`${t.role} in ${ROLE_SQL}`),
    check('users_email_lower', sql`${t.email} = lower(${t.email})`),
  ],
);

/**
 * Server-side sessions, anonymous ones included. The cookie holds a random id; only its SHA-256
 * is stored. `id` is stable across rotations so that what hangs on a session (cart) survives
 * sign-in, while the cookie value is replaced.
 */
export const sessions = pgTable('sessions', {
  id: uuid('id').primaryKey().defaultRandom(),
  tokenHash: text('token_hash').notNull().unique(),
  storeKey: text('store_key').notNull(),
  userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
  remember: boolean('remember').notNull().default(false),
  createdAt: createdAt(),
  lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  /** Set when the sign-in came from the desktop client (is_ctd): allows one desktop grant. */
  ctdAt: timestamp('ctd_at', { withTimezone: true }),
  /** VAT display choice (inc/ex) of this visit; null = the default, ex. */
  vatDisplay: text('vat_display'),
  /** Where the sign-in came from, for the customer's list of sessions. */
  userAgent: text('user_agent'),
  ip: text('ip'),
});

/** Step two of a sign-in with a second factor. */
export const loginChallenges = pgTable(
  'login_challenges',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tokenHash: text('token_hash').notNull().unique(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    method: text('method').notNull(),
    codeHash: text('code_hash'),
    codeExpiresAt: timestamp('code_expires_at', { withTimezone: true }),
    attempts: integer('attempts').notNull().default(0),
    rememberMe: boolean('remember_me').notNull().default(false),
    isCtd: boolean('is_ctd').notNull().default(false),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    voidedAt: timestamp('voided_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    check(
      'login_challenges_method',
      sql`${t.method} in ('totp', 'email', 'sms', 'backup_code', 'passkey')`,
    ),
  ],
);

/**
 * Backup codes of a second factor: ten single-use codes, only their HMAC stored.
 * A new set replaces the old one; turning the second factor off removes them.
 */
export const backupCodes = pgTable(
  'backup_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [unique('backup_codes_user_code').on(t.userId, t.codeHash)],
);

/**
 * Single-use tokens: sent by mail (activation, password reset, invite, the confirmation of a
 * new address) or as the challenge of a passkey ceremony (`passkey`). Stored hashed.
 */
export const oneTimeTokens = pgTable(
  'one_time_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    /** Names a token in calls without its secret (an owner withdraws an invite by it). */
    id: uuid('id').notNull().defaultRandom().unique(),
    kind: text('kind').notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    accountId: uuid('account_id').references(() => accounts.id, { onDelete: 'cascade' }),
    invitedBy: uuid('invited_by').references(() => users.id, { onDelete: 'set null' }),
    email: text('email'),
    /** Invites: the role the invitee gets in the account. */
    role: text('role'),
    passwordVersion: integer('password_version'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    check('one_time_tokens_role', sql`${t.role} is null or ${t.role} in ${ROLE_SQL}`),
    check(
      'one_time_tokens_kind',
      sql`${t.kind} in ('activation', 'reset', 'invite', 'passkey', 'email_change')`,
    ),
  ],
);

/**
 * Passkeys (WebAuthn credentials): discoverable credentials for signing in without
 * a password, and a second factor. Public keys only; the private key never leaves the device.
 */
export const passkeys = pgTable('passkeys', {
  id: uuid('id').primaryKey().defaultRandom(),
  /** The credential id the authenticator chose, base64url. */
  credentialId: text('credential_id').notNull().unique(),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** The relying party: the host it was made on, where alone it works. */
  rpId: text('rp_id').notNull(),
  /** COSE public key, base64url. */
  publicKey: text('public_key').notNull(),
  counter: bigint('counter', { mode: 'number' }).notNull().default(0),
  transports: text('transports').notNull().default(''),
  deviceType: text('device_type').notNull(),
  backedUp: boolean('backed_up').notNull().default(false),
  name: text('name').notNull(),
  createdAt: createdAt(),
  lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
});

/** OAuth 2.0 authorization codes of the desktop grant (PKCE S256). */
export const oauthCodes = pgTable('oauth_codes', {
  codeHash: text('code_hash').primaryKey(),
  clientId: text('client_id').notNull(),
  redirectUri: text('redirect_uri').notNull(),
  codeChallenge: text('code_challenge').notNull(),
  /** The scopes granted, space separated (docs/decisions/0081). */
  scope: text('scope').notNull().default(''),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
  createdAt: createdAt(),
});

/**
 * Tokens issued for a code, and by refreshes of them: the code is the family. All of a family's
 * tokens are revoked when the code is replayed or a used refresh token comes back (RFC 9700).
 */
export const oauthTokens = pgTable(
  'oauth_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    kind: text('kind').notNull(),
    scope: text('scope').notNull().default(''),
    codeHash: text('code_hash')
      .notNull()
      .references(() => oauthCodes.codeHash, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    clientId: text('client_id').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [check('oauth_tokens_kind', sql`${t.kind} in ('access', 'refresh')`)],
);

/**
 * Every mail and SMS the product sends. `state`: `kept` (no transport: it waits for `npm run
 * outbox`), `queued` (a delivery job will send it), `sent`, `failed` (after the last try, or
 * refused for good). See docs/decisions/0043-outbox-delivery-as-a-job.md.
 */
export const outbox = pgTable(
  'outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    channel: text('channel').notNull(),
    storeKey: text('store_key').notNull(),
    recipient: text('recipient').notNull(),
    fromName: text('from_name'),
    /** The sending store's address; null for SMS. */
    fromAddress: text('from_address'),
    replyTo: text('reply_to'),
    subject: text('subject').notNull().default(''),
    text: text('text').notNull(),
    html: text('html'),
    /** Files sent with a mail: `[{filename, contentType, base64}]` (an invoice PDF). */
    attachments: jsonb('attachments'),
    createdAt: createdAt(),
    state: text('state').notNull().default('kept'),
    attempts: integer('attempts').notNull().default(0),
    /** While set and in the future, one delivery run holds the message (database time). */
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /** The last delivery error; cleared when a later try delivers. */
    error: text('error'),
  },
  (t) => [
    check('outbox_channel', sql`${t.channel} in ('mail', 'sms')`),
    check('outbox_state', sql`${t.state} in ('kept', 'queued', 'sent', 'failed')`),
    check('outbox_mail_sender', sql`${t.channel} <> 'mail' or ${t.fromAddress} is not null`),
  ],
);

/** Counters of rate-limiter-flexible's database store. */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  points: integer('points').notNull().default(0),
  expire: timestamp('expire', { withTimezone: true }),
});

// ---------------------------------------------------------------------------------------------
// Catalog and cart. Money columns are net minor units of the row's site version.

/**
 * The product's own registry: domains sold through the store and seeded taken names. The default
 * availability provider reads it; a premium row carries its own first-year price per site version.
 */
export const registryDomains = pgTable(
  'registry_domains',
  {
    /** The ASCII (punycode) name, lower-case. */
    domain: text('domain').primaryKey(),
    status: text('status').notNull(),
    premiumRegisterNetSv1: integer('premium_register_net_sv1'),
    premiumRegisterNetSv2: integer('premium_register_net_sv2'),
    /** When a registration sold through the store expires; null for seeded names. */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    check('registry_domains_status', sql`${t.status} in ('taken', 'premium')`),
    check(
      'registry_domains_premium_priced',
      sql`${t.status} <> 'premium' or (${t.premiumRegisterNetSv1} >= 0 and ${t.premiumRegisterNetSv2} >= 0)`,
    ),
  ],
);

/**
 * Virtual phone numbers for sale: UK ranges in site version 1, US area codes in 2. A number in a
 * cart is held by that cart until `held_until`; a lapsed hold is free for anyone.
 */
export const phoneNumbers = pgTable(
  'phone_numbers',
  {
    /** E.164, e.g. +442079460123. */
    number: text('number').primaryKey(),
    siteVersion: smallint('site_version').notNull(),
    /** Area code or prefix in national format: 020, 0161, 212. */
    area: text('area').notNull(),
    /** National digits without punctuation, what `contains` searches. */
    national: text('national').notNull(),
    monthlyNet: integer('monthly_net').notNull(),
    heldByCart: uuid('held_by_cart'),
    heldUntil: timestamp('held_until', { withTimezone: true }),
    /** An order placed with the number holds it until it is paid (sold) or cancelled. */
    heldByOrder: uuid('held_by_order'),
  },
  (t) => [
    check('phone_numbers_site_version', sql`${t.siteVersion} in (1, 2)`),
    check('phone_numbers_monthly', sql`${t.monthlyNet} >= 0`),
  ],
);

/** Call plans, priced per user per month in each site version. */
export const callPlans = pgTable(
  'call_plans',
  {
    id: text('id').notNull(),
    siteVersion: smallint('site_version').notNull(),
    name: text('name').notNull(),
    perUserMonthlyNet: integer('per_user_monthly_net').notNull(),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.id, t.siteVersion] }),
    check('call_plans_site_version', sql`${t.siteVersion} in (1, 2)`),
    check('call_plans_price', sql`${t.perUserMonthlyNet} >= 0`),
  ],
);

/**
 * One cart per anonymous session, or per signed-in user. `version` goes up on every change so a
 * change sent against an older cart is refused (409). `dropped` keeps the lines a merge could not
 * move, with their reasons, until the next change.
 */
export const carts = pgTable(
  'carts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    storeKey: text('store_key').notNull(),
    sessionId: uuid('session_id').references(() => sessions.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    siteVersion: smallint('site_version').notNull(),
    version: integer('version').notNull().default(1),
    dropped: jsonb('dropped').notNull().default([]),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('carts_session').on(t.sessionId),
    unique('carts_user').on(t.userId),
    check('carts_owner', sql`${t.sessionId} is not null or ${t.userId} is not null`),
  ],
);

/** Lines of a cart. A domain or number appears at most once per cart (unique keys). */
export const cartItems = pgTable(
  'cart_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    cartId: uuid('cart_id')
      .notNull()
      .references(() => carts.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    /** Domain lines: ASCII name. */
    domain: text('domain'),
    years: smallint('years'),
    /** Transfer lines: the auth code, sealed with the server secret. */
    authCode: text('auth_code'),
    number: text('number'),
    plan: text('plan'),
    users: integer('users'),
    createdAt: createdAt(),
  },
  (t) => [
    unique('cart_items_domain').on(t.cartId, t.domain),
    unique('cart_items_number').on(t.cartId, t.number),
    unique('cart_items_plan').on(t.cartId, t.plan),
    check(
      'cart_items_type',
      sql`${t.type} in ('domain_registration', 'domain_transfer', 'number', 'plan')`,
    ),
    check('cart_items_years', sql`${t.years} is null or ${t.years} between 1 and 10`),
    check('cart_items_users', sql`${t.users} is null or ${t.users} between 1 and 1000`),
  ],
);

// ---------------------------------------------------------------------------------------------
// Checkout, orders, payments, invoices and services. Money columns are minor units of
// the row's currency. Orders and invoices are snapshots: nothing in them is recomputed from the
// catalog or the store later (docs/decisions/0060-0063).

/** The billing details an account keeps for its orders: one set per account. */
export const billingDetails = pgTable(
  'billing_details',
  {
    accountId: uuid('account_id')
      .primaryKey()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    company: text('company'),
    line1: text('line1').notNull(),
    line2: text('line2'),
    city: text('city').notNull(),
    region: text('region'),
    postcode: text('postcode').notNull(),
    country: text('country').notNull(),
    vatNumber: text('vat_number'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('billing_details_country', sql`${t.country} ~ '^[A-Z]{2}$'`)],
);

/**
 * Gapless number series per store: `order`, and `invoice-<year>`. A number is taken by an UPDATE
 * inside the transaction that uses it, so a rollback gives it back and two never share one.
 */
export const numberSeries = pgTable(
  'number_series',
  {
    storeKey: text('store_key').notNull(),
    series: text('series').notNull(),
    last: integer('last').notNull(),
  },
  (t) => [primaryKey({ columns: [t.storeKey, t.series] })],
);

/** Answers of POST /api/orders by Idempotency-Key, per caller (`user:<id>`). */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    scope: text('scope').notNull(),
    key: text('key').notNull(),
    requestHash: text('request_hash').notNull(),
    status: integer('status').notNull(),
    body: jsonb('body').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.scope, t.key] })],
);

/** The price each cart line had when the checkout last showed it, to tell a change. */
export const checkoutQuotes = pgTable('checkout_quotes', {
  cartItemId: uuid('cart_item_id')
    .primaryKey()
    .references(() => cartItems.id, { onDelete: 'cascade' }),
  siteVersion: smallint('site_version').notNull(),
  net: integer('net').notNull(),
  quotedAt: timestamp('quoted_at', { withTimezone: true }).notNull(),
});

export const orders = pgTable(
  'orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    storeKey: text('store_key').notNull(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The host it was placed on: later work (mails, jobs) finds the store by it. */
    storeHost: text('store_host').notNull(),
    /** Where the order's mails go: the address of the user who placed it. */
    email: text('email').notNull(),
    number: text('number').notNull(),
    /** `purchase` (a checkout), or `renewal` (a service's renewal or restore). */
    kind: text('kind').$type<StoredOrderKind>().notNull().default('purchase'),
    /** When an unpaid renewal is due: its bill is overdue after it. */
    dueAt: timestamp('due_at', { withTimezone: true }),
    status: text('status').$type<StoredOrderStatus>().notNull().default('awaiting_payment'),
    provider: text('provider').$type<StoredProviderName>().notNull(),
    currency: text('currency').$type<StoredCurrency>().notNull(),
    siteVersion: smallint('site_version').$type<StoredSiteVersion>().notNull(),
    totalNet: integer('total_net').notNull(),
    totalVat: integer('total_vat').notNull(),
    totalGross: integer('total_gross').notNull(),
    billing: jsonb('billing').$type<StoredBilling>().notNull(),
    registrant: jsonb('registrant'),
    numberAddresses: jsonb('number_addresses').notNull().default({}),
    /** The store as supplier when the order was placed (names, address, VAT and bank details). */
    supplier: jsonb('supplier').notNull(),
    /**
     * The store's connected Stripe account when the order was placed (issue 26 point 12): its
     * charges and refunds go to it, and only its events pay it. Null: the platform is paid and
     * is the supplier (decision 0230).
     */
    stripeAccount: text('stripe_account'),
    savePaymentMethod: boolean('save_payment_method').notNull().default(false),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    fulfilledAt: timestamp('fulfilled_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    /** Set by the one run of the receipt mail job that sends it. */
    receiptSentAt: timestamp('receipt_sent_at', { withTimezone: true }),
  },
  (t) => [
    unique('orders_store_number').on(t.storeKey, t.number),
    index('orders_account').on(t.accountId, t.createdAt),
    index('orders_due').on(t.status, t.expiresAt),
    // The store admin's order list (issue 26): a store's orders newest first, paged by keyset.
    index('orders_store_created').on(t.storeKey, t.createdAt, t.id),
    check('orders_kind', sql`${t.kind} in ('purchase', 'renewal')`),
    check(
      'orders_status',
      sql`${t.status} in ('awaiting_payment', 'paid', 'fulfilled', 'cancelled', 'refunded')`,
    ),
  ],
);

/** An order's lines as they were sold: what, how many, unit and line prices, VAT rate. */
export const orderLines = pgTable(
  'order_lines',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    position: smallint('position').notNull(),
    type: text('type').notNull(),
    label: text('label').notNull(),
    domain: text('domain'),
    years: smallint('years'),
    /** Transfer lines: the auth code, sealed as in the cart. */
    authCode: text('auth_code'),
    number: text('number'),
    plan: text('plan'),
    users: integer('users'),
    quantity: integer('quantity').notNull(),
    unitNet: integer('unit_net').notNull(),
    unitVat: integer('unit_vat').notNull(),
    unitGross: integer('unit_gross').notNull(),
    totalNet: integer('total_net').notNull(),
    totalVat: integer('total_vat').notNull(),
    totalGross: integer('total_gross').notNull(),
    vatRateBp: integer('vat_rate_bp').notNull(),
    recurringNet: integer('recurring_net').notNull(),
    recurringVat: integer('recurring_vat').notNull(),
    recurringGross: integer('recurring_gross').notNull(),
    period: text('period').$type<StoredPeriod>().notNull(),
    /** A renewal or restore line: the service it extends (no new service is made for it). */
    serviceId: uuid('service_id'),
  },
  (t) => [
    unique('order_lines_position').on(t.orderId, t.position),
    check('order_lines_period', sql`${t.period} in ('month', 'year')`),
  ],
);

/** Payment attempts of an order, one per try, each through one provider. */
export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    storeKey: text('store_key').notNull(),
    accountId: uuid('account_id').notNull(),
    provider: text('provider').$type<StoredProviderName>().notNull(),
    status: text('status').$type<StoredPaymentStatus>().notNull().default('requires_payment'),
    amount: integer('amount').notNull(),
    currency: text('currency').$type<StoredCurrency>().notNull(),
    /** The provider's id of this payment (a Stripe PaymentIntent id). */
    providerRef: text('provider_ref'),
    failureMessage: text('failure_message'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
    succeededAt: timestamp('succeeded_at', { withTimezone: true }),
  },
  (t) => [
    unique('payments_provider_ref').on(t.provider, t.providerRef),
    index('payments_order').on(t.orderId),
    check(
      'payments_status',
      sql`${t.status} in ('requires_payment', 'requires_action', 'processing', 'succeeded', 'failed', 'refunded')`,
    ),
    check('payments_amount', sql`${t.amount} >= 0`),
  ],
);

/** Payment methods an account kept for renewals (a provider's reference, never card data). */
export const paymentMethods = pgTable(
  'payment_methods',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    storeKey: text('store_key').notNull(),
    provider: text('provider').$type<StoredProviderName>().notNull(),
    providerRef: text('provider_ref').notNull(),
    /** The provider's customer the method belongs to (Stripe), for charges off-session. */
    customerRef: text('customer_ref'),
    /** The connected Stripe account the method lives in; null: the platform's account. */
    stripeAccount: text('stripe_account'),
    label: text('label').notNull(),
    /** The method renewals are charged to; at most one per account. */
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [unique('payment_methods_ref').on(t.accountId, t.provider, t.providerRef)],
);

/** Provider events already handled (webhooks): each is handled once, duplicates do nothing. */
export const paymentEvents = pgTable(
  'payment_events',
  {
    provider: text('provider').$type<StoredProviderName>().notNull(),
    eventId: text('event_id').notNull(),
    type: text('type').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.eventId] })],
);

/** VAT invoices: issued once per paid order, numbered per store and year, never changed. */
export const invoices = pgTable(
  'invoices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    storeKey: text('store_key').notNull(),
    accountId: uuid('account_id').notNull(),
    orderId: uuid('order_id')
      .notNull()
      .unique()
      .references(() => orders.id),
    orderNumber: text('order_number').notNull(),
    number: text('number').notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull(),
    suppliedAt: timestamp('supplied_at', { withTimezone: true }).notNull(),
    currency: text('currency').$type<StoredCurrency>().notNull(),
    siteVersion: smallint('site_version').$type<StoredSiteVersion>().notNull(),
    supplier: jsonb('supplier').notNull(),
    customer: jsonb('customer').notNull(),
    lines: jsonb('lines').notNull(),
    totalNet: integer('total_net').notNull(),
    totalVat: integer('total_vat').notNull(),
    totalGross: integer('total_gross').notNull(),
  },
  (t) => [
    unique('invoices_store_number').on(t.storeKey, t.number),
    index('invoices_account').on(t.accountId, t.issuedAt),
  ],
);

/** What paid orders became: domains, pending transfers, numbers and plan subscriptions. */
export const services = pgTable(
  'services',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    storeKey: text('store_key').notNull(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id),
    /** One service per order line: a second fulfilment of the line finds it there. */
    orderLineId: uuid('order_line_id')
      .notNull()
      .unique()
      .references(() => orderLines.id),
    type: text('type').$type<StoredServiceType>().notNull(),
    name: text('name').notNull(),
    status: text('status').$type<StoredServiceStatus>().notNull(),
    period: text('period').$type<StoredPeriod>().notNull(),
    seats: integer('seats'),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    renewsAt: timestamp('renews_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    autoRenew: boolean('auto_renew').notNull().default(true),
    /** Numbers and plans: the customer cancelled; it ends at `renews_at` instead of renewing. */
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    /** Plans: the seat count from the next period on (seats removed at the period's end). */
    nextSeats: integer('next_seats'),
    /** When the service stopped being paid for: a domain's expiry, a number's unpaid renewal. */
    lapsedAt: timestamp('lapsed_at', { withTimezone: true }),
    /**
     * The net price of one unit of the period: a domain's year, a number's month, a plan's seat
     * for a month. Bills multiply it by the units; it is never worked out from a total
     * (docs/decisions/0150).
     */
    unitNet: integer('unit_net').notNull(),
    /** What the current period costs (all its units), as last sold or billed: what is shown. */
    priceNet: integer('price_net').notNull(),
    priceVat: integer('price_vat').notNull(),
    priceGross: integer('price_gross').notNull(),
    currency: text('currency').$type<StoredCurrency>().notNull(),
    paymentMethodId: uuid('payment_method_id').references(() => paymentMethods.id, {
      onDelete: 'set null',
    }),
    /** By `type`: services-repository.server.ts pairs them in its row type. */
    details: jsonb('details').$type<ServiceDetails>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('services_account').on(t.accountId, t.createdAt),
    index('services_renews').on(t.renewsAt),
    check('services_type', sql`${t.type} in ('domain', 'domain_transfer', 'number', 'plan')`),
    check('services_period', sql`${t.period} in ('month', 'year')`),
  ],
);

// ---------------------------------------------------------------------------------------------
// The dashboard and the life of services.

/** Who holds a plan's seats: team members of the plan's account. */
export const serviceSeats = pgTable(
  'service_seats',
  {
    serviceId: uuid('service_id')
      .notNull()
      .references(() => services.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    assignedAt: timestamp('assigned_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.serviceId, t.userId] })],
);

/**
 * Steps of a service's life that have happened (a reminder sent, a renewal billed, a charge
 * tried, a status change), one row per step and cycle, e.g. `reminder-30:2027-11-24`. A job
 * inserts its step in the transaction that has the effect; a second run or a second worker
 * finds it there and does nothing.
 */
export const serviceSteps = pgTable(
  'service_steps',
  {
    serviceId: uuid('service_id')
      .notNull()
      .references(() => services.id, { onDelete: 'cascade' }),
    step: text('step').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    detail: jsonb('detail'),
  },
  (t) => [primaryKey({ columns: [t.serviceId, t.step] })],
);

/**
 * The account's activity log: sign-ins, service changes, auth-code reveals, team
 * and payment method changes, with who, when and from which address. Append-only.
 */
export const auditEvents = pgTable(
  'audit_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    storeKey: text('store_key').notNull(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    at: timestamp('at', { withTimezone: true }).notNull(),
    /** The user who acted (null for the product itself, e.g. a renewal job). */
    actorUserId: uuid('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The actor as shown: an e-mail address, or `system`; kept when the user is removed. */
    actor: text('actor').notNull(),
    action: text('action').notNull(),
    target: text('target').notNull().default(''),
    ip: text('ip'),
    detail: jsonb('detail'),
  },
  (t) => [index('audit_events_account').on(t.accountId, t.at)],
);

// ---------------------------------------------------------------------------------------------
// Store admin (issue 26): a white-label store's own staff, their invitations, the second factor
// a session has shown, and the audit of every admin change. docs/decisions/0160-0164.

const STAFF_ROLE_SQL = sql.raw(`('store_owner', 'store_staff')`);

/**
 * Who runs a white-label store: a person (a user of that store, who signs in on its hosts) and
 * their role there. One row per store and person.
 */
export const storeStaff = pgTable(
  'store_staff',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    storeId: uuid('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    unique('store_staff_store_user').on(t.storeId, t.userId),
    check('store_staff_role', sql`${t.role} in ${STAFF_ROLE_SQL}`),
  ],
);

/**
 * Invitations to a store's staff, by e-mail; only the token's SHA-256 is stored. At most one
 * open invitation per store and address: a new one replaces it.
 */
export const storeStaffInvites = pgTable(
  'store_staff_invites',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    storeId: uuid('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    role: text('role').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    /** Who invited: a staff member, or null for the platform operator. */
    invitedByUserId: uuid('invited_by_user_id').references(() => users.id, {
      onDelete: 'set null',
    }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    acceptedByUserId: uuid('accepted_by_user_id').references(() => users.id, {
      onDelete: 'set null',
    }),
  },
  (t) => [
    index('store_staff_invites_store').on(t.storeId, t.createdAt),
    // One open invitation per store and address: two parallel invitations make one mail.
    uniqueIndex('store_staff_invites_open')
      .on(t.storeId, t.email)
      .where(sql`${t.acceptedAt} is null`),
    check('store_staff_invites_role', sql`${t.role} in ${STAFF_ROLE_SQL}`),
    check('store_staff_invites_email_lower', sql`${t.email} = lower(${t.email})`),
  ],
);

/**
 * The second factor a signed-in session has shown (a TOTP or backup code, a verified passkey, or
 * enrolling one): staff calls need it. Gone with the session; kept per user, so a session that
 * another person signs in on later does not inherit it.
 */
export const sessionSecondFactors = pgTable('session_second_factors', {
  sessionId: uuid('session_id')
    .primaryKey()
    .references(() => sessions.id, { onDelete: 'cascade' }),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  method: text('method').notNull(),
  at: timestamp('at', { withTimezone: true }).notNull(),
});

/**
 * Every change made in a store's admin: who (kept as shown when the person goes), when (the
 * product's clock), from which address, what, and the value before and after. Append-only.
 */
export const storeAdminAudit = pgTable(
  'store_admin_audit',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    storeId: uuid('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    /** The person who acted; null for the platform operator or once the person is removed. */
    actorUserId: uuid('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The actor as shown: an e-mail address, or `operator`. */
    actor: text('actor').notNull(),
    actorIp: text('actor_ip'),
    action: text('action').notNull(),
    target: text('target').notNull().default(''),
    before: jsonb('before'),
    after: jsonb('after'),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (t) => [index('store_admin_audit_store_at').on(t.storeId, t.at)],
);
// DNS hosting (issue 28, features/dns, docs/decisions/0200-0209): a zone per domain service, its
// records as the customer set them, and the ordered queue of changes the `dns.sync` job applies
// to PowerDNS through its HTTP API.
// ---------------------------------------------------------------------------------------------

/** A domain's zone. `serial` rises with every change; `appliedSerial` is what PowerDNS has. */
export const dnsZones = pgTable(
  'dns_zones',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    serviceId: uuid('service_id')
      .notNull()
      .unique()
      .references(() => services.id, { onDelete: 'cascade' }),
    storeKey: text('store_key').notNull(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    /** The zone's name in ASCII (punycode), without the final dot. */
    zone: text('zone').notNull(),
    /** The store's name servers the zone's NS and SOA name. */
    nameservers: jsonb('nameservers').$type<string[]>().notNull(),
    serial: integer('serial').notNull().default(1),
    appliedSerial: integer('applied_serial').notNull().default(0),
    /** `active`, or `removed` once the domain was released (the removal is queued). */
    state: text('state').notNull().default('active'),
    dnssec: boolean('dnssec').notNull().default(false),
    /** The DS records to publish at the registry while DNSSEC is on. */
    ds: jsonb('ds').$type<string[]>().notNull().default([]),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('dns_zones_zone').on(t.zone)],
);

/** One record of a zone, as the customer sees it (TXT content unsplit). */
export const dnsRecords = pgTable(
  'dns_records',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    zoneId: uuid('zone_id')
      .notNull()
      .references(() => dnsZones.id, { onDelete: 'cascade' }),
    /** Relative name, `@` for the apex, in ASCII. */
    name: text('name').notNull(),
    type: text('type').notNull(),
    content: text('content').notNull(),
    ttl: integer('ttl').notNull(),
    priority: integer('priority'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('dns_records_zone').on(t.zoneId, t.name, t.type)],
);

/**
 * What PowerDNS has still to learn, in order (`seq`): a zone to create, the rrsets of one name
 * and type to replace, DNSSEC on or off, the zone to delete. Each applied once, then stamped.
 */
export const dnsChanges = pgTable(
  'dns_changes',
  {
    seq: bigint('seq', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    zoneId: uuid('zone_id')
      .notNull()
      .references(() => dnsZones.id, { onDelete: 'cascade' }),
    serial: integer('serial').notNull(),
    kind: text('kind').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    appliedAt: timestamp('applied_at', { withTimezone: true }),
    /** Times PowerDNS took this change: 1 once applied, never more (tests read it). */
    appliedCount: integer('applied_count').notNull().default(0),
  },
  (t) => [index('dns_changes_pending').on(t.zoneId, t.seq)],
);

/** A store's default template for the zones of the domains it sells. */
export const dnsStoreDefaults = pgTable('dns_store_defaults', {
  storeKey: text('store_key').primaryKey(),
  template: text('template').notNull(),
});

// ---------------------------------------------------------------------------------------------
// Store admin: orders, refunds and credit notes (issue 26 points 6, 7 and 10; decisions 0180-0189)
// ---------------------------------------------------------------------------------------------

/**
 * Credit notes: what a refund gave back, numbered in the store's own gapless series per year
 * (`credit-<year>`), each referring to the invoice it corrects. Never changed once issued.
 */
export const creditNotes = pgTable(
  'credit_notes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    storeKey: text('store_key').notNull(),
    accountId: uuid('account_id').notNull(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id),
    invoiceId: uuid('invoice_id')
      .notNull()
      .references(() => invoices.id),
    invoiceNumber: text('invoice_number').notNull(),
    number: text('number').notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull(),
    currency: text('currency').$type<StoredCurrency>().notNull(),
    supplier: jsonb('supplier').notNull(),
    customer: jsonb('customer').notNull(),
    lines: jsonb('lines').notNull(),
    totalNet: integer('total_net').notNull(),
    totalVat: integer('total_vat').notNull(),
    totalGross: integer('total_gross').notNull(),
    provider: text('provider').$type<StoredProviderName>().notNull(),
    /** The provider's refund id (a Stripe re_...); null for a bank transfer paid back by hand. */
    refundRef: text('refund_ref'),
  },
  (t) => [
    unique('credit_notes_store_number').on(t.storeKey, t.number),
    index('credit_notes_order').on(t.orderId),
    index('credit_notes_store_issued').on(t.storeKey, t.issuedAt),
  ],
);

/** The order lines a credit note gave back: a line is refunded at most once. */
export const creditNoteLines = pgTable(
  'credit_note_lines',
  {
    creditNoteId: uuid('credit_note_id')
      .notNull()
      .references(() => creditNotes.id, { onDelete: 'cascade' }),
    orderLineId: uuid('order_line_id')
      .notNull()
      .unique()
      .references(() => orderLines.id),
  },
  (t) => [primaryKey({ columns: [t.creditNoteId, t.orderLineId] })],
);

// ---------------------------------------------------------------------------------------------
// Store admin, the theme editor (issue 26, points 1-3): each store's draft theme and variables,
// every published version, and uploaded images. docs/decisions/0165-0169.

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => Buffer.from(value),
});

/**
 * A store's draft theme and variables, as the editor last saved them: what its staff preview.
 * At most one per store; shoppers see the store row's theme until a publish copies the draft.
 */
export const storeThemeDrafts = pgTable('store_theme_drafts', {
  storeId: uuid('store_id')
    .primaryKey()
    .references(() => stores.id, { onDelete: 'cascade' }),
  theme: jsonb('theme').notNull(),
  variables: jsonb('variables').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  updatedByUserId: uuid('updated_by_user_id').references(() => users.id, {
    onDelete: 'set null',
  }),
});

/**
 * Every publish of a store's theme: numbered 1, 2, ... per store, kept whole (theme and
 * variables) so that any of them can be restored. Append-only.
 */
export const storeThemeVersions = pgTable(
  'store_theme_versions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    storeId: uuid('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    number: integer('number').notNull(),
    theme: jsonb('theme').notNull(),
    variables: jsonb('variables').notNull(),
    /** The version this one restored, when it was made by a restore. */
    restoredFromId: uuid('restored_from_id'),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull(),
    /** Who published, as shown (kept when the person goes). */
    publishedBy: text('published_by').notNull(),
  },
  (t) => [unique('store_theme_versions_number').on(t.storeId, t.number)],
);

/**
 * Uploaded images (logos, favicons), addressed by the SHA-256 of their bytes: the same file is
 * stored once, and an address never changes what it shows (served with a year-long cache).
 */
export const storeAssets = pgTable(
  'store_assets',
  {
    sha256: text('sha256').primaryKey(),
    contentType: text('content_type').notNull(),
    bytes: bytea('bytes').notNull(),
    size: integer('size').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    check(
      'store_assets_type',
      sql`${t.contentType} in ('image/png', 'image/webp', 'image/svg+xml')`,
    ),
    check('store_assets_size', sql`${t.size} between 1 and 524288`),
  ],
);

// ---------------------------------------------------------------------------------------------
// Store admin: hosts verified by DNS (issue 26 point 5; docs/decisions/0175). A claim is a host a
// store's owner added, with the token its TXT record `_storefront-verify.{host}` must hold. The
// host serves the store (a row in store_hosts) once the record was seen, and stops serving once
// the record has been gone for the grace period or the claim is removed. One claim per host.

export const storeHostClaims = pgTable(
  'store_host_claims',
  {
    host: text('host').primaryKey(),
    storeId: uuid('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    token: text('token').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    /** When the record was first seen (null: never, the host does not serve). */
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    /** When a check last saw the record. */
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }),
    /** When a check last ran, seen or not. */
    checkedAt: timestamp('checked_at', { withTimezone: true }),
    /** When the record was first found missing after being seen (null: present). */
    missingSince: timestamp('missing_since', { withTimezone: true }),
  },
  (t) => [index('store_host_claims_store').on(t.storeId)],
);

// ---------------------------------------------------------------------------------------------
// Prices over cost (issue 26, point 4): what the platform pays wholesale, and which TLDs a
// store's price list has switched off. docs/decisions/0170-0174.

/**
 * The platform's wholesale cost, net minor units of the site version's currency: per TLD
 * (`register`, `renew`, `transfer`, `restore`, yearly), per number range (`monthly`, the range
 * being the area/prefix) and per call plan (`per_user_monthly`). Only the operator changes it.
 */
export const platformCosts = pgTable(
  'platform_costs',
  {
    kind: text('kind').notNull(),
    item: text('item').notNull(),
    siteVersion: smallint('site_version').notNull(),
    action: text('action').notNull(),
    costNet: integer('cost_net').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.kind, t.item, t.siteVersion, t.action] }),
    check('platform_costs_site_version', sql`${t.siteVersion} in (1, 2)`),
    check('platform_costs_non_negative', sql`${t.costNet} >= 0`),
    check(
      'platform_costs_kind_action',
      sql`(${t.kind} = 'tld' and ${t.action} in ('register', 'renew', 'transfer', 'restore'))
        or (${t.kind} = 'number_range' and ${t.action} = 'monthly')
        or (${t.kind} = 'plan' and ${t.action} = 'per_user_monthly')`,
    ),
  ],
);

/** TLDs a price list keeps (with their prices) but does not offer: search and carts skip them. */
export const disabledTlds = pgTable(
  'disabled_tlds',
  {
    priceListId: text('price_list_id')
      .notNull()
      .references(() => priceLists.id, { onDelete: 'cascade' }),
    siteVersion: smallint('site_version').notNull(),
    tld: text('tld').notNull(),
  },
  (t) => [primaryKey({ columns: [t.priceListId, t.siteVersion, t.tld] })],
);

/**
 * A store's own Stripe account (Stripe Connect, issue 26 point 12, decision 0230): made when the
 * owner starts onboarding, `active` once Stripe says it can take charges. A store without an
 * active row sells under the platform, which is then merchant of record and supplier.
 */
export const storePaymentAccounts = pgTable(
  'store_payment_accounts',
  {
    storeId: uuid('store_id')
      .primaryKey()
      .references(() => stores.id, { onDelete: 'cascade' }),
    stripeAccount: text('stripe_account').notNull().unique(),
    status: text('status').$type<'onboarding' | 'active'>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [check('store_payment_accounts_status', sql`${t.status} in ('onboarding', 'active')`)],
);
