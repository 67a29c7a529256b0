import 'server-only';
import { appDb } from '@/lib/db/app-db';
import type { AppDb } from '@/lib/db/client';
import type { SiteVersionId } from '@/features/site-version/site-version';
import { availabilityChanged } from './availability-config.server';
import {
  findNumbers,
  holdForOrder,
  holdNumber,
  listPlans,
  moveHolds,
  registerInRegistry,
  releaseNumbers,
  releaseOrderNumbers,
  removeFromRegistry,
  removeSoldNumber,
  restoreNumber,
  setRegistryExpiry,
  type CallPlan,
  type HeldNumber,
  type InventoryNumber,
} from './catalog-repository.server';

/**
 * What other features may ask of the catalog's stock: numbers and their holds, and call plans.
 * Functions that change holds take the caller's transaction, so a hold moves together with the
 * cart line it belongs to.
 */

export type { CallPlan, HeldNumber, InventoryNumber };

/** The numbers of the inventory among `numbers`, with their holds. */
export async function numbersOf(
  numbers: readonly string[],
  db?: AppDb,
): Promise<Map<string, HeldNumber>> {
  return findNumbers(db ?? (await appDb()), numbers);
}

/** Call plans of a site version, in shop order. */
export async function plansOf(siteVersion: SiteVersionId, db?: AppDb): Promise<CallPlan[]> {
  return listPlans(db ?? (await appDb()), siteVersion);
}

/**
 * Holds a number for a cart until `until`, when it is free or already this cart's. Answers false
 * when someone else holds it.
 */
export function holdNumberForCart(
  tx: AppDb,
  input: { number: string; cartId: string; until: Date; now: Date },
): Promise<boolean> {
  return holdNumber(tx, input);
}

/** Releases a cart's holds (all of them, or the given numbers). */
export function releaseCartHolds(
  tx: AppDb,
  cartId: string,
  numbers?: readonly string[],
): Promise<void> {
  return releaseNumbers(tx, cartId, numbers);
}

/** Moves the given live holds of one cart to another (merge on sign-in). */
export function moveCartHolds(
  tx: AppDb,
  input: { from: string; to: string; numbers: readonly string[]; now: Date },
): Promise<void> {
  return moveHolds(tx, input);
}

/** Moves a cart's number holds to the order placed from it; answers how many moved. */
export function holdNumbersForOrder(
  tx: AppDb,
  input: { cartId: string; orderId: string; numbers: readonly string[] },
): Promise<number> {
  return holdForOrder(tx, input);
}

/** Releases every number an order held (the order was cancelled). */
export function releaseOrderHolds(tx: AppDb, orderId: string): Promise<void> {
  return releaseOrderNumbers(tx, orderId);
}

/**
 * A sold number leaves the inventory; answers its inventory row (kept with the service, so a
 * released number can come back) or null when the order did not hold it.
 */
export function takeSoldNumber(
  tx: AppDb,
  input: { number: string; orderId: string },
): Promise<InventoryNumber | null> {
  return removeSoldNumber(tx, input);
}

/** A released number goes back on sale. */
export function returnNumberToInventory(tx: AppDb, row: InventoryNumber): Promise<boolean> {
  return restoreNumber(tx, row);
}

/**
 * A released domain is free to register again: searches say so at once, as after a sale, not
 * when the availability cache's answer runs out (docs/decisions/0140).
 */
export async function releaseRegisteredDomain(tx: AppDb, domain: string): Promise<void> {
  await removeFromRegistry(tx, domain);
  availabilityChanged([domain], { committed: false });
}

/** A renewal moves the domain's expiry in the registry. */
export function extendRegisteredDomain(
  tx: AppDb,
  input: { domain: string; expiresAt: Date },
): Promise<void> {
  return setRegistryExpiry(tx, input);
}

/** Registers a sold domain in the registry with its expiry; false when it was taken meanwhile. */
export function registerSoldDomain(
  tx: AppDb,
  input: { domain: string; expiresAt: Date },
): Promise<boolean> {
  return registerInRegistry(tx, input);
}
