import { randomBytes } from 'node:crypto';
import type { Agent } from '../agent';
import type { CallTarget, StaffCall } from '../store-admin-calls';

/**
 * The store's payment account calls (issue 26 point 12) for the isolation and role matrix. The
 * matrix runs without Stripe: connecting answers 409 `stripe_not_configured` to an owner (the
 * whole flow is tests/api/store-admin-payments.test.ts, against the tests' Stripe); disconnecting
 * is tried on an account put in place in the database first.
 */

type Handler = (request: any, context: any) => Promise<Response>;

const payments = () => import('@/app/api/store-admin/payments/route');
const connect = () => import('@/app/api/store-admin/payments/connect/route');

/** The target store with a connected account (made in the database, active). */
async function connected(target: CallTarget): Promise<Record<string, string>> {
  const { appDb } = await import('@/lib/db/app-db');
  const { storePaymentAccounts } = await import('@/lib/db/schema');
  const now = new Date();
  await (
    await appDb()
  )
    .insert(storePaymentAccounts)
    .values({
      storeId: target.storeId,
      stripeAccount: `acct_matrix${randomBytes(8).toString('hex')}`,
      status: 'active',
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoNothing();
  return {};
}

const call = async (
  agent: Agent,
  load: () => Promise<Record<string, unknown>>,
  method: 'GET' | 'POST' | 'DELETE',
  path: string,
) => agent.call((await load())[method] as Handler, path, { method, params: {} });

export const PAYMENTS_CALLS: StaffCall[] = [
  {
    name: 'GET /api/store-admin/payments',
    permission: 'payouts.manage',
    ok: 200,
    call: (a) => call(a, payments, 'GET', '/api/store-admin/payments'),
  },
  {
    name: 'POST /api/store-admin/payments/connect',
    permission: 'payouts.manage',
    ok: 409,
    call: (a) => call(a, connect, 'POST', '/api/store-admin/payments/connect'),
  },
  {
    name: 'DELETE /api/store-admin/payments/connect',
    permission: 'payouts.manage',
    ok: 200,
    prepare: connected,
    call: (a) => call(a, connect, 'DELETE', '/api/store-admin/payments/connect'),
  },
];
