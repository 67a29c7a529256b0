import 'server-only';
import { now as clockNow } from '@/lib/clock';
import { appDb } from '@/lib/db/app-db';
import type { AppDb } from '@/lib/db/client';
import { ApiError } from '@/lib/http/api-response';
import { prepareJobQueue } from '@/lib/jobs/process-queue.server';
import { billingOf } from '@/features/billing/server/billing.server';
import {
  cartForCheckout,
  emptyCartForOrder,
  isSetAside,
  lockCartVersion,
  orderableItems,
  type CartForCheckout,
} from '@/features/cart/server/cart-checkout.server';
import { holdNumbersForOrder } from '@/features/catalog/server/inventory.server';
import type { Order } from '@/features/orders/order-types';
import { draftOrder, numberOrder, orderView } from '@/features/orders/server/orders.server';
import type { Payment } from '@/features/payments/payment-types';
import { configuredProviderName } from '@/features/payments/server/provider-config.server';
import { createPayment, paymentView } from '@/features/payments/server/payments.server';
import type { OrderBody } from '../schemas';
import { sendOrderReceived } from './checkout-mail.server';
import {
  answeredBefore,
  earlierAnswer,
  keepAnswer,
  requestHash,
  takeKey,
  type Answer,
} from './idempotency.server';
import { orderLineOf } from './order-lines';
import { orderDetails } from './order-details';
import { domainStatuses, findQuotes, inspectCart, type CheckoutScope } from './recheck.server';

/** An order unpaid this long is cancelled by the expiry job. */
export const ORDER_PAYMENT_WINDOW_MS = 24 * 60 * 60_000;

export type PlacedOrder = { order: Order; payment: Payment };

const staleCart = (version: number) =>
  new ApiError(
    409,
    'cart_version_conflict',
    `Your cart is no longer at version ${version}. Load the checkout again and confirm the cart.`,
  );

const cartChanged = () =>
  new ApiError(
    409,
    'cart_changed',
    'Something in your cart changed since the checkout showed it. Load the checkout again and confirm the cart.',
  );

/**
 * POST /api/orders: exactly one order per confirmed cart version.
 *
 * The key is taken, the cart's row is locked at the confirmed version, the order is written, the
 * numbers move from the cart's hold to the order's, the cart is emptied, the first payment and
 * the order-received mail are recorded, and the answer is kept for the key: all in one
 * transaction. A parallel request with the same key waits on the key and answers the same; one
 * with another key waits on the cart's lock and finds a new version (409).
 */
export async function placeOrder(
  scope: CheckoutScope,
  key: string,
  body: OrderBody,
): Promise<Answer> {
  const db = await appDb();
  const keyScope = `user:${scope.user.id}`;
  const hash = requestHash(body);
  const earlier = await answeredBefore(db, keyScope, key, hash);
  if (earlier) return earlier;

  let prepared;
  try {
    prepared = await prepare(db, scope, body);
  } catch (error) {
    // A request with this key may have just finished: its answer wins over this refusal.
    const answer = await answeredBefore(db, keyScope, key, hash);
    if (answer) return answer;
    throw error;
  }

  // The order-received mail is recorded with the order: the queue must run before the transaction.
  await prepareJobQueue();
  try {
    return await db.transaction(async (tx) => {
      const now = clockNow();
      await takeKey(tx, { scope: keyScope, key, hash, at: now });
      const answer = await writeOrder(tx, scope, body, prepared, now);
      await keepAnswer(tx, { scope: keyScope, key, answer });
      return answer;
    });
  } catch (error) {
    const answer = earlierAnswer(error);
    if (answer) return answer;
    throw error;
  }
}

type Prepared = Awaited<ReturnType<typeof prepare>>;

