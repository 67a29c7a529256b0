import { randomBytes } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import { expect } from 'vitest';
import { Agent, type Answer } from './agent';
import { apiRequest } from './requests';

/**
 * The store's admin as tests reach it: stores made through the operator's call, staff signed in
 * through the real calls with an authenticator code (so their session showed a second factor).
 * Load it after the configuration (ADMIN_API_TOKEN) is set.
 */

export const OPERATOR_TOKEN = 'store-admin-operator-token-0123456789abcdef';
export const STAFF_PASSWORD = 'a store admin test passphrase';

/** The code an authenticator shows now; `at` is the product's clock when a test has moved it. */
export const totpNow = (secret: string, at = Date.now()) =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate({
    timestamp: at,
  });

export async function storeAdminRoutes() {
  const [token, login, challenge, stores, storeStaff, me, staff, staffOne, audit, join, totp] =
    await Promise.all([
      import('@/app/api/token/route'),
      import('@/app/api/login/route'),
      import('@/app/svc/account/login/challenge/route'),
      import('@/app/api/admin/stores/route'),
      import('@/app/api/admin/stores/[host]/staff/route'),
      import('@/app/api/store-admin/me/route'),
      import('@/app/api/store-admin/staff/route'),
      import('@/app/api/store-admin/staff/[id]/route'),
      import('@/app/api/store-admin/audit/route'),
      import('@/app/api/store-admin/join/route'),
      import('@/app/api/account/totp/route'),
    ]);
  return { token, login, challenge, stores, storeStaff, me, staff, staffOne, audit, join, totp };
}

export type StoreAdminRoutes = Awaited<ReturnType<typeof storeAdminRoutes>>;

/** An operator call with the bearer token. */
export async function operatorCall(
  handler: (request: any, context: any) => Promise<Response>,
  path: string,
  options: { method?: string; json?: unknown; params?: Record<string, string> } = {},
): Promise<{ status: number; body: any }> {
  const response = await handler(
    apiRequest(path, {
      method: options.method ?? 'POST',
      headers: { authorization: `Bearer ${OPERATOR_TOKEN}` },
      json: options.json,
    }),
    { params: Promise.resolve(options.params ?? {}) },
  );
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : null };
}

/** A new white-label store made by the operator; answers its host and id. */
export async function newStore(
  routes: StoreAdminRoutes,
  tag = 'shop',
): Promise<{ host: string; id: string }> {
  const host = `${tag}-${randomBytes(4).toString('hex')}.example.test`;
  const made = await operatorCall(routes.stores.POST, '/api/admin/stores', {
    json: { host, store_name: `${tag} store` },
  });
  expect(made.status).toBe(201);
  return { host, id: made.body.data.id };
}

export type SignedInStaff = {
  agent: Agent;
  email: string;
  userId: string;
  staffId: string;
  secret: string;
  host: string;
  storeId: string;
};

/**
 * A person of the store with an authenticator app, made in the database (registration, the
 * invitation and enrolment have their own tests), on the store's staff with `role` unless
 * `role` is null, then signed in through the real calls: password, then a TOTP code.
 */
export async function signedInStaff(
  routes: StoreAdminRoutes,
  store: { host: string; id: string },
  role: 'store_owner' | 'store_staff' | null,
): Promise<SignedInStaff> {
  const { appDb } = await import('@/lib/db/app-db');
  const { hashPassword } = await import('@/features/auth/server/password.server');
  const { insertAccount, insertUser, updateUser } =
    await import('@/features/auth/server/users-repository.server');
  const { newTotpSecret, sealTotpSecret } = await import('@/features/auth/server/totp.server');
  const { insertStaff } = await import('@/features/store-admin/server/staff-repository.server');
  const db = await appDb();
  const email = `staff.${randomBytes(6).toString('hex')}@example.com`;
  const accountId = await insertAccount(db, { storeKey: store.id, name: 'Staff Person' });
  const user = await insertUser(db, {
    storeKey: store.id,
    accountId,
    name: 'Staff Person',
    email,
    passwordHash: await hashPassword(STAFF_PASSWORD),
    emailVerified: true,
    activatedAt: new Date(),
  });
  const secret = newTotpSecret();
  await updateUser(db, user.id, { totpSecret: await sealTotpSecret(secret) });
  const staffId = role
    ? (
        await insertStaff(db, {
          storeId: store.id,
          userId: user.id,
          role,
          createdAt: new Date(),
        })
      ).row.id
    : '';
  const agent = new Agent(store.host);
  await agent.call(routes.token.GET, '/api/token');
  const login = await agent.call(routes.login.POST, '/api/login', {
    method: 'POST',
    json: { email, password: STAFF_PASSWORD, remember_me: false },
  });
  expect(login.status).toBe(200);
  const step = await agent.call(routes.challenge.POST, '/svc/account/login/challenge', {
    method: 'POST',
    json: {
      challenge: login.body.data.challenge,
      code: totpNow(secret, (await import('@/lib/clock')).now().getTime()),
    },
  });
  expect(step.status).toBe(200);
  return { agent, email, userId: user.id, staffId, secret, host: store.host, storeId: store.id };
}

/** What a store's admin holds, to tell that a refused call changed nothing. */
export async function adminSnapshot(storeId: string): Promise<unknown> {
  const { appDb } = await import('@/lib/db/app-db');
  const { storeStaff, storeStaffInvites, storeAdminAudit } = await import('@/lib/db/schema');
  const { eq } = await import('drizzle-orm');
  const db = await appDb();
  const [staff, invites, audit] = await Promise.all([
    db.select().from(storeStaff).where(eq(storeStaff.storeId, storeId)),
    db.select().from(storeStaffInvites).where(eq(storeStaffInvites.storeId, storeId)),
    db.select().from(storeAdminAudit).where(eq(storeAdminAudit.storeId, storeId)),
  ]);
  const byId = (a: { id: string }, b: { id: string }) => a.id.localeCompare(b.id);
  return { staff: staff.sort(byId), invites: invites.sort(byId), audit: audit.sort(byId) };
}

export type { Answer };
