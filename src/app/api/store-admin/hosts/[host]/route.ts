import { NextResponse } from 'next/server';
import { decodedParam } from '@/lib/http/path-param';
import { apiRoute, methodNotAllowed } from '@/lib/http/api-route';
import { requestInput } from '@/lib/http/request-input';
import { removeHost } from '@/features/store-admin/hosts/hosts.server';
import { requireStaff } from '@/features/store-admin/server/staff.server';

type Context = { params: Promise<{ host: string }> };

/** Removes a host (owners): 204, it stops serving the store at once; 404 not_found. */
export const DELETE = apiRoute<Context>(async (request, { params }) => {
  const staff = await requireStaff(requestInput(request), 'hosts.write');
  await removeHost(staff, decodedParam((await params).host));
  return new NextResponse(null, { status: 204 });
});

export const GET = methodNotAllowed(['DELETE']);
export const POST = GET;
export const PUT = GET;
export const PATCH = GET;
