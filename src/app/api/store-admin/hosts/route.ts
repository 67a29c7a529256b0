import { dataResponse } from '@/lib/http/api-response';
import { apiRoute, methodNotAllowed } from '@/lib/http/api-route';
import { readJson } from '@/lib/http/read-json';
import { requestInput } from '@/lib/http/request-input';
import { addHostSchema } from '@/features/store-admin/hosts/host-name';
import { addHost, listHosts } from '@/features/store-admin/hosts/hosts.server';
import { requireStaff } from '@/features/store-admin/server/staff.server';

/** The store's added hosts with their TXT records (owners): `{hosts: [...]}`. */
export const GET = apiRoute(async (request) =>
  dataResponse(await listHosts(await requireStaff(requestInput(request), 'hosts.read'))),
);

/** Adds a host (owners): `{host}` -> 201 the host, pending, with its TXT record; 409 host_taken. */
export const POST = apiRoute(async (request) => {
  const staff = await requireStaff(requestInput(request), 'hosts.write');
  const { host } = await readJson(request, addHostSchema);
  return dataResponse(await addHost(staff, host), { status: 201 });
});

export const PUT = methodNotAllowed(['GET', 'POST']);
export const PATCH = PUT;
export const DELETE = PUT;
