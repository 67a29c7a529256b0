import { NextResponse } from 'next/server';
import { apiRoute, methodNotAllowed } from '@/lib/http/api-route';
import { requestInput } from '@/lib/http/request-input';
import { removeStaff } from '@/features/store-admin/server/staff-admin.server';
import { requireStaff } from '@/features/store-admin/server/staff.server';

type Context = { params: Promise<{ id: string }> };

/** Removes a staff member (owners): 204; 404 `staff_not_found`, 409 `last_owner`. */
export const DELETE = apiRoute<Context>(async (request, { params }) => {
  const staff = await requireStaff(requestInput(request), 'staff.manage');
  await removeStaff(staff, (await params).id);
  return new NextResponse(null, { status: 204 });
});

export const GET = methodNotAllowed(['DELETE']);
export const POST = GET;
export const PUT = GET;
export const PATCH = GET;
