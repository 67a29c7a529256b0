import 'server-only';
import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import type { AppDb } from '@/lib/db/client';
import { accounts, oneTimeTokens, users } from '@/lib/db/schema';
import { now } from '@/lib/clock';
import { hashToken, randomToken } from '@/lib/security/tokens';

/** Single-use tokens sent by mail: the only code that knows how they are stored. */

type Db = Pick<AppDb, 'insert' | 'update' | 'select'>;

export type TokenKind = 'activation' | 'reset' | 'invite' | 'passkey' | 'email_change';
export type TokenRow = typeof oneTimeTokens.$inferSelect;

export const TOKEN_LIFETIME_MS: Record<TokenKind, number> = {
  activation: 48 * 3_600_000,
  reset: 60 * 60_000,
  invite: 7 * 24 * 3_600_000,
  // A passkey ceremony's challenge: as long as the browser's own timeout allows.
  passkey: 5 * 60_000,
  email_change: 24 * 3_600_000,
};

/**
 * Makes a single-use token (256 random bits; only its hash is stored) and answers it; or records
 * one the caller made (the random challenge of a passkey ceremony).
 */
export async function issueToken(
  db: Db,
  kind: TokenKind,
  fields: Partial<
    Pick<TokenRow, 'userId' | 'accountId' | 'invitedBy' | 'email' | 'passwordVersion' | 'role'>
  >,
  given?: string,
): Promise<{ token: string; expiresAt: Date }> {
  const token = given ?? randomToken(32);
  const expiresAt = new Date(now().getTime() + TOKEN_LIFETIME_MS[kind]);
  await db
    .insert(oneTimeTokens)
    .values({ tokenHash: hashToken(token), kind, expiresAt, ...fields });
  return { token, expiresAt };
}

/** The token's row whatever its state, or null when it never existed. */
export async function findToken(db: Db, kind: TokenKind, token: string): Promise<TokenRow | null> {
  const [row] = await db
    .select()
    .from(oneTimeTokens)
    .where(and(eq(oneTimeTokens.tokenHash, hashToken(token)), eq(oneTimeTokens.kind, kind)));
  return row ?? null;
}

/**
 * An invite token's row when it is an invitation into an account of `storeKey`, whatever its
 * state; null when it never existed or belongs to another store (whose token is unknown here).
 */
export async function findInvite(
  db: Db,
  storeKey: string,
  token: string,
): Promise<TokenRow | null> {
  const [row] = await db
    .select({ token: oneTimeTokens })
    .from(oneTimeTokens)
    .innerJoin(accounts, eq(accounts.id, oneTimeTokens.accountId))
    .where(
      and(
        eq(oneTimeTokens.tokenHash, hashToken(token)),
        eq(oneTimeTokens.kind, 'invite'),
        eq(accounts.storeKey, storeKey),
      ),
    );
  return row?.token ?? null;
}

export const isUsable = (row: TokenRow) => !row.usedAt && row.expiresAt.getTime() > now().getTime();

/**
 * Uses a token up in one atomic update: of two parallel uses exactly one gets the row back.
 * Null when it is unknown, used or expired.
 */
export async function consumeToken(
  db: Db,
  kind: TokenKind,
  token: string,
): Promise<TokenRow | null> {
  const [row] = await db
    .update(oneTimeTokens)
    .set({ usedAt: now() })
    .where(
      and(
        eq(oneTimeTokens.tokenHash, hashToken(token)),
        eq(oneTimeTokens.kind, kind),
        isNull(oneTimeTokens.usedAt),
        gt(oneTimeTokens.expiresAt, now()),
      ),
    )
    .returning();
  return row ?? null;
}

