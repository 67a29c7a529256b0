import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { pageStore } from '@/features/tenancy/server/page-store.server';
import { DomainSearchForm } from '@/features/shell/components/domain-search-form';
import styles from '@/features/shop/components/shop.module.css';

type Props = { params: Promise<{ host: string; sv: string }> };

export const metadata: Metadata = { title: 'Domain search', robots: { index: false } };

/**
 * The search page without a query (an empty `?q=` too): the box alone. A query's results are
 * their own cached page, `[query]/page.tsx` (proxy.ts; docs/decisions/0111).
 */
export default async function DomainSearchPage({ params }: Props) {
  const { host, sv } = await params;
  const { store, siteVersion } = await pageStore(host, sv);
  if (store.config.dashboard_only || !store.prices.some((p) => p.siteVersion === siteVersion))
    notFound();
  return (
    <>
      <h1>Domain search</h1>
      <DomainSearchForm />
      <div className={styles.results}>
        <p className={styles.status}>Type a name to search.</p>
      </div>
    </>
  );
}
