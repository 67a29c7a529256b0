import 'server-only';
import { and, eq } from 'drizzle-orm';
import { now } from '@/lib/clock';
import type { AppDb } from '@/lib/db/client';
import { accounts, storeStaff, users } from '@/lib/db/schema';
import { hashPassword } from '@/features/auth/server/password.server';

/**
 * The demo store whose admin `npm start` shows, and its owner's sign-in (README, "The store's
 * admin"). No second factor is seeded: the admin asks the first sign-in to set one up, as it asks
 * every new staff member.
 */
export const DEMO_ADMIN = {
  storeId: '0b8f5c1e-7d2a-4e3b-9c4d-5e6f7a8b9c04',
  host: 'bytes.localhost',
  email: 'owner@bytes.localhost',
  name: 'Bea Bytes',
  password: 'bytes admin demo',
} as const;

/**
 * Gives the demo store bytes.localhost its owner, when it has no staff at all: a store's staff
 * never drops to none (the last owner stays), so once there is one the demo leaves it as it is.
 */
export async function seedDemoStaff(db: AppDb): Promise<void> {
  const [store] = await db
    .select({ id: storeStaff.id })
    .from(storeStaff)
    .where(eq(storeStaff.storeId, DEMO_ADMIN.storeId))
    .limit(1);
  if (store) return;
  const passwordHash = await hashPassword(DEMO_ADMIN.password);
  await db.transaction(async (tx) => {
    const [existing] = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.storeKey, DEMO_ADMIN.storeId), eq(users.email, DEMO_ADMIN.email)));
    let userId = existing?.id;
    if (!userId) {
      const [account] = await tx
        .insert(accounts)
        .values({ storeKey: DEMO_ADMIN.storeId, name: DEMO_ADMIN.name })
        .returning({ id: accounts.id });
      const at = now();
      const [user] = await tx
        .insert(users)
        .values({
          storeKey: DEMO_ADMIN.storeId,
          accountId: account!.id,
          name: DEMO_ADMIN.name,
          email: DEMO_ADMIN.email,
          passwordHash,
          emailVerified: true,
          activatedAt: at,
        })
        .returning({ id: users.id });
      userId = user!.id;
    }
    await tx
      .insert(storeStaff)
      .values({ storeId: DEMO_ADMIN.storeId, userId, role: 'store_owner', createdAt: now() })
      .onConflictDoNothing();
  });
}
