import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { pageStore } from '@/features/tenancy/server/page-store.server';

type Props = { params: Promise<{ host: string; sv: string }> };

export const metadata: Metadata = { title: 'Your cart', robots: { index: false } };

/** The cart page; items arrive with the catalog and cart work. */
export default async function CartPage({ params }: Props) {
  const { host, sv } = await params;
  const { store } = await pageStore(host, sv);
  if (store.config.dashboard_only) notFound();
  return (
    <>
      <h1>Your cart</h1>
      <p>Your cart is empty.</p>
      <p>
        <Link href="/">Find a domain</Link>
      </p>
    </>
  );
}
