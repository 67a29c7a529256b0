import type { StaffCall } from '../store-admin-calls';

/** The hosts calls (issue 26 point 5) for the isolation and role matrix. */
const hosts = () => import('@/app/api/store-admin/hosts/route');
const hostOne = () => import('@/app/api/store-admin/hosts/[host]/route');
const hostVerify = () => import('@/app/api/store-admin/hosts/[host]/verify/route');

let made = 0;
const freshHost = () => `m${process.pid}-${Date.now().toString(36)}-${made++}.matrix.example`;

/** A fresh host claimed by the target store (made in the database, pending). */
async function claimed(target: { storeId: string }): Promise<string> {
  const { appDb } = await import('@/lib/db/app-db');
  const { storeHostClaims } = await import('@/lib/db/schema');
  const host = freshHost();
  await (
    await appDb()
  )
    .insert(storeHostClaims)
    .values({ host, storeId: target.storeId, token: 'sfv-matrix', createdAt: new Date() });
  return host;
}

export const HOSTS_CALLS: StaffCall[] = [
  {
    name: 'GET /api/store-admin/hosts',
    permission: 'hosts.read',
    ok: 200,
    call: async (a) => a.call((await hosts()).GET!, '/api/store-admin/hosts', { params: {} }),
  },
  {
    name: 'POST /api/store-admin/hosts',
    permission: 'hosts.write',
    ok: 201,
    call: async (a) =>
      a.call((await hosts()).POST!, '/api/store-admin/hosts', {
        method: 'POST',
        json: { host: freshHost() },
        params: {},
      }),
  },
  {
    // The matrix runs no DNS server: a host nobody added is refused alike for every caller (404);
    // the verify call itself is tested against the tests' DNS server (store-admin-hosts.test.ts).
    name: 'POST /api/store-admin/hosts/{host}/verify',
    permission: 'hosts.write',
    ok: 404,
    prepare: async () => ({ host: freshHost() }),
    call: async (a, ids) =>
      a.call((await hostVerify()).POST!, `/api/store-admin/hosts/${ids.host}/verify`, {
        method: 'POST',
        params: { host: ids.host! },
      }),
  },
  {
    name: 'DELETE /api/store-admin/hosts/{host}',
    permission: 'hosts.write',
    ok: 204,
    prepare: async (target) => ({ host: await claimed(target) }),
    call: async (a, ids) =>
      a.call((await hostOne()).DELETE!, `/api/store-admin/hosts/${ids.host}`, {
        method: 'DELETE',
        params: { host: ids.host! },
      }),
  },
];
