import 'server-only';
import { cache } from 'react';
import { notFound, redirect } from 'next/navigation';
import { pageRequestInput } from '@/lib/http/page-request-input';
import { callerOf } from '@/features/access/server/caller.server';
import { credentialsOf } from '@/features/auth/server/current-user.server';
import { passkeyCount } from '@/features/auth/server/passkeys.server';
import { requestContext } from '@/features/session/server/request-context.server';
import type { StorePermission } from '../roles';
import { staffOf, type StaffContext } from './staff.server';

/** The page a staff member without a second factor on this session is sent to. */
export const SECOND_FACTOR_PAGE = '/admin/second-factor';

/** The request's context, once per page render (the layout and the page share it). */
const pageContext = cache(async () => requestContext(await pageRequestInput()));

/**
 * The staff member of an /admin page rendered per request (docs/decisions/0162):
 * - a visitor is sent to sign in, and back here afterwards;
 * - a signed-in person who is not staff of this store gets the store's 404, as for any page
 *   that does not exist (shoppers and customers never learn more);
 * - staff whose session showed no second factor are sent to /admin/second-factor;
 * - a section the role may not use is a 404 too: the navigation never links to it (an owners'
 *   section says so to staff instead: `pageSection`).
 *
 * `path` is where the visitor comes back to after signing in (default `/admin`).
 */
export async function pageStaff(
  permission?: StorePermission,
  path = '/admin',
): Promise<StaffContext> {
  const result = await staffOf(await pageContext(), permission);
  if ('staff' in result) return result.staff;
  switch (result.refusal) {
    case 'not_signed_in':
      redirect(`/login?next=${encodeURIComponent(path)}`);
    case 'second_factor_required':
      redirect(SECOND_FACTOR_PAGE);
    case 'not_staff':
    case 'forbidden':
      notFound();
  }
}

/**
 * An owners' section of the admin (decision 0329): like `pageStaff`, but a member of staff whose
 * role may not use it gets `allowed: false` and their own staff context, so the page can say, in
 * the admin's frame, that it is for the store's owners (`OwnersOnly`), rather than that it does
 * not exist. They are staff, who know the admin and its sections; anyone else still gets the 404.
 */
export async function pageSection(
  permission: StorePermission,
  path: string,
): Promise<{ staff: StaffContext; allowed: boolean }> {
  const ctx = await pageContext();
  const result = await staffOf(ctx, permission);
  if ('staff' in result) return { staff: result.staff, allowed: true };
  if (result.refusal === 'forbidden') {
    const member = await staffOf(ctx);
    if ('staff' in member) return { staff: member.staff, allowed: false };
  }
  return { staff: await pageStaff(permission, path), allowed: true };
}

/** What /admin/second-factor shows: who is enrolling, and whether they have a factor already. */
export type Enrolling = {
  /** This session showed a second factor already: the admin is open. */
  ready: boolean;
  /** The person has an authenticator app or a passkey, but did not sign in with it. */
  hasFactor: boolean;
  storeName: string;
  email: string;
};

/**
 * For /admin/second-factor itself: staff whatever their second factor; the same answers as
 * `pageStaff` to anyone else.
 */
export async function pageStaffEnrolling(): Promise<Enrolling> {
  const ctx = await pageContext();
  const result = await staffOf(ctx);
  if ('staff' in result) {
    return {
      ready: true,
      hasFactor: true,
      storeName: result.staff.store.config.store_name,
      email: result.staff.account.email,
    };
  }
  if (result.refusal === 'not_signed_in') {
    redirect(`/login?next=${encodeURIComponent(SECOND_FACTOR_PAGE)}`);
  }
  const caller = await callerOf(ctx);
  if (result.refusal !== 'second_factor_required' || !caller) notFound();
  const user = await credentialsOf(caller);
  return {
    ready: false,
    hasFactor: Boolean(user.totpSecret) || (await passkeyCount(caller.userId)) > 0,
    storeName: ctx.store.config.store_name,
    email: caller.email,
  };
}

/** The request's signed-in person on this store's host, for /admin/join; null for a visitor. */
export async function pagePerson(): Promise<{ email: string; storeId: string } | null> {
  const ctx = await pageContext();
  const caller = await callerOf(ctx);
  return caller ? { email: caller.email, storeId: ctx.store.key } : null;
}

/** The store of the page's host: its id for store-admin rows, and its name. */
export async function pageStoreOfHost(): Promise<{
  storeId: string;
  storeName: string;
  host: string;
}> {
  const ctx = await pageContext();
  return { storeId: ctx.store.key, storeName: ctx.store.config.store_name, host: ctx.host };
}
