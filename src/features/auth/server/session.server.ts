import 'server-only';
import { and, eq, lt, ne, or, sql } from 'drizzle-orm';
import type { NextRequest, NextResponse } from 'next/server';
import { appDb } from '@/lib/db/app-db';
import { sessions } from '@/lib/db/schema';
import { ApiError } from '@/lib/http/api-response';
import { csrfTokenFor } from '@/lib/http/csrf';
import { isHttps, sessionCookieName, sessionTokenOf, XSRF_COOKIE } from '@/lib/http/session-cookie';
import { logger } from '@/lib/logger';
import { hashToken, randomToken } from '@/lib/security/tokens';
import { requireStore } from '@/features/tenancy/server/request-store.server';
import type { Store } from '@/features/tenancy/store-types';
import { findUserById, type UserRow } from './users-repository.server';

const HOUR_MS = 3_600_000;
/** Without remember_me: a browser-session cookie, 24 hours idle, 7 days at most. */
export const IDLE_MS = 24 * HOUR_MS;
export const ABSOLUTE_MS = 7 * 24 * HOUR_MS;
/** With remember_me: 30 days. */
export const REMEMBER_MS = 30 * 24 * HOUR_MS;
/** last_seen_at is written at most this often, so reads stay reads. */
const TOUCH_MS = 60_000;

export type Session = typeof sessions.$inferSelect;

/** A live session with the cookie value that names it. */
export type SessionHandle = { session: Session; token: string };

function isLive(session: Session, now: number): boolean {
  if (session.expiresAt.getTime() <= now) return false;
  if (!session.remember && session.lastSeenAt.getTime() + IDLE_MS <= now) return false;
  return true;
}

const perRequest = new WeakMap<NextRequest, Promise<SessionHandle | null>>();

async function load(request: NextRequest, store: Store): Promise<SessionHandle | null> {
  const token = sessionTokenOf(request);
  if (!token) return null;
  const db = await appDb();
  const [row] = await db
    .select()
    .from(sessions)
    .where(eq(sessions.tokenHash, hashToken(token)));
  const now = Date.now();
  // A session belongs to the store it was made on: one brand's cookie is nothing on another.
  if (!row || row.storeKey !== store.key) return null;
  if (!isLive(row, now)) {
    await db.delete(sessions).where(eq(sessions.id, row.id));
    return null;
  }
  if (now - row.lastSeenAt.getTime() > TOUCH_MS) {
    await db
      .update(sessions)
      .set({ lastSeenAt: new Date(now) })
      .where(eq(sessions.id, row.id));
  }
  return { session: row, token };
}

/**
 * The request's live session, or null. Never creates one. Other features hang their state
 * (cart, preferences) on `session.id`, which stays the same when the cookie id is replaced.
 */
export async function getSession(request: NextRequest): Promise<SessionHandle | null> {
  let pending = perRequest.get(request);
  if (!pending) {
    pending = requireStore(request).then(({ store }) => load(request, store));
    perRequest.set(request, pending);
  }
  return pending;
}

const SWEEP_EVERY_MS = 10 * 60_000;
let lastSweep = 0;

/** The request's session, made anew when there is none (only API calls do this, never pages). */
export async function ensureSession(
  request: NextRequest,
): Promise<SessionHandle & { created: boolean }> {
  const existing = await getSession(request);
  if (existing) return { ...existing, created: false };
  const { store } = await requireStore(request);
  // New sessions are what grows the table, so that is when old ones are cleared, now and then.
  if (Date.now() - lastSweep > SWEEP_EVERY_MS) {
    lastSweep = Date.now();
    void sweepSessions().catch((error: unknown) =>
      logger.warn({ err: String(error) }, 'session sweep failed'),
    );
  }
  const token = randomToken(32);
  const db = await appDb();
  const [session] = await db
    .insert(sessions)
    .values({
      tokenHash: hashToken(token),
      storeKey: store.key,
      expiresAt: new Date(Date.now() + ABSOLUTE_MS),
    })
    .returning();
  const handle = { session: session!, token };
  perRequest.set(request, Promise.resolve(handle));
  return { ...handle, created: true };
}

export const notSignedIn = () => new ApiError(401, 'not_signed_in', 'Sign in first.');

/** The signed-in user of the request, or 401 not_signed_in. */
export async function requireUser(
  request: NextRequest,
): Promise<SessionHandle & { user: UserRow }> {
  const handle = await getSession(request);
  if (!handle?.session.userId) throw notSignedIn();
  const user = await findUserById(await appDb(), handle.session.userId);
  if (!user) throw notSignedIn();
  return { ...handle, user };
}

