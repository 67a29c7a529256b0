import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { pageStore } from '@/features/tenancy/server/page-store.server';
import { CartView } from '@/features/cart/components/cart-view';

type Props = { params: Promise<{ host: string; sv: string }> };

export const metadata: Metadata = { title: 'Your cart', robots: { index: false } };

/** The cart page: the cart itself is the visitor's, so it is loaded in the browser. */
export default async function CartPage({ params }: Props) {
  const { host, sv } = await params;
  const { store, siteVersion } = await pageStore(host, sv);
  if (store.config.dashboard_only) notFound();
  return (
    <>
      <h1>Your cart</h1>
      <CartView siteVersion={siteVersion} />
    </>
  );
}
