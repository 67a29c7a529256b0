import 'server-only';
import { and, desc, eq, gt, lt, ne, or, sql } from 'drizzle-orm';
import type { AppDb } from '@/lib/db/client';
import { prepared } from '@/lib/db/prepared';
import { sessions } from '@/lib/db/schema';

/** The only code that knows how sessions are stored. */

export type Session = {
  id: string;
  storeKey: string;
  userId: string | null;
  remember: boolean;
  createdAt: Date;
  lastSeenAt: Date;
  expiresAt: Date;
  /** Set when the sign-in came from the desktop client (is_ctd): allows one desktop grant. */
  ctdAt: Date | null;
  /** VAT display choice (inc/ex) of this visit; null = the default, ex. */
  vatDisplay: string | null;
  /** The browser and address the sign-in came from. */
  userAgent: string | null;
  ip: string | null;
};

const columns = {
  id: sessions.id,
  storeKey: sessions.storeKey,
  userId: sessions.userId,
  remember: sessions.remember,
  createdAt: sessions.createdAt,
  lastSeenAt: sessions.lastSeenAt,
  expiresAt: sessions.expiresAt,
  ctdAt: sessions.ctdAt,
  vatDisplay: sessions.vatDisplay,
  userAgent: sessions.userAgent,
  ip: sessions.ip,
};

export async function findSessionByTokenHash(db: AppDb, tokenHash: string) {
  const query = prepared(db, 'session_by_token_hash', (d, name) =>
    d
      .select(columns)
      .from(sessions)
      .where(eq(sessions.tokenHash, sql.placeholder('tokenHash')))
      .prepare(name),
  );
  const [row] = await query.execute({ tokenHash });
  return row ?? null;
}

export async function insertSession(
  db: AppDb,
  values: { tokenHash: string; storeKey: string; expiresAt: Date; createdAt: Date },
): Promise<Session> {
  const [row] = await db
    .insert(sessions)
    .values({ ...values, lastSeenAt: values.createdAt })
    .returning(columns);
  return row!;
}

/** Changes a session's row and answers it, or null when it is gone. */
export async function updateSession(
  db: AppDb,
  id: string,
  set: Partial<Omit<Session, 'id' | 'storeKey'>> & { tokenHash?: string },
): Promise<Session | null> {
  const [row] = await db.update(sessions).set(set).where(eq(sessions.id, id)).returning(columns);
  return row ?? null;
}

export async function deleteSession(db: AppDb, id: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.id, id));
}

/** The signed-in sessions of a user that have not ended, the most recently seen first. */
export async function findUserSessions(
  db: AppDb,
  input: { userId: string; now: Date; idleSince: Date },
): Promise<Session[]> {
  return db
    .select(columns)
    .from(sessions)
    .where(
      and(
        eq(sessions.userId, input.userId),
        gt(sessions.expiresAt, input.now),
        or(eq(sessions.remember, true), gt(sessions.lastSeenAt, input.idleSince)),
      ),
    )
    .orderBy(desc(sessions.lastSeenAt));
}

/** Deletes one session of a user; answers whether the user had it. */
export async function deleteUserSession(
  db: AppDb,
  input: { id: string; userId: string },
): Promise<boolean> {
  const rows = await db
    .delete(sessions)
    .where(and(eq(sessions.id, input.id), eq(sessions.userId, input.userId)))
    .returning({ id: sessions.id });
  return rows.length === 1;
}

/** Deletes every session of a user, or every one but `exceptId`. */
export async function deleteUserSessions(
  db: AppDb,
  userId: string,
  exceptId?: string,
): Promise<void> {
  await db
    .delete(sessions)
    .where(
      exceptId
        ? and(eq(sessions.userId, userId), ne(sessions.id, exceptId))
        : eq(sessions.userId, userId),
    );
}

/** Deletes sessions past their end, and idle ones without remember_me. */
export async function deleteEndedSessions(
  db: AppDb,
  input: { now: Date; idleSince: Date },
): Promise<void> {
  await db
    .delete(sessions)
    .where(
      or(
        lt(sessions.expiresAt, input.now),
        and(
          eq(sessions.remember, false),
          lt(sessions.lastSeenAt, sql`${input.idleSince.toISOString()}::timestamptz`),
        ),
      ),
    );
}

/**
 * Uses up the desktop-client mark of a session in one atomic update, when it was set after
 * `since` for this user: one is_ctd sign-in, one grant. Answers whether it was there.
 */
export async function takeCtdMark(
  db: AppDb,
  input: { sessionId: string; userId: string; since: Date },
): Promise<boolean> {
  const rows = await db
    .update(sessions)
    .set({ ctdAt: null })
    .where(
      and(
        eq(sessions.id, input.sessionId),
        eq(sessions.userId, input.userId),
        gt(sessions.ctdAt, input.since),
      ),
    )
    .returning({ id: sessions.id });
  return rows.length === 1;
}
