import 'server-only';
import { appDb } from '@/lib/db/app-db';
import type { AppDb } from '@/lib/db/client';
import { now } from '@/lib/clock';
import { logger } from '@/lib/logger';
import { hashToken, randomToken } from '@/lib/security/tokens';
import {
  deleteEndedSessions,
  deleteSession,
  deleteUserSession,
  findUserSessions,
  deleteUserSessions,
  findSessionByTokenHash,
  insertSession,
  takeCtdMark,
  updateSession,
  type Session,
} from './session-repository.server';

export type { Session };

/** A live session with the cookie value that names it. */
export type SessionHandle = { session: Session; token: string };

const HOUR_MS = 3_600_000;
/** Without remember_me: a browser-session cookie, 24 hours idle, 7 days at most. */
export const IDLE_MS = 24 * HOUR_MS;
export const ABSOLUTE_MS = 7 * 24 * HOUR_MS;
/** With remember_me: 30 days. */
export const REMEMBER_MS = 30 * 24 * HOUR_MS;
/** last_seen_at is written at most this often, so reads stay reads. */
const TOUCH_MS = 60_000;
const SWEEP_EVERY_MS = 10 * 60_000;
/** A desktop grant must follow its is_ctd sign-in within this time. */
const CTD_WINDOW_MS = 10 * 60_000;

function isLive(session: Session, at: number): boolean {
  if (session.expiresAt.getTime() <= at) return false;
  return session.remember || session.lastSeenAt.getTime() + IDLE_MS > at;
}

/**
 * The live session a cookie names on a store, or null. A session belongs to the store it was made
 * on: one brand's cookie is nothing on another. An ended session is deleted when met.
 */
export async function loadSession(input: {
  storeKey: string;
  token: string;
}): Promise<SessionHandle | null> {
  const db = await appDb();
  const row = await findSessionByTokenHash(db, hashToken(input.token));
  if (!row || row.storeKey !== input.storeKey) return null;
  const at = now().getTime();
  if (!isLive(row, at)) {
    await deleteSession(db, row.id);
    return null;
  }
  if (at - row.lastSeenAt.getTime() > TOUCH_MS) {
    const touched = await updateSession(db, row.id, { lastSeenAt: new Date(at) });
    if (touched) return { session: touched, token: input.token };
  }
  return { session: row, token: input.token };
}

let lastSweep = 0;

/** A new anonymous session of a store (only API calls make one, never pages). */
export async function createSession(storeKey: string): Promise<SessionHandle> {
  const at = now();
  // New sessions are what grows the table, so that is when old ones are cleared, now and then.
  if (at.getTime() - lastSweep > SWEEP_EVERY_MS) {
    lastSweep = at.getTime();
    void sweepSessions().catch((error: unknown) =>
      logger.warn({ err: String(error) }, 'session sweep failed'),
    );
  }
  const token = randomToken(32);
  const session = await insertSession(await appDb(), {
    tokenHash: hashToken(token),
    storeKey,
    createdAt: at,
    expiresAt: new Date(at.getTime() + ABSOLUTE_MS),
  });
  return { session, token };
}

const sessionGone = () => new Error('session vanished while it was being changed');

/**
 * Signs a user in on a session: the cookie id is replaced (a fixed or stolen pre-login id is
 * worth nothing afterwards) and the lifetime starts again. The row id stays, so what hangs on the
 * session (a cart) stays with it.
 */
export async function signInSession(
  sessionId: string,
  input: {
    userId: string;
    remember: boolean;
    ctd: boolean;
    userAgent: string | null;
    ip: string;
  },
): Promise<SessionHandle> {
  const token = randomToken(32);
  const at = now();
  const session = await updateSession(await appDb(), sessionId, {
    tokenHash: hashToken(token),
    userId: input.userId,
    remember: input.remember,
    createdAt: at,
    lastSeenAt: at,
    expiresAt: new Date(at.getTime() + (input.remember ? REMEMBER_MS : ABSOLUTE_MS)),
    ctdAt: input.ctd ? at : null,
    userAgent: input.userAgent,
    ip: input.ip,
  });
  if (!session) throw sessionGone();
  return { session, token };
}

/** Replaces a session's cookie id without signing anyone in (registration). */
export async function rotateSession(sessionId: string): Promise<SessionHandle> {
  const token = randomToken(32);
  const session = await updateSession(await appDb(), sessionId, { tokenHash: hashToken(token) });
  if (!session) throw sessionGone();
  return { session, token };
}

/** Ends one session on the server. */
export async function endSession(sessionId: string): Promise<void> {
  await deleteSession(await appDb(), sessionId);
}

/** The live signed-in sessions of a user, the most recently seen first. */
export async function userSessions(userId: string): Promise<Session[]> {
  const at = now();
  return findUserSessions(await appDb(), {
    userId,
    now: at,
    idleSince: new Date(at.getTime() - IDLE_MS),
  });
}

/** Ends one session of a user; answers whether the user had it. */
export async function endUserSession(userId: string, sessionId: string): Promise<boolean> {
  return deleteUserSession(await appDb(), { id: sessionId, userId });
}

/** Ends every session of a user, or every one but `exceptId`. */
export async function endUserSessions(userId: string, exceptId?: string): Promise<void> {
  await deleteUserSessions(await appDb(), userId, exceptId);
}

/**
 * Keeps the visit's VAT display choice on its session; `tx` lets the caller write it together
 * with the account's choice.
 */
export async function setSessionVatDisplay(
  sessionId: string,
  display: 'inc' | 'ex',
  tx?: AppDb,
): Promise<void> {
  await updateSession(tx ?? (await appDb()), sessionId, { vatDisplay: display });
}

/** Uses up the mark an is_ctd sign-in left on a session, if it is recent: one sign-in, one grant. */
export async function takeDesktopSignInMark(session: Session): Promise<boolean> {
  if (!session.userId) return false;
  return takeCtdMark(await appDb(), {
    sessionId: session.id,
    userId: session.userId,
    since: new Date(now().getTime() - CTD_WINDOW_MS),
  });
}

/** Removes sessions past their end (called now and then; reads already ignore them). */
export async function sweepSessions(): Promise<void> {
  const at = now();
  await deleteEndedSessions(await appDb(), {
    now: at,
    idleSince: new Date(at.getTime() - IDLE_MS),
  });
}
