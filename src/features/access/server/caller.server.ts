import 'server-only';
import { appDb } from '@/lib/db/app-db';
import { ApiError } from '@/lib/http/api-response';
import { pageRequestInput } from '@/lib/http/page-request-input';
import type { ActivityActor } from '@/features/activity/server/activity.server';
import {
  requestContext,
  type RequestContext,
} from '@/features/session/server/request-context.server';
import type { SiteVersionId } from '@/features/site-version/site-version';
import type { Store } from '@/features/tenancy/store-types';
import { requirePermission, roleOf, type Permission, type Role } from '../roles';
import { findCallerIdentity } from './caller-repository.server';

/**
 * Who is calling, for which account, with which role: the one shape every signed-in route and
 * page builds, with `callerOf` (docs/decisions/0126). Plain values: the features take it, or the
 * part of it they need, and never see a request.
 */
export type Caller = {
  /** The store of the request: the account is of it. */
  store: Store;
  storeKey: string;
  /** The host the request named, for links back to the store (the store's own domain without one). */
  storeHost: string;
  siteVersion: SiteVersionId;
  userId: string;
  accountId: string;
  role: Role;
  name: string;
  email: string;
  /** The person as the checkout's order and mails name them. */
  user: { id: string; accountId: string; email: string; name: string };
  /** How the activity log names them. */
  actor: ActivityActor;
};

export const notSignedIn = () => new ApiError(401, 'not_signed_in', 'Sign in first.');

const built = new WeakMap<RequestContext, { userId: string; caller: Promise<Caller | null> }>();

/**
 * The signed-in caller of a request, or null for a visitor: read once per request and user (a
 * sign-in during the request makes a new one). A user of another store is nobody here.
 */
export function callerOf(ctx: RequestContext): Promise<Caller | null> {
  const userId = ctx.userId;
  if (!userId) return Promise.resolve(null);
  let entry = built.get(ctx);
  if (entry?.userId !== userId) {
    entry = { userId, caller: build(ctx, userId) };
    built.set(ctx, entry);
  }
  return entry.caller;
}

async function build(ctx: RequestContext, userId: string): Promise<Caller | null> {
  const user = await findCallerIdentity(await appDb(), userId);
  if (!user || user.storeKey !== ctx.store.key) return null;
  return {
    store: ctx.store,
    storeKey: ctx.store.key,
    storeHost: ctx.host,
    siteVersion: ctx.siteVersion,
    userId: user.id,
    accountId: user.accountId,
    role: roleOf(user.role),
    name: user.name,
    email: user.email,
    user: { id: user.id, accountId: user.accountId, email: user.email, name: user.name },
    actor: { userId: user.id, label: user.email, ip: ctx.ip },
  };
}

/**
 * The signed-in caller of an API call: 401 `not_signed_in` without one, 403 `forbidden` when the
 * role matrix (../roles.ts) does not give their role `permission`.
 */
export async function requireCaller(ctx: RequestContext, permission?: Permission): Promise<Caller> {
  const caller = await callerOf(ctx);
  if (!caller) throw notSignedIn();
  if (permission) requirePermission(caller.role, permission);
  return caller;
}

/**
 * The signed-in caller of a page rendered per request, or null for a visitor (the page asks
 * them to sign in). Pages never make a session: only API calls do. What the role may see is the
 * page's to decide, with `can` of the same matrix.
 */
export async function pageCaller(): Promise<Caller | null> {
  return callerOf(await requestContext(await pageRequestInput()));
}
