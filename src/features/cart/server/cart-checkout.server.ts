import 'server-only';
import type { AppDb } from '@/lib/db/client';
import { releaseCartHolds } from '@/features/catalog/server/inventory.server';
import type { SiteVersionId } from '@/features/site-version/site-version';
import type { TldPrice } from '@/features/tenancy/store-types';
import { priceCart, type CartView } from './cart-pricing.server';
import {
  bumpVersion,
  deleteItems,
  findCartWithItems,
  lockCartRow,
  type CartItemRow,
  type CartOwner,
  type CartRow,
  type DroppedLine,
} from './cart-repository.server';

/**
 * What the checkout asks of the cart: its lines as stored, the cart priced inside the
 * checkout's transaction, lines removed with a reason, and the cart's row lock and version.
 */

export type { CartItemRow, CartOwner, CartRow, DroppedLine };

export type CartForCheckout = {
  cart: CartRow;
  items: CartItemRow[];
  premium: Map<string, { 1: number | null; 2: number | null }>;
};

/** The owner's cart with its stored lines, or null when there is none. */
export function cartForCheckout(db: AppDb, owner: CartOwner): Promise<CartForCheckout | null> {
  return findCartWithItems(db, owner);
}

/** Prices a cart read with `cartForCheckout`, on the given connection or transaction. */
export function priceCartFor(
  db: AppDb,
  found: CartForCheckout,
  input: { prices: readonly TldPrice[]; siteVersion: SiteVersionId; now: Date },
): Promise<CartView> {
  return priceCart(db, { ...found, ...input });
}

/**
 * Takes the cart's row lock and moves its version on, when it is `expected` (any version when
 * undefined); the lines that could not be kept are recorded as dropped. Answers the new
 * version, or null when the cart is at another version.
 */
export function lockCartVersion(
  tx: AppDb,
  cartId: string,
  input: { expected?: number; siteVersion: SiteVersionId; dropped?: DroppedLine[] },
): Promise<number | null> {
  return bumpVersion(tx, cartId, input);
}

/** Takes the cart's row lock without a new version (the checkout reads it under the lock). */
export function lockCart(tx: AppDb, cartId: string): Promise<boolean> {
  return lockCartRow(tx, cartId);
}

/** Removes lines (the checkout found them unbuyable) and releases their numbers' holds. */
export async function removeCartLines(
  tx: AppDb,
  cartId: string,
  lines: readonly { id: string; number?: string | null }[],
): Promise<void> {
  for (const line of lines) await deleteItems(tx, cartId, line.id);
  const numbers = lines.flatMap((l) => (l.number ? [l.number] : []));
  if (numbers.length > 0) await releaseCartHolds(tx, cartId, numbers);
}

/**
 * The lines an order leaves in the cart: those not sold in the site version it is placed in
 * (a .co.uk while paying in USD). They stay for when the shopper pays in their currency again
 * (docs/decisions/0142).
 */
export function isSetAside(line: { unavailable?: string }): boolean {
  return line.unavailable === 'not_sold_in_site_version';
}

/** The stored lines of a cart that an order in this site version would take. */
export async function orderableItems(
  db: AppDb,
  found: CartForCheckout,
  input: { prices: readonly TldPrice[]; siteVersion: SiteVersionId; now: Date },
): Promise<CartItemRow[]> {
  const view = await priceCart(db, { ...found, ...input });
  const aside = new Set(view.items.filter(isSetAside).map((l) => l.id));
  return found.items.filter((i) => !aside.has(i.id));
}

/**
 * Takes the ordered lines out of the cart an order was placed from (their number holds moved to
 * the order first); lines set aside stay.
 */
export async function emptyCartForOrder(
  tx: AppDb,
  cartId: string,
  orderedLineIds: readonly string[],
): Promise<void> {
  for (const id of orderedLineIds) await deleteItems(tx, cartId, id);
}
