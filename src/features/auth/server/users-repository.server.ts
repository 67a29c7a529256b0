import 'server-only';
import { roleOf } from '@/features/access/roles';
import { and, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { AppDb } from '@/lib/db/client';
import { accounts, users } from '@/lib/db/schema';
import type { CustomerUser } from '../customer-user';

/**
 * The only code that knows how users and their accounts are stored: every query on those two
 * tables is here, which is why it is a little over the house's 250 lines.
 */

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

export async function findAccountName(db: AppDb, accountId: string): Promise<string | null> {
  const [account] = await db
    .select({ name: accounts.name })
    .from(accounts)
    .where(eq(accounts.id, accountId));
  return account?.name ?? null;
}

export async function userDto(db: AppDb, user: UserRow): Promise<UserDto> {
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    account_id: user.accountId,
    account_name: (await findAccountName(db, user.accountId)) ?? '',
    role: roleOf(user.role),
    second_factor: Boolean(user.totpSecret),
    has_phone: Boolean(user.phone),
  };
}

/** Names an account (the name invitations and the dashboard show). */
export async function setAccountName(db: AppDb, accountId: string, name: string): Promise<void> {
  await db.update(accounts).set({ name }).where(eq(accounts.id, accountId));
}

/** A new account of a store; answers its id. */
export async function insertAccount(
  db: AppDb,
  values: { storeKey: string; name: string },
): Promise<string> {
  const [account] = await db.insert(accounts).values(values).returning({ id: accounts.id });
  return account!.id;
}

export async function insertUser(
  db: AppDb,
  values: Pick<UserRow, 'storeKey' | 'accountId' | 'name' | 'email'> &
    Partial<
      Pick<
        UserRow,
        'role' | 'passwordHash' | 'emailVerified' | 'activatedAt' | 'googleIssuer' | 'googleSubject'
      >
    >,
): Promise<UserRow> {
  const [user] = await db.insert(users).values(values).returning();
  return user!;
}

/** Marks an address proven and the account active (keeps an earlier activation time). */
export async function markActivated(db: AppDb, userId: string, at: Date): Promise<void> {
  await db
    .update(users)
    .set({
      activatedAt: sql`coalesce(${users.activatedAt}, ${at.toISOString()}::timestamptz)`,
      emailVerified: true,
    })
    .where(eq(users.id, userId));
}

/**
 * Links a Google identity to a user that has none yet (Google vouches for the address, so the
 * account counts as activated). Answers the user, or null when another identity got there first.
 */
export async function linkGoogleIdentity(
  db: AppDb,
  userId: string,
  identity: { issuer: string; subject: string },
  at: Date,
): Promise<UserRow | null> {
  const [linked] = await db
    .update(users)
    .set({
      googleIssuer: identity.issuer,
      googleSubject: identity.subject,
      emailVerified: true,
      activatedAt: sql`coalesce(${users.activatedAt}, ${at.toISOString()}::timestamptz)`,
    })
    .where(and(eq(users.id, userId), isNull(users.googleSubject)))
    .returning();
  return linked ?? null;
}

/**
 * Sets a new password when the password version is still `expectedVersion` (a reset link is
 * for one version), bumping it; the mail that carried the link proved the address. Answers
 * whether it changed.
 */
export async function replacePassword(
  db: AppDb,
  input: { userId: string; expectedVersion: number; passwordHash: string; at: Date },
): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({
      passwordHash: input.passwordHash,
      passwordVersion: sql`${users.passwordVersion} + 1`,
      emailVerified: true,
      activatedAt: sql`coalesce(${users.activatedAt}, ${input.at.toISOString()}::timestamptz)`,
    })
    .where(and(eq(users.id, input.userId), eq(users.passwordVersion, input.expectedVersion)))
    .returning({ id: users.id });
  return rows.length === 1;
}

/** Moves a user to a new address, which the mail that carried the link proved. */
export async function replaceEmail(db: AppDb, userId: string, email: string): Promise<void> {
  await db.update(users).set({ email, emailVerified: true }).where(eq(users.id, userId));
}

/**
 * Records `step` as the last accepted TOTP time step when it is later than the last one, so a
 * code is accepted once. Answers whether it was later.
 */
export async function advanceTotpStep(db: AppDb, userId: string, step: number): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ totpLastStep: step })
    .where(
      and(
        eq(users.id, userId),
        sql`(${users.totpLastStep} is null or ${users.totpLastStep} < ${step})`,
      ),
    )
    .returning({ id: users.id });
  return rows.length === 1;
}

/** Changes how a user signs in or is reached: TOTP secret, phone, VAT display choice. */
export async function updateUser(
  db: AppDb,
  userId: string,
  set: Partial<
    Pick<
      UserRow,
      | 'totpSecret'
      | 'totpLastStep'
      | 'totpSetup'
      | 'phone'
      | 'phonePending'
      | 'phoneCodeHash'
      | 'phoneCodeExpiresAt'
      | 'phoneCodeAttempts'
      | 'vatDisplay'
    >
  >,
): Promise<void> {
  await db.update(users).set(set).where(eq(users.id, userId));
}

/**
 * Counts one try at the code of a phone being set up, atomically and only while fewer than
 * `max` were made. Answers the counted row (with the pending number and code), or null.
 */
export async function countPhoneAttempt(
  db: AppDb,
  userId: string,
  max: number,
): Promise<UserRow | null> {
  const [row] = await db
    .update(users)
    .set({ phoneCodeAttempts: sql`${users.phoneCodeAttempts} + 1` })
    .where(
      and(
        eq(users.id, userId),
        isNotNull(users.phonePending),
        sql`${users.phoneCodeAttempts} < ${max}`,
      ),
    )
    .returning();
  return row ?? null;
}

/** Makes the pending number the phone, if it is still the one the code was sent to. */
export async function confirmPendingPhone(
  db: AppDb,
  userId: string,
  phone: string,
): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({
      phone,
      phonePending: null,
      phoneCodeHash: null,
      phoneCodeExpiresAt: null,
      phoneCodeAttempts: 0,
    })
    .where(and(eq(users.id, userId), eq(users.phonePending, phone)))
    .returning({ id: users.id });
  return rows.length === 1;
}

/** Sets the account's VAT display choice only when it never made one. */
export async function setVatDisplayIfUnset(
  db: AppDb,
  userId: string,
  display: 'inc' | 'ex',
): Promise<void> {
  await db
    .update(users)
    .set({ vatDisplay: display })
    .where(and(eq(users.id, userId), isNull(users.vatDisplay)));
}

/** A PostgreSQL unique violation (two registrations of one address racing). */
export function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error, i = 0; e && i < 4; i++) {
    if ((e as { code?: unknown }).code === '23505') return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}
