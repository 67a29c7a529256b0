import type { Metadata } from 'next';
import { Suspense } from 'react';
import { notFound } from 'next/navigation';
import { pageStore } from '@/features/tenancy/server/page-store.server';
import { DomainSearchForm } from '@/features/shell/components/domain-search-form';
import { DomainResults } from '@/features/shop/components/domain-results';

type Props = { params: Promise<{ host: string; sv: string }> };

export const metadata: Metadata = { title: 'Domain search', robots: { index: false } };

/** Domain search results; the query is read in the browser so the page stays cached per store. */
export default async function DomainSearchPage({ params }: Props) {
  const { host, sv } = await params;
  const { store, siteVersion } = await pageStore(host, sv);
  if (store.config.dashboard_only || !store.prices.some((p) => p.siteVersion === siteVersion))
    notFound();
  return (
    <>
      <h1>Domain search</h1>
      <DomainSearchForm />
      <Suspense>
        <DomainResults siteVersion={siteVersion} />
      </Suspense>
    </>
  );
}
