import type { StorePermission } from '@/features/store-admin/roles';
import type { Agent, Answer } from './agent';
import { ORDERS_CALLS } from './store-admin-calls/orders';
import { THEME_CALLS } from './store-admin-calls/theme';
import { HOSTS_CALLS } from './store-admin-calls/hosts';
import { PRICES_CALLS } from './store-admin-calls/prices';
import { DNS_CALLS } from './store-admin-calls/dns';
import { PAYMENTS_CALLS } from './store-admin-calls/payments';

/**
 * Every /api/store-admin call, for the isolation and role matrix (tests/api/store-admin-matrix
 * .test.ts), which fails when a route file serves a call that is not here. Whoever adds a call
 * appends its entry: the permission it needs (roles.ts), the status a permitted caller gets on
 * its own store, and how to make it.
 *
 * `prepare` runs before every attempt, as the store's owner, and answers the ids the call names
 * (a fresh staff member to remove, an order to refund...): a call that succeeded once must be
 * able to succeed again for the next role. The same ids are then tried from another store.
 */
export type StaffCall = {
  /** "METHOD /api/store-admin/path/{param}", as the route file serves it. */
  name: string;
  /** What the role needs; null: any staff member of the store. */
  permission: StorePermission | null;
  /** The status a permitted staff member gets on their own store. */
  ok: number;
  prepare?: (target: CallTarget) => Promise<Record<string, string>>;
  call: (agent: Agent, ids: Record<string, string>) => Promise<Answer>;
};

/** The store a call is aimed at, and what can make things in it as its owner. */
export type CallTarget = {
  storeId: string;
  host: string;
  /** A new staff member of the target store (made in the database), for calls that need one. */
  newStaff: (role: 'store_owner' | 'store_staff') => Promise<{ staffId: string }>;
  /** A new open invitation of the target store (made in the database). */
  newInvite: () => Promise<{ inviteId: string }>;
};

type Handler = (request: any, context: any) => Promise<Response>;
type Module = Partial<Record<'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', Handler>>;
/** A route file, loaded when a call first needs it (after the test set the configuration). */
type Load = () => Promise<Module>;

const get = async (agent: Agent, path: string, load: Load, params = {}) =>
  agent.call((await load()).GET!, path, { params });
const send = async (
  agent: Agent,
  method: 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  path: string,
  load: Load,
  json?: unknown,
  params = {},
) => agent.call((await load())[method]!, path, { method, json, params });

const me = () => import('@/app/api/store-admin/me/route');
const staff = () => import('@/app/api/store-admin/staff/route');
const staffOne = () => import('@/app/api/store-admin/staff/[id]/route');
const audit = () => import('@/app/api/store-admin/audit/route');
const join = () => import('@/app/api/store-admin/join/route');
const invite = () => import('@/app/api/store-admin/invites/[id]/route');

let invited = 0;
const freshInvitee = () =>
  `invitee.${process.pid}.${Date.now().toString(36)}.${invited++}@example.com`;

export const STORE_ADMIN_CALLS: StaffCall[] = [
  {
    name: 'GET /api/store-admin/me',
    permission: null,
    ok: 200,
    call: (a) => get(a, '/api/store-admin/me', me),
  },
  {
    name: 'GET /api/store-admin/staff',
    permission: 'staff.manage',
    ok: 200,
    call: (a) => get(a, '/api/store-admin/staff', staff),
  },
  {
    name: 'POST /api/store-admin/staff',
    permission: 'staff.manage',
    ok: 201,
    call: (a) =>
      send(a, 'POST', '/api/store-admin/staff', staff, {
        email: freshInvitee(),
        role: 'store_staff',
      }),
  },
  {
    name: 'DELETE /api/store-admin/staff/{id}',
    permission: 'staff.manage',
    ok: 204,
    prepare: async (target) => ({ id: (await target.newStaff('store_staff')).staffId }),
    call: (a, ids) =>
      send(a, 'DELETE', `/api/store-admin/staff/${ids.id}`, staffOne, undefined, {
        id: ids.id!,
      }),
  },
  {
    name: 'DELETE /api/store-admin/invites/{id}',
    permission: 'staff.manage',
    ok: 204,
    prepare: async (target) => ({ id: (await target.newInvite()).inviteId }),
    call: (a, ids) =>
      send(a, 'DELETE', `/api/store-admin/invites/${ids.id}`, invite, undefined, { id: ids.id! }),
  },
  {
    name: 'GET /api/store-admin/audit',
    permission: 'audit.read',
    ok: 200,
    call: (a) => get(a, '/api/store-admin/audit?limit=5', audit),
  },
  {
    // Not a staff call: the invited person is not staff yet. A token of no invitation of this
    // store is refused alike for everyone, and changes nothing.
    name: 'POST /api/store-admin/join',
    permission: null,
    ok: 404,
    call: (a) =>
      send(a, 'POST', '/api/store-admin/join', join, {
        token: 'A'.repeat(43),
      }),
  },
  ...ORDERS_CALLS,
  ...THEME_CALLS,
  ...HOSTS_CALLS,
  ...PRICES_CALLS,
  ...DNS_CALLS,
  ...PAYMENTS_CALLS,
];
