import 'server-only';
import { numberSearchQuery } from '@/features/catalog/schemas';
import { displayPhoneNumber } from '@/lib/phone-display';
import { findNumberOffers } from '@/features/catalog/server/voice.server';
import type { SiteVersionId } from '@/features/site-version/site-version';

/** One page of free numbers: what a number search shows, rendered with its page. */
export const NUMBERS_PER_PAGE = 20;

export type NumberOfferView = {
  number: string;
  display: string;
  area: string;
  monthly: { net: number; gross: number };
};

export type NumberSearchState = {
  area: string;
  contains: string;
  offers: NumberOfferView[];
  /** What is wrong with the digits typed, in words for people; null when the search ran. */
  error: string | null;
  /** The field the error is about, shown beside it. */
  errorField: 'area' | 'contains' | null;
};

const first = (value: string | string[] | undefined) =>
  (Array.isArray(value) ? value[0] : value)?.trim() ?? '';

/**
 * The number search of a page's `?area=&contains=`: at most one page of
 * numbers, found on the server so the list arrives with the page and no script builds it.
 */
export async function numberSearch(
  searchParams: Record<string, string | string[] | undefined>,
  siteVersion: SiteVersionId,
): Promise<NumberSearchState> {
  const area = first(searchParams.area).slice(0, 20);
  const contains = first(searchParams.contains).slice(0, 20);
  const parsed = numberSearchQuery.safeParse({
    area: area || undefined,
    contains: contains || undefined,
    limit: String(NUMBERS_PER_PAGE),
  });
  if (!parsed.success) {
    const field = parsed.error.issues[0]?.path[0] === 'area' ? 'area' : 'contains';
    return {
      area,
      contains,
      offers: [],
      errorField: field,
      error:
        field === 'area'
          ? `An area code or prefix is 1 to 6 digits, such as ${siteVersion === 1 ? '020' : '212'}.`
          : 'Type 1 to 10 digits the number should contain.',
    };
  }
  const offers = await findNumberOffers({ siteVersion, ...parsed.data });
  return {
    area,
    contains,
    error: null,
    errorField: null,
    offers: offers.map((o) => ({
      number: o.number,
      display: displayPhoneNumber(o.number),
      area: o.area,
      monthly: o.monthly,
    })),
  };
}
