import Link from 'next/link';

/** What an empty cart says, on the cart page and at checkout: where to find something to buy. */
export function EmptyCart() {
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
