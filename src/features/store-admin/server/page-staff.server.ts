import 'server-only';
import { cache } from 'react';
import { notFound, redirect } from 'next/navigation';
import { pageRequestInput } from '@/lib/http/page-request-input';
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
 * - a section the role may not use is a 404 too: the navigation never links to it.
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
 * For /admin/second-factor itself: the staff member whatever their second factor, or the same
 * answers as `pageStaff` otherwise. Answers whether this session already showed one.
 */
export async function pageStaffEnrolling(): Promise<{
  staff: StaffContext | null;
  ready: boolean;
}> {
  const ctx = await pageContext();
  const result = await staffOf(ctx);
  if ('staff' in result) return { staff: result.staff, ready: true };
  if (result.refusal === 'not_signed_in') {
    redirect(`/login?next=${encodeURIComponent(SECOND_FACTOR_PAGE)}`);
  }
  if (result.refusal !== 'second_factor_required') notFound();
  return { staff: null, ready: false };
}
