import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { pageStore } from '@/features/tenancy/server/page-store.server';
import { NumberSearch } from '@/features/shop/components/number-search';
import { numberSearch } from '@/features/shop/server/number-search.server';

type Props = {
  params: Promise<{ host: string; sv: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

export const metadata: Metadata = { title: 'Phone numbers' };
// Free numbers change as they are held and sold: the list is found per request and arrives with
// the page (issue 13 points 2 and 4; docs/decisions/0107).
export const dynamic = 'force-dynamic';

/** Virtual phone numbers of the site version's country (UK for GBP, US for USD). */
export default async function NumbersPage({ params, searchParams }: Props) {
  const { host, sv } = await params;
  const { store, siteVersion } = await pageStore(host, sv);
  if (store.config.dashboard_only) notFound();
  const search = await numberSearch(await searchParams, siteVersion);
  return (
    <>
      <h1>Phone numbers</h1>
      <p>
        {siteVersion === 1 ? 'UK' : 'US'} numbers, billed monthly. A number you add is held for you
        for 15 minutes.
      </p>
      <NumberSearch siteVersion={siteVersion} search={search} action="/numbers" />
    </>
  );
}