/** The account's invites that are neither used nor expired, newest first. */
export async function findPendingInvites(db: Db, accountId: string) {
  return db
    .select({
      id: oneTimeTokens.id,
      email: oneTimeTokens.email,
      role: oneTimeTokens.role,
      invitedBy: oneTimeTokens.invitedBy,
      expiresAt: oneTimeTokens.expiresAt,
      createdAt: oneTimeTokens.createdAt,
    })
    .from(oneTimeTokens)
    .where(
      and(
        eq(oneTimeTokens.kind, 'invite'),
        eq(oneTimeTokens.accountId, accountId),
        isNull(oneTimeTokens.usedAt),
        gt(oneTimeTokens.expiresAt, now()),
      ),
    )
    .orderBy(desc(oneTimeTokens.createdAt));
}

/**
 * Withdraws a pending invite of the account: its token dies at once. Answers whether there was
 * one (another account's invite, a used or an expired one is not).
 */
export async function withdrawInvite(
  db: Db,
  input: { id: string; accountId: string },
): Promise<boolean> {
  const rows = await db
    .update(oneTimeTokens)
    .set({ usedAt: now(), expiresAt: now() })
    .where(
      and(
        eq(oneTimeTokens.id, input.id),
        eq(oneTimeTokens.kind, 'invite'),
        eq(oneTimeTokens.accountId, input.accountId),
        isNull(oneTimeTokens.usedAt),
        gt(oneTimeTokens.expiresAt, now()),
      ),
    )
    .returning({ id: oneTimeTokens.id });
  return rows.length === 1;
}

/**
 * Invites `email` into the account, withdrawing any invitation still open to that address there:
 * one open invitation per address, the newest mail's link (a second invitation is a "send
 * again", docs/decisions/0305). The account's row is locked first, so that two invitations sent
 * at once leave one open. Answers the new token and when it expires.
 */
export async function issueInvite(
  db: AppDb,
  fields: { accountId: string; invitedBy: string; email: string; role: string },
): Promise<{ token: string; expiresAt: Date }> {
  return db.transaction(async (tx) => {
    await tx
      .select({ id: accounts.id })
      .from(accounts)
      .where(eq(accounts.id, fields.accountId))
      .for('update');
    await tx
      .update(oneTimeTokens)
      .set({ usedAt: now(), expiresAt: now() })
      .where(
        and(
          eq(oneTimeTokens.kind, 'invite'),
          eq(oneTimeTokens.accountId, fields.accountId),
          eq(oneTimeTokens.email, fields.email),
          isNull(oneTimeTokens.usedAt),
          gt(oneTimeTokens.expiresAt, now()),
        ),
      );
    return issueToken(tx, 'invite', fields);
  });
}

/**
 * Asks to move a user to `email`: withdraws the user's e-mail change still open, so the newest
 * request's link is the one that works and the security page names it (docs/decisions/0317).
 * The user's row is locked first, so that two requests at once leave one open.
 */
export async function issueEmailChange(
  db: AppDb,
  fields: { userId: string; email: string },
): Promise<{ token: string; expiresAt: Date }> {
  return db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, fields.userId)).for('update');
    await tx
      .update(oneTimeTokens)
      .set({ usedAt: now(), expiresAt: now() })
      .where(
        and(
          eq(oneTimeTokens.kind, 'email_change'),
          eq(oneTimeTokens.userId, fields.userId),
          isNull(oneTimeTokens.usedAt),
          gt(oneTimeTokens.expiresAt, now()),
        ),
      );
    return issueToken(tx, 'email_change', fields);
  });
}

/** The address of the user's e-mail change still waiting for its link, or null. */
export async function findOpenEmailChange(db: Db, userId: string): Promise<string | null> {
  const [row] = await db
    .select({ email: oneTimeTokens.email })
    .from(oneTimeTokens)
    .where(
      and(
        eq(oneTimeTokens.kind, 'email_change'),
        eq(oneTimeTokens.userId, userId),
        isNull(oneTimeTokens.usedAt),
        gt(oneTimeTokens.expiresAt, now()),
      ),
    )
    .orderBy(desc(oneTimeTokens.createdAt))
    .limit(1);
  return row?.email ?? null;
}
