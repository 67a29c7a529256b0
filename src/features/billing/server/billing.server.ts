import 'server-only';
import { now } from '@/lib/clock';
import { appDb } from '@/lib/db/app-db';
import type { AppDb } from '@/lib/db/client';
import type { BillingDetails } from '../schemas';
import { findBilling, upsertBilling } from './billing-repository.server';

/**
 * The billing details an account keeps for its orders. Every user of the account sees
 * and changes the same set; an order copies them when it is placed.
 */
export async function billingOf(accountId: string, db?: AppDb): Promise<BillingDetails | null> {
  return findBilling(db ?? (await appDb()), accountId);
}

/** Keeps (replaces) the account's billing details; answers them as stored. */
export async function saveBilling(
  accountId: string,
  details: BillingDetails,
): Promise<BillingDetails> {
  const db = await appDb();
  await upsertBilling(db, accountId, details, now());
  return details;
}
