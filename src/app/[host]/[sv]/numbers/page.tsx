import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { pageStore } from '@/features/tenancy/server/page-store.server';
import { NumberSearch } from '@/features/shop/components/number-search';

type Props = { params: Promise<{ host: string; sv: string }> };

export const metadata: Metadata = { title: 'Phone numbers' };

/** Virtual phone numbers of the site version's country (UK for GBP, US for USD). */
export default async function NumbersPage({ params }: Props) {
  const { host, sv } = await params;
  const { store, siteVersion } = await pageStore(host, sv);
  if (store.config.dashboard_only) notFound();
  return (
    <>
      <h1>Phone numbers</h1>
      <p>
        {siteVersion === 1 ? 'UK' : 'US'} numbers, billed monthly. A number you add is held for you
        for 15 minutes.
      </p>
      <NumberSearch siteVersion={siteVersion} />
    </>
  );
}
