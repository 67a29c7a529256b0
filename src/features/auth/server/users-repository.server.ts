import 'server-only';
import { and, eq } from 'drizzle-orm';
import type { AppDb } from '@/lib/db/client';
import { accounts, users } from '@/lib/db/schema';
import type { CustomerUser } from '../customer-user';

export type UserRow = typeof users.$inferSelect;

/** What the API shows of a user: never a hash or a secret. */
export type UserDto = CustomerUser;

export async function findUserByEmail(db: AppDb, storeKey: string, email: string) {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.storeKey, storeKey), eq(users.email, email)));
  return row ?? null;
}

export async function findUserById(db: AppDb, id: string) {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row ?? null;
}

export async function findUserByGoogle(
  db: AppDb,
  storeKey: string,
  issuer: string,
  subject: string,
) {
  const [row] = await db
    .select()
    .from(users)
    .where(
      and(
        eq(users.storeKey, storeKey),
        eq(users.googleIssuer, issuer),
        eq(users.googleSubject, subject),
      ),
    );
  return row ?? null;
}

export async function userDto(db: AppDb, user: UserRow): Promise<UserDto> {
  const [account] = await db.select().from(accounts).where(eq(accounts.id, user.accountId));
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    account_id: user.accountId,
    account_name: account?.name ?? '',
    role: user.role === 'member' ? 'member' : 'owner',
    second_factor: Boolean(user.totpSecret),
    has_phone: Boolean(user.phone),
  };
}

/** A PostgreSQL unique violation (two registrations of one address racing). */
export function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error, i = 0; e && i < 4; i++) {
    if ((e as { code?: unknown }).code === '23505') return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}
