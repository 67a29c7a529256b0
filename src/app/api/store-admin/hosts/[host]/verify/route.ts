import { dataResponse } from '@/lib/http/api-response';
import { decodedParam } from '@/lib/http/path-param';
import { apiRoute, methodNotAllowed } from '@/lib/http/api-route';
import { requestInput } from '@/lib/http/request-input';
import { verifyHost } from '@/features/store-admin/hosts/hosts.server';
import { requireStaff } from '@/features/store-admin/server/staff.server';

type Context = { params: Promise<{ host: string }> };

/**
 * Looks the host's TXT record up now (owners): 200 the host, verified and serving; 422
 * record_not_found; 409 host_taken; 503 dns_unavailable; 404 not_found.
 */
export const POST = apiRoute<Context>(async (request, { params }) => {
  const staff = await requireStaff(requestInput(request), 'hosts.write');
  return dataResponse(await verifyHost(staff, decodedParam((await params).host)));
});

export const GET = methodNotAllowed(['POST']);
export const PUT = GET;
export const PATCH = GET;
export const DELETE = GET;
