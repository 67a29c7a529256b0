import type { StaffCall } from '../store-admin-calls';

/**
 * The store's default DNS template (issue 28 point 3) for the isolation and role matrix. The PUT
 * names `store_site`, the platform's own default, so it succeeds again for every role.
 */
const defaultTemplate = () => import('@/app/api/store-admin/dns/default-template/route');

export const DNS_CALLS: StaffCall[] = [
  {
    name: 'GET /api/store-admin/dns/default-template',
    permission: 'dns.templates',
    ok: 200,
    call: async (a) =>
      a.call((await defaultTemplate()).GET!, '/api/store-admin/dns/default-template', {
        params: {},
      }),
  },
  {
    name: 'PUT /api/store-admin/dns/default-template',
    permission: 'dns.templates',
    ok: 200,
    call: async (a) =>
      a.call((await defaultTemplate()).PUT!, '/api/store-admin/dns/default-template', {
        method: 'PUT',
        json: { template: 'store_site' },
        params: {},
      }),
  },
];
