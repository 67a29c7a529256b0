import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { isApiError } from '@/lib/http/api-response';
import { markThisPage } from '@/lib/cache/page-marks';
import { searchDomains } from '@/features/catalog/server/domain-search.server';
import { decodeSearchSegment, domainSearchTag } from '@/features/catalog/search-address';
import { pageStore } from '@/features/tenancy/server/page-store.server';
import { DomainSearchForm } from '@/features/shell/components/domain-search-form';
import { DomainResults } from '@/features/shop/components/domain-results';
import type { SiteVersionId } from '@/features/site-version/site-version';
import type { TldPrice } from '@/features/tenancy/store-types';
import styles from '@/features/shop/components/shop.module.css';

type Props = { params: Promise<{ host: string; sv: string; query: string }> };

export const metadata: Metadata = { title: 'Domain search', robots: { index: false } };

// The results of one query, rendered on its first search and served from the page cache after
// (docs/decisions/0111): for as long as an availability answer is reused (a minute), and never
// once a name on it is sold here. proxy.ts turns `?q=` into the `query` segment.
export const revalidate = 60;

export async function generateStaticParams(): Promise<{ query: string }[]> {
  return [];
}

/** A page showing a domain it could not check is kept only briefly: the source may be back. */
const UNCHECKED_PAGE_SECONDS = 5;

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
    const reason = isApiError(error) ? error.fields?.q?.[0] : undefined;
    if (!reason) throw error;
    return (
      <p className={styles.error} role="alert">
        {reason}
      </p>
    );
  }
  await markThisPage({
    tags: [...new Set(answer.results.map((r) => domainSearchTag(r.domain.split('.')[0]!)))],
    ...(answer.results.some((r) => r.status === 'unknown')
      ? { revalidate: UNCHECKED_PAGE_SECONDS }
      : {}),
  });
  return <DomainResults answer={answer} siteVersion={siteVersion} />;
}

/** Domain search results for `?q=`, in the first response. */
export default async function DomainSearchResultsPage({ params }: Props) {
  const { host, sv, query: segment } = await params;
  const { store, siteVersion } = await pageStore(host, sv);
  const query = decodeSearchSegment(segment);
  if (
    query === null ||
    store.config.dashboard_only ||
    !store.prices.some((p) => p.siteVersion === siteVersion)
  )
    notFound();
  return (
    <>
      <h1>Domain search</h1>
      <DomainSearchForm query={query} />
      <div className={styles.results}>
        <Results query={query} prices={store.prices} siteVersion={siteVersion} />
      </div>
    </>
  );
}
