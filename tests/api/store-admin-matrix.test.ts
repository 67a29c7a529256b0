import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { Agent } from '../support/agent';
import {
  adminSnapshot,
  newStore,
  OPERATOR_TOKEN,
  signedInStaff,
  storeAdminRoutes,
  type SignedInStaff,
} from '../support/store-admin';
import { STORE_ADMIN_CALLS, type CallTarget } from '../support/store-admin-calls';

// Issue 26, point 8: staff of one store never read or change another, and within a store each
// call checks the role against the one matrix (src/features/store-admin/roles.ts). The list of
// calls is tests/support/store-admin-calls.ts; the first test keeps it whole.
process.env.ADMIN_API_TOKEN = OPERATOR_TOKEN;
delete process.env.SMTP_URL;
const routes = await storeAdminRoutes();
const { appDb } = await import('@/lib/db/app-db');
const { seedDemoData } = await import('@/features/demo/server/demo-seed.server');
const { staffCan } = await import('@/features/store-admin/roles');

type Store = { host: string; id: string };
let storeA: Store;
let storeB: Store;
let ownerA: SignedInStaff;
let staffA: SignedInStaff;
let customerA: SignedInStaff;
let outsiderOnB: SignedInStaff;

const targetOf = (store: Store): CallTarget => ({
  storeId: store.id,
  host: store.host,
  newStaff: async (role) => {
    const { insertStaff } = await import('@/features/store-admin/server/staff-repository.server');
    const { insertAccount, insertUser } =
      await import('@/features/auth/server/users-repository.server');
    const db = await appDb();
    const accountId = await insertAccount(db, { storeKey: store.id, name: 'Target' });
    const user = await insertUser(db, {
      storeKey: store.id,
      accountId,
      name: 'Target',
      email: `target.${Date.now().toString(36)}.${Math.random().toString(36).slice(2)}@example.com`,
    });
    const { row } = await insertStaff(db, {
      storeId: store.id,
      userId: user.id,
      role,
      createdAt: new Date(),
    });
    return { staffId: row.id };
  },
  newInvite: async () => {
    const { insertInvite } =
      await import('@/features/store-admin/server/invites-repository.server');
    const row = await insertInvite(await appDb(), {
      storeId: store.id,
      email: `open.${Date.now().toString(36)}.${Math.random().toString(36).slice(2)}@example.com`,
      role: 'store_staff',
      tokenHash: `test-${Math.random().toString(36).slice(2)}`,
      invitedByUserId: null,
      createdAt: new Date(),
      expiresAt: new Date(Date.now() + 86_400_000),
    });
    return { inviteId: row!.id };
  },
});

beforeAll(async () => {
  await seedDemoData(await appDb(), { demoStores: true });
  storeA = await newStore(routes, 'alpha');
  storeB = await newStore(routes, 'bravo');
  ownerA = await signedInStaff(routes, storeA, 'store_owner');
  staffA = await signedInStaff(routes, storeA, 'store_staff');
  customerA = await signedInStaff(routes, storeA, null);
  // Store A's owner also has an account on store B, as a customer there.
  outsiderOnB = await signedInStaff(routes, storeB, null);
  await signedInStaff(routes, storeB, 'store_owner');
});

/** Every method a route file under src/app/api/store-admin serves, as "GET /api/store-admin/x/{id}". */
function servedStaffCalls(): string[] {
  const app = join(process.cwd(), 'src', 'app');
  const root = join(app, 'api', 'store-admin');
  const files = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
      e.isDirectory() ? files(join(dir, e.name)) : e.name === 'route.ts' ? [join(dir, e.name)] : [],
    );
  return files(root).flatMap((file) => {
    const path = `/${relative(app, file).split(sep).slice(0, -1).join('/')}`.replace(
      /\[(\w+)\]/g,
      '{$1}',
    );
    const source = readFileSync(file, 'utf8');
    return ['GET', 'POST', 'PUT', 'PATCH', 'DELETE']
      .filter((m) => {
        if (new RegExp(`export (async )?function ${m}\\b`).test(source)) return true;
        const value = new RegExp(`export const ${m} = (\\w+)`).exec(source)?.[1];
        return value !== undefined && !/^(methodNotAllowed|GET|POST|PUT|PATCH|DELETE)$/.test(value);
      })
      .map((m) => `${m} ${path}`);
  });
}

