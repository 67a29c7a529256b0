import Link from 'next/link';
import type { WaitingOrder } from '../checkout-types';
import styles from './checkout.module.css';

/** An order as GET /api/orders lists it: what a stale checkout tab needs to point to it. */
export type PlacedOrder = { id: string; number: string; status: string };

const STATUS_TEXT: Record<string, string> = {
  awaiting_payment: 'It is waiting for payment.',
  paid: 'It is paid.',
  fulfilled: 'It is paid and ready.',
  cancelled: 'It was cancelled.',
  refunded: 'It was refunded.',
};

/**
 * Why the cart is empty when the order was placed from another tab or window of the same
 * checkout: where the order is, rather than only "Your cart is empty".
 */
export function PlacedElsewhere({ order }: { order: PlacedOrder }) {
  return (
    <div role="status">
      <p>
        <strong>Order {order.number} was placed in another tab or window.</strong>{' '}
        {STATUS_TEXT[order.status] ?? ''}
      </p>
      <p>
        <Link prefetch={false} href={`/orders/${order.id}`}>
          See order {order.number}
        </Link>
      </p>
    </div>
  );
}

/**
 * The order this person placed and has not paid yet, shown where the empty cart would be: Back
 * from the pay page lands here, and the way on is to pay it.
 */
export function WaitingOrderPanel({ order }: { order: WaitingOrder }) {
  return (
    <section aria-labelledby="waiting-order">
      <h2 id="waiting-order" className={styles.heading}>
        Order {order.number}
      </h2>
      <p>
        Your order is placed and waiting for payment: {order.total} is due. Unpaid orders are
        cancelled 24 hours after they were placed.
      </p>
      <p className={styles.actions}>
        {/* A full load: the pay page is rendered per request with the attempt's state. */}
        <a href={order.payUrl}>Pay {order.total} now</a>
        <Link prefetch={false} href={`/orders/${order.id}`}>
          See the order
        </Link>
      </p>
    </section>
  );
}
