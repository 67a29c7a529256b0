import type { StaffCall } from '../store-admin-calls';

/**
 * The prices calls (issue 26, point 4) for the isolation and role matrix. Each succeeds again and
 * again on the owner's own store: it re-enables .com and prices .com at cost + 30 %.
 */
const prices = () => import('@/app/api/store-admin/prices/route');
const markup = () => import('@/app/api/store-admin/prices/markup/route');

export const PRICES_CALLS: StaffCall[] = [
  {
    name: 'GET /api/store-admin/prices',
    permission: 'prices.read',
    ok: 200,
    call: async (a) =>
      a.call((await prices()).GET!, '/api/store-admin/prices?site_version=1', { params: {} }),
  },
  {
    name: 'PUT /api/store-admin/prices',
    permission: 'prices.write',
    ok: 200,
    call: async (a) =>
      a.call((await prices()).PUT!, '/api/store-admin/prices', {
        method: 'PUT',
        json: { changes: [{ site_version: 1, tld: 'com', enabled: true }] },
        params: {},
      }),
  },
  {
    name: 'POST /api/store-admin/prices/markup',
    permission: 'prices.write',
    ok: 200,
    call: async (a) =>
      a.call((await markup()).POST!, '/api/store-admin/prices/markup', {
        method: 'POST',
        json: { site_version: 1, percent: 30, rounding: '99', tlds: ['com'] },
        params: {},
      }),
  },
];