describe('the store admin’s calls', () => {
  it('are all in tests/support/store-admin-calls.ts, and only those', () => {
    const listed = STORE_ADMIN_CALLS.map((c) => c.name).sort();
    expect(listed).toEqual(servedStaffCalls().sort());
  });
});

describe('role × call, on the staff member’s own store', () => {
  it.each(STORE_ADMIN_CALLS.map((c) => [c.name, c] as const))('%s', async (_name, c) => {
    const got: Record<string, number> = {};
    const want: Record<string, number> = {};
    for (const [role, who] of [
      ['store_owner', ownerA],
      ['store_staff', staffA],
    ] as const) {
      const ids = (await c.prepare?.(targetOf(storeA))) ?? {};
      const answer = await c.call(who.agent, ids);
      got[role] = answer.status;
      want[role] = c.permission === null || staffCan(role, c.permission) ? c.ok : 403;
      if (answer.status === 403) expect(answer.body.error.code).toBe('forbidden');
    }
    expect(got).toEqual(want);
  });
});

describe('nobody else gets in, and nothing changes', () => {
  it.each(STORE_ADMIN_CALLS.map((c) => [c.name, c] as const))(
    '%s: a customer of the store gets 404, a visitor 401',
    async (_name, c) => {
      const ids = (await c.prepare?.(targetOf(storeA))) ?? {};
      const prepared = await adminSnapshot(storeA.id);
      const asCustomer = await c.call(customerA.agent, ids);
      expect(asCustomer.status).toBe(404);
      const visitor = new Agent(storeA.host);
      await visitor.call(routes.token.GET, '/api/token');
      const asVisitor = await c.call(visitor, ids);
      expect(asVisitor.status).toBe(401);
      expect(await adminSnapshot(storeA.id)).toEqual(prepared);
    },
  );

  it.each(STORE_ADMIN_CALLS.map((c) => [c.name, c] as const))(
    '%s: store A’s owner never reaches store B',
    async (_name, c) => {
      const ids = (await c.prepare?.(targetOf(storeB))) ?? {};
      const before = await adminSnapshot(storeB.id);

      // Store B's ids from store A's host: unknown there.
      const ownIdsElsewhere = await c.call(ownerA.agent, ids);
      if (Object.keys(ids).length > 0) expect(ownIdsElsewhere.status).toBe(404);

      // Store A's session sent to store B's host: no session there.
      const replayed = new Agent(storeB.host, ownerA.agent.ip);
      for (const [k, v] of ownerA.agent.cookies) replayed.cookies.set(k, v);
      expect((await c.call(replayed, ids)).status).toBe(401);

      // The same person signed in on store B, where they are a customer: nothing to see.
      expect((await c.call(outsiderOnB.agent, ids)).status).toBe(404);

      expect(await adminSnapshot(storeB.id)).toEqual(before);
    },
  );
});

describe('the second factor', () => {
  it('is asked of staff whose session showed none (403 second_factor_required)', async () => {
    const { appDb: db } = await import('@/lib/db/app-db');
    const { sessionSecondFactors } = await import('@/lib/db/schema');
    const { eq } = await import('drizzle-orm');
    const member = await signedInStaff(routes, storeA, 'store_staff');
    await (
      await db()
    )
      .delete(sessionSecondFactors)
      .where(eq(sessionSecondFactors.userId, member.userId));
    const me = await member.agent.call(routes.me.GET, '/api/store-admin/me');
    expect(me.status).toBe(403);
    expect(me.body.error.code).toBe('second_factor_required');
  });
});
