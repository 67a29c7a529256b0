import 'server-only';
import { appDb } from '@/lib/db/app-db';
import { ApiError } from '@/lib/http/api-response';
import type { RequestContext } from '@/features/session/server/request-context.server';
import { findUserById, type UserRow } from './users-repository.server';

export const notSignedIn = () => new ApiError(401, 'not_signed_in', 'Sign in first.');

const loaded = new WeakMap<RequestContext, { userId: string; user: Promise<UserRow | null> }>();

/** The signed-in user of a request, or null; read once per request and user. */
export async function currentUser(ctx: RequestContext): Promise<UserRow | null> {
  const userId = ctx.userId;
  if (!userId) return null;
  let entry = loaded.get(ctx);
  if (entry?.userId !== userId) {
    entry = { userId, user: appDb().then((db) => findUserById(db, userId)) };
    loaded.set(ctx, entry);
  }
  return entry.user;
}

/** The signed-in user of a request, or 401 not_signed_in. */
export async function requireUser(ctx: RequestContext): Promise<UserRow> {
  const user = await currentUser(ctx);
  if (!user) throw notSignedIn();
  return user;
}
