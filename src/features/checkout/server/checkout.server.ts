import 'server-only';
import { now as clockNow } from '@/lib/clock';
import { appDb } from '@/lib/db/app-db';
import { billingOf } from '@/features/billing/server/billing.server';
import {
  cartForCheckout,
  lockCart,
  lockCartVersion,
  removeCartLines,
} from '@/features/cart/server/cart-checkout.server';
import { readCart } from '@/features/cart/server/cart-service.server';
import type { Checkout, CheckoutChange } from '../checkout-types';
import { upsertQuotes } from './checkout-repository.server';
import {
  domainStatuses,
  findQuotes,
  inspectCart,
  priceChanges,
  requirementsOf,
  type CheckoutScope,
} from './recheck.server';

/**
 * GET /api/checkout: the cart re-checked. Lines that can no longer be bought (a domain taken,
 * a number someone else holds now, not sold here) are removed and listed; price changes since
 * the checkout last showed the cart are listed. Either moves the cart to a new version, so an
 * order sent for the old one is refused and the shopper confirms the new cart first. The prices
 * shown are kept as the checkout's quote, which the order call holds the cart to.
 */
export async function checkoutView(scope: CheckoutScope): Promise<Checkout> {
  const db = await appDb();
  const owner = { userId: scope.user.id };
  const first = await cartForCheckout(db, owner);
  const changes: CheckoutChange[] = [];
  if (first && first.items.length > 0) {
    const statuses = await domainStatuses(first.items);
    await db.transaction(async (tx) => {
      const now = clockNow();
      await lockCart(tx, first.cart.id);
      const found = await cartForCheckout(tx, owner);
      if (!found) return;
      const { view, problems } = await inspectCart(tx, scope, found, statuses, now);
      const quotes = await findQuotes(
        tx,
        view.items.map((l) => l.id),
      );
      const changed = priceChanges(view, quotes, problems);
      const removed = view.items.filter((l) => problems.has(l.id));
      for (const line of removed) {
        const problem = problems.get(line.id)!;
        changes.push({ line_id: line.id, kind: problem.kind, message: problem.message });
      }
      changes.push(...changed);
      if (changes.length > 0) {
        await lockCartVersion(tx, found.cart.id, {
          siteVersion: scope.siteVersion,
          dropped: removed.map((l) => ({
            type: l.type,
            label: l.label,
            reason: problems.get(l.id)!.message,
          })),
        });
        await removeCartLines(tx, found.cart.id, removed);
      }
      await upsertQuotes(
        tx,
        view.items
          .filter((l) => !problems.has(l.id))
          .map((l) => ({ cartItemId: l.id, siteVersion: scope.siteVersion, net: l.price.net })),
        now,
      );
    });
  }
  const cart = await readCart({
    store: scope.store,
    siteVersion: scope.siteVersion,
    owner,
  });
  const billing = await billingOf(scope.user.accountId, db);
  return { cart, changes, requirements: requirementsOf(cart, billing !== null) };
}
