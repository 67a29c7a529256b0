import { NextResponse } from 'next/server';
import { apiRoute, methodNotAllowed } from '@/lib/http/api-route';
import { requestInput } from '@/lib/http/request-input';
import { withdrawStaffInvite } from '@/features/store-admin/server/invites.server';
import { auditScope, requireStaff } from '@/features/store-admin/server/staff.server';

type Context = { params: Promise<{ id: string }> };

/** Withdraws an open staff invitation (owners): 204; 404 `invite_not_found`. */
export const DELETE = apiRoute<Context>(async (request, { params }) => {
  const staff = await requireStaff(requestInput(request), 'staff.manage');
  await withdrawStaffInvite(staff, auditScope(staff), (await params).id);
  return new NextResponse(null, { status: 204 });
});

export const GET = methodNotAllowed(['DELETE']);
export const POST = GET;
export const PUT = GET;
export const PATCH = GET;
