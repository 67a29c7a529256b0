import { markThisPage } from '@/lib/cache/page-marks';
import { numbersPageTag, type NumbersQuery } from '@/features/catalog/search-address';
import type { SiteVersionId } from '@/features/site-version/site-version';
import { numberSearch } from '../server/number-search.server';
import { NumberSearch } from './number-search';

/**
 * The numbers page of the site version's country (UK for GBP, US for USD), for one search. It is
 * cached (docs/decisions/0111): a number held anywhere expires every numbers page of its site
 * version at once (numbersPageTag); a hold that runs out by the product's clock, which no event
 * announces, shows again within the pages' `revalidate` (15 seconds).
 */
export async function NumbersPage({
  siteVersion,
  query,
}: {
  siteVersion: SiteVersionId;
  query: NumbersQuery;
}) {
  const search = await numberSearch(query, siteVersion);
  await markThisPage({ tags: [numbersPageTag(siteVersion)] });
  return (
    <>
      <h1>Phone numbers</h1>
      <p>
        {siteVersion === 1 ? 'UK' : 'US'} numbers, billed monthly. A number you add is held for you
        for 15 minutes.{' '}
        {siteVersion === 1
          ? 'For US numbers, choose USD as the currency at the top of the page.'
          : 'For UK numbers, choose GBP as the currency at the top of the page.'}
      </p>
      <NumberSearch siteVersion={siteVersion} search={search} action="/numbers" />
    </>
  );
}
