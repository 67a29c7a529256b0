import 'server-only';
import { now as clockNow } from '@/lib/clock';
import { appDb } from '@/lib/db/app-db';
import {
  moveCartHolds,
  numbersOf,
  plansOf,
  releaseCartHolds,
} from '@/features/catalog/server/inventory.server';
import { toUnicode } from '@/features/catalog/server/domain-name.server';
import { displayPhoneNumber } from '@/lib/phone-display';
import { SITE_VERSIONS } from '@/features/site-version/site-version';
import type { Store } from '@/features/tenancy/store-types';
import {
  adoptCart,
  bumpVersion,
  deleteCart,
  findCart,
  listItems,
  moveItem,
  type CartItemRow,
  type DroppedLine,
} from './cart-repository.server';
import { MAX_CART_LINES } from '../cart-limits';

/**
 * Merges the anonymous cart of a session into the cart of the user who just signed in on it
 * (docs/contract/selling.md). Without a customer cart, the anonymous one simply becomes theirs.
 * Otherwise each line moves unless it cannot: a line not sold in the customer cart's currency, or a
 * number whose hold has ended, is dropped with a reason the cart page shows; a line the customer
 * cart already has is kept once; lines past the cart's bound are dropped. All in one transaction.
 */
export async function mergeCartOnSignIn(input: {
  sessionId: string;
  userId: string;
  store: Store;
}): Promise<void> {
  const db = await appDb();
  const anon = await findCart(db, { sessionId: input.sessionId });
  if (!anon) return;
  const mine = await findCart(db, { userId: input.userId });
  if (!mine) {
    await adoptCart(db, anon.id, input.userId);
    return;
  }
  const [anonItems, mineItems] = await Promise.all([
    listItems(db, anon.id),
    listItems(db, mine.id),
  ]);
  const target = mine.siteVersion;
  const currency = SITE_VERSIONS[target].currency;
  const tlds = input.store.prices.filter((p) => p.siteVersion === target).map((p) => p.tld);
  const numbers = await numbersOf(
    anonItems.flatMap((i) => (i.number ? [i.number] : [])),
    db,
  );
  const plans = new Set((await plansOf(target, db)).map((p) => p.id));
  const now = clockNow();

  const label = (item: CartItemRow) =>
    item.domain
      ? toUnicode(item.domain)
      : item.number
        ? displayPhoneNumber(item.number)
        : (item.plan ?? item.type);
  const has = (item: CartItemRow) =>
    mineItems.some(
      (m) =>
        (item.domain && m.domain === item.domain) ||
        (item.number && m.number === item.number) ||
        (item.plan && m.plan === item.plan),
    );

  const dropped: DroppedLine[] = [];
  const moving: CartItemRow[] = [];
  for (const item of anonItems) {
    const drop = (reason: string) => dropped.push({ type: item.type, label: label(item), reason });
    if (has(item)) continue;
    if (item.domain) {
      if (!tlds.some((t) => item.domain!.endsWith(`.${t}`))) {
        drop(`Not sold in ${currency}, the currency of your cart.`);
      } else moving.push(item);
    } else if (item.number) {
      const row = numbers.get(item.number);
      if (!row || row.siteVersion !== target) {
        drop(`Not sold in ${currency}, the currency of your cart.`);
      } else if (row.heldByCart !== anon.id || !row.heldUntil || row.heldUntil < now) {
        drop('The hold on this number ended, so it could not be kept for you.');
      } else moving.push(item);
    } else if (item.plan) {
      if (!plans.has(item.plan)) drop(`Not sold in ${currency}, the currency of your cart.`);
      else moving.push(item);
    }
  }
  // The customer cart keeps its bound (decision 0268): the first lines added move, the rest are
  // dropped with the reason.
  const room = Math.max(0, MAX_CART_LINES - mineItems.length);
  for (const item of moving.splice(room)) {
    dropped.push({
      type: item.type,
      label: label(item),
      reason: `Your cart holds at most ${MAX_CART_LINES} lines, so this one was not added.`,
    });
  }

  await db.transaction(async (tx) => {
    await bumpVersion(tx, mine.id, { siteVersion: target, dropped });
    for (const item of moving) await moveItem(tx, item.id, mine.id);
    const numbers = moving.flatMap((i) => (i.number ? [i.number] : []));
    await moveCartHolds(tx, { from: anon.id, to: mine.id, numbers, now });
    await releaseCartHolds(tx, anon.id);
    await deleteCart(tx, anon.id);
  });
}