/** Everything that can be checked before the transaction, remote lookups included. */
async function prepare(db: AppDb, scope: CheckoutScope, body: OrderBody) {
  const billing = await billingOf(scope.user.accountId, db);
  if (!billing) {
    throw new ApiError(
      422,
      'billing_details_required',
      'Add your billing details (PUT /api/account/billing) before ordering.',
    );
  }
  const found = await cartForCheckout(db, { userId: scope.user.id });
  if (!found || found.cart.version !== body.cart_version) throw staleCart(body.cart_version);
  if (found.items.length === 0) {
    throw new ApiError(422, 'cart_empty', 'Your cart is empty: add something to order first.');
  }
  // Lines not sold in this currency stay in the cart and out of the order and its details.
  const items = await orderableItems(db, found, {
    prices: scope.store.prices,
    siteVersion: scope.siteVersion,
    now: clockNow(),
  });
  if (items.length === 0) {
    throw new ApiError(
      422,
      'cart_empty',
      'Nothing in your cart is sold in this currency: switch currency to order it.',
    );
  }
  const details = orderDetails(items, billing, body);
  const statuses = await domainStatuses(items);
  for (const item of items) {
    if (item.domain && statuses.get(item.domain) === 'unknown') {
      throw new ApiError(
        503,
        'availability_unknown',
        `We could not check ${item.domain} just now. Try again shortly.`,
        undefined,
        { 'retry-after': '5' },
      );
    }
  }
  return { billing, found, details, statuses };
}

async function writeOrder(
  tx: AppDb,
  scope: CheckoutScope,
  body: OrderBody,
  prepared: Prepared,
  now: Date,
): Promise<Answer> {
  const { found, statuses } = prepared;
  const version = await lockCartVersion(tx, found.cart.id, {
    expected: body.cart_version,
    siteVersion: scope.siteVersion,
  });
  if (version === null) throw staleCart(body.cart_version);
  // The cart is at the confirmed version, so its lines are the ones `prepare` read.
  const { view, problems } = await inspectCart(tx, scope, found, statuses, now);
  const ordered = view.items.filter((l) => !isSetAside(l));
  if (problems.size > 0 || ordered.length === 0 || ordered.some((l) => l.unavailable)) {
    throw cartChanged();
  }
  const quotes = await findQuotes(
    tx,
    ordered.map((l) => l.id),
  );
  const quoted = ordered.every((l) => {
    const q = quotes.get(l.id);
    return q && q.siteVersion === scope.siteVersion && q.net === l.price.net;
  });
  if (!quoted) throw cartChanged();

  const items = new Map(found.items.map((i) => [i.id, i]));
  const provider = configuredProviderName();
  // Drafted now, numbered last: the store's series stays locked from the number to the commit.
  const { order: draft, lines } = await draftOrder(tx, {
    store: scope.store,
    storeHost: scope.storeHost,
    email: scope.user.email,
    accountId: scope.user.accountId,
    userId: scope.user.id,
    siteVersion: scope.siteVersion,
    provider,
    lines: ordered.map((l) => orderLineOf(l, items.get(l.id), scope.siteVersion)),
    totals: view.totals.due_today,
    billing: prepared.details.billing,
    registrant: prepared.details.registrant,
    numberAddresses: prepared.details.numberAddresses(ordered),
    savePaymentMethod: body.save_payment_method,
    now,
    expiresAt: new Date(now.getTime() + ORDER_PAYMENT_WINDOW_MS),
  });
  await moveHolds(tx, found, draft.id, new Set(ordered.map((l) => l.id)));
  await emptyCartForOrder(
    tx,
    found.cart.id,
    ordered.map((l) => l.id),
  );
  const payment = await createPayment(tx, {
    orderId: draft.id,
    storeKey: draft.storeKey,
    accountId: draft.accountId,
    provider,
    amount: draft.totalGross,
    currency: draft.currency,
    now,
  });
  const order = await numberOrder(tx, scope.store, draft);
  const placed: PlacedOrder = { order: orderView(order, lines), payment: paymentView(payment) };
  await sendOrderReceived(tx, scope.store, placed);
  return { status: 201, body: { data: placed } };
}

async function moveHolds(
  tx: AppDb,
  found: CartForCheckout,
  orderId: string,
  ordered: Set<string>,
): Promise<void> {
  const numbers = found.items.flatMap((i) => (i.number && ordered.has(i.id) ? [i.number] : []));
  const moved = await holdNumbersForOrder(tx, { cartId: found.cart.id, orderId, numbers });
  // The holds were extended in this transaction; one that did not move was taken meanwhile.
  if (moved !== numbers.length) throw cartChanged();
}