/** The signed-in user of the request, or null. */
export async function getUser(request: NextRequest): Promise<UserRow | null> {
  const handle = await getSession(request);
  if (!handle?.session.userId) return null;
  return findUserById(await appDb(), handle.session.userId);
}

/**
 * Signs a user in on the request's session: the cookie id is replaced (a fixed or stolen
 * pre-login id is worth nothing afterwards) and the lifetime starts again. Answers the new
 * handle; send it with `setSessionCookies`.
 */
export async function signInSession(
  request: NextRequest,
  input: { userId: string; remember: boolean; ctd: boolean },
): Promise<SessionHandle> {
  const { session } = await ensureSession(request);
  const token = randomToken(32);
  const now = Date.now();
  const db = await appDb();
  const [updated] = await db
    .update(sessions)
    .set({
      tokenHash: hashToken(token),
      userId: input.userId,
      remember: input.remember,
      createdAt: new Date(now),
      lastSeenAt: new Date(now),
      expiresAt: new Date(now + (input.remember ? REMEMBER_MS : ABSOLUTE_MS)),
      ctdAt: input.ctd ? new Date(now) : null,
    })
    .where(eq(sessions.id, session.id))
    .returning();
  const handle = { session: updated!, token };
  perRequest.set(request, Promise.resolve(handle));
  return handle;
}

/**
 * Replaces the cookie id of the request's session without signing anyone in (registration):
 * whatever id the visitor had before is dead afterwards.
 */
export async function rotateSession(request: NextRequest): Promise<SessionHandle> {
  const { session } = await ensureSession(request);
  const token = randomToken(32);
  const [updated] = await (
    await appDb()
  )
    .update(sessions)
    .set({ tokenHash: hashToken(token) })
    .where(eq(sessions.id, session.id))
    .returning();
  const handle = { session: updated!, token };
  perRequest.set(request, Promise.resolve(handle));
  return handle;
}

/** Ends the request's session on the server. */
export async function endSession(request: NextRequest): Promise<void> {
  const handle = await getSession(request);
  if (handle) await (await appDb()).delete(sessions).where(eq(sessions.id, handle.session.id));
  perRequest.set(request, Promise.resolve(null));
}

/** Ends every session of a user, or every one but `exceptId`. */
export async function endUserSessions(userId: string, exceptId?: string): Promise<void> {
  const db = await appDb();
  await db
    .delete(sessions)
    .where(
      exceptId
        ? and(eq(sessions.userId, userId), ne(sessions.id, exceptId))
        : eq(sessions.userId, userId),
    );
}

/** Removes sessions past their end (called now and then; reads already ignore them). */
export async function sweepSessions(): Promise<void> {
  const now = new Date();
  await (
    await appDb()
  )
    .delete(sessions)
    .where(
      or(
        lt(sessions.expiresAt, now),
        and(
          eq(sessions.remember, false),
          lt(
            sessions.lastSeenAt,
            sql`${new Date(now.getTime() - IDLE_MS).toISOString()}::timestamptz`,
          ),
        ),
      ),
    );
}

/**
 * Sets the session cookie (HttpOnly, SameSite=Lax, `__Host-` and Secure over HTTPS; lasting the
 * browser session unless remembered) and the XSRF-TOKEN cookie scripts read.
 */
export async function setSessionCookies(
  response: NextResponse,
  request: NextRequest,
  handle: SessionHandle,
): Promise<string> {
  const secure = isHttps(request);
  const maxAge = handle.session.remember
    ? Math.max(0, Math.floor((handle.session.expiresAt.getTime() - Date.now()) / 1000))
    : undefined;
  response.cookies.set(sessionCookieName(request), handle.token, {
    httpOnly: true,
    sameSite: 'lax',
    secure,
    path: '/',
    ...(maxAge !== undefined ? { maxAge } : {}),
  });
  const xsrf = await csrfTokenFor(handle.token);
  response.cookies.set(XSRF_COOKIE, xsrf, {
    httpOnly: false,
    sameSite: 'lax',
    secure,
    path: '/',
    ...(maxAge !== undefined ? { maxAge } : {}),
  });
  return xsrf;
}

/** Expires both cookies in the browser. */
export function clearSessionCookies(response: NextResponse, request: NextRequest): void {
  const secure = isHttps(request);
  for (const [name, httpOnly] of [
    [sessionCookieName(request), true],
    [XSRF_COOKIE, false],
  ] as const) {
    response.cookies.set(name, '', { httpOnly, sameSite: 'lax', secure, path: '/', maxAge: 0 });
  }
}
