import 'server-only';
import { appDb } from '@/lib/db/app-db';
import { notSignedIn } from '@/features/access/server/caller.server';
import type { RequestContext } from '@/features/session/server/request-context.server';
import { findUserById, type UserRow } from './users-repository.server';

const loaded = new WeakMap<RequestContext, { userId: string; user: Promise<UserRow | null> }>();

/**
 * The signed-in user's whole row, or null: what the customer view and the token check read.
 * Who calls, for which account and role, is `callerOf`'s (features/access); this is the record.
 */
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

/**
 * The caller's own row with their credentials (password hash, second factors), for the calls
 * that check or change them. The caller comes from `requireCaller`, which answered 401 already.
 */
export async function credentialsOf(caller: { userId: string }): Promise<UserRow> {
  const user = await findUserById(await appDb(), caller.userId);
  if (!user) throw notSignedIn();
  return user;
}
