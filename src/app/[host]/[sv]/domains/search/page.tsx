import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { ApiError } from '@/lib/http/api-response';
import { searchDomains } from '@/features/catalog/server/domain-search.server';
import { pageStore } from '@/features/tenancy/server/page-store.server';
import { DomainSearchForm } from '@/features/shell/components/domain-search-form';
import { DomainResults } from '@/features/shop/components/domain-results';
import type { SiteVersionId } from '@/features/site-version/site-version';
import type { TldPrice } from '@/features/tenancy/store-types';
import styles from '@/features/shop/components/shop.module.css';

type Props = {
  params: Promise<{ host: string; sv: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

export const metadata: Metadata = { title: 'Domain search', robots: { index: false } };
// The results depend on the query: rendered per request, in the first response and its first
// paint (issue 13 point 2; docs/decisions/0107).
export const dynamic = 'force-dynamic';

/** The answer for one query, or what is wrong with the query, in words for people. */
async function Results({
  query,
  prices,
  siteVersion,
}: {
  query: string;
  prices: readonly TldPrice[];
  siteVersion: SiteVersionId;
}) {
  let answer;
  try {
    answer = await searchDomains({ query, prices, siteVersion });
  } catch (error) {
    const reason = error instanceof ApiError ? error.fields?.q?.[0] : undefined;
    if (!reason) throw error;
    return (
      <p className={styles.error} role="alert">
        {reason}
      </p>
    );
  }
  return <DomainResults answer={answer} siteVersion={siteVersion} />;
}

/** Domain search results for `?q=`, in the first response. */
export default async function DomainSearchPage({ params, searchParams }: Props) {
  const { host, sv } = await params;
  const { store, siteVersion } = await pageStore(host, sv);
  if (store.config.dashboard_only || !store.prices.some((p) => p.siteVersion === siteVersion))
    notFound();
  const q = (await searchParams).q;
  const query = (Array.isArray(q) ? q[0] : q)?.trim().slice(0, 300) ?? '';
  return (
    <>
      <h1>Domain search</h1>
      <DomainSearchForm query={query} />
      <div className={styles.results}>
        {query ? (
          <Results query={query} prices={store.prices} siteVersion={siteVersion} />
        ) : (
          <p className={styles.status}>Type a name to search.</p>
        )}
      </div>
    </>
  );
}
