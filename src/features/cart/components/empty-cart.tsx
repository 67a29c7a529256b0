import Link from 'next/link';

/**
 * What an empty cart says, on the cart page and at checkout: where to find something to buy. A
 * dashboard-only brand has no shop pages (its /numbers and /plans are 404): it sells from the
 * dashboard's Numbers and Plans pages, so those are the way on there.
 */
export function EmptyCart({ dashboardOnly = false }: { dashboardOnly?: boolean }) {
  if (dashboardOnly) {
    return (
      <>
        <p>Your order is empty.</p>
        <p>
          Add{' '}
          <Link prefetch={false} href="/dashboard/numbers">
            a phone number
          </Link>{' '}
          or{' '}
          <Link prefetch={false} href="/dashboard/plans">
            a call plan
          </Link>{' '}
          from your dashboard.
        </p>
      </>
    );
  }
  return (
    <>
      <p>Your cart is empty.</p>
      <p>
        <Link prefetch={false} href="/">
          Find a domain
        </Link>
        ,{' '}
        <Link prefetch={false} href="/numbers">
          a phone number
        </Link>{' '}
        or{' '}
        <Link prefetch={false} href="/plans">
          a call plan
        </Link>
        .
      </p>
    </>
  );
}
