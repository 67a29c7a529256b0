import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { pageStore } from '@/features/tenancy/server/page-store.server';
import { PriceTable } from '@/features/shell/components/price-table';
import { StructuredData } from '@/features/seo/components/structured-data';
import { offerCatalogJsonLd } from '@/features/seo/json-ld';

type Props = { params: Promise<{ host: string; sv: string }> };

export const metadata: Metadata = {
  title: 'Domain prices',
  alternates: { canonical: '/domains/pricing' },
};

/** The store's full TLD price list: register, renew and transfer, per year. */
export default async function PricingPage({ params }: Props) {
  const { host, sv } = await params;
  const { store, siteVersion } = await pageStore(host, sv);
  if (store.config.dashboard_only || !store.prices.some((p) => p.siteVersion === siteVersion))
    notFound();
  return (
    <>
      <h1>Domain prices</h1>
      <PriceTable prices={store.prices} siteVersion={siteVersion} full caption="Prices" />
      <StructuredData data={offerCatalogJsonLd(store, siteVersion)} />
    </>
  );
}
