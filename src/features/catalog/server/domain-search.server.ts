import 'server-only';
import { appDb } from '@/lib/db/app-db';
import { ApiError } from '@/lib/http/api-response';
import { netGross, type Money } from '@/features/pricing/money';
import { SITE_VERSIONS, type SiteVersionId } from '@/features/site-version/site-version';
import type { TldPrice } from '@/features/tenancy/store-types';
import type { Availability, AvailabilityChecker } from './availability.server';
import { availability } from './availability-config.server';
import { findRegistryEntries } from './catalog-repository.server';
import { parseDomainQuery, toUnicode } from './domain-name.server';

export type SearchResult = {
  domain: string;
  /** The domain as people read it (Unicode for IDN). */
  display: string;
  tld: string;
  status: Availability;
  /** Why it is listed: the name asked for, a TLD of the price list, or a name variant. */
  kind: 'exact' | 'tld' | 'suggestion';
  price: { register: Money; renew: Money; transfer: Money };
};

/**
 * The search's answer. `not_sold` names the ending asked for (`foo.xyz`: `xyz`) when the store
 * does not sell it; the results are then the name with the endings it does sell.
 */
export type SearchAnswer = { query: string; not_sold: string | null; results: SearchResult[] };

/**
 * Name variants offered when they are free; kept short so the page stays one screen. A name that
 * already starts or ends with a variant's word is not given it twice (no "mymy-shop").
 */
const VARIANTS = [
  (n: string) => (n.startsWith('get') ? null : `get${n}`),
  (n: string) => (n.startsWith('my') ? null : `my${n}`),
  (n: string) => (n.endsWith('hq') ? null : `${n}hq`),
];
const MAX_SUGGESTIONS = 6;

/** A store's TLDs of one site version: featured first, then by sort order. */
export function tldsOf(prices: readonly TldPrice[], siteVersion: SiteVersionId): TldPrice[] {
  return prices
    .filter((p) => p.siteVersion === siteVersion)
    .sort(
      (a, b) =>
        Number(b.featured) - Number(a.featured) ||
        a.sortOrder - b.sortOrder ||
        a.tld.localeCompare(b.tld),
    );
}

export const invalidDomain = (rule: string) =>
  new ApiError(400, 'validation_failed', 'The request is not valid.', { q: [rule] });

/**
 * The domain search (docs/contract/selling.md): every TLD of the store's price list for the name,
 * the exact domain asked for first, then featured TLDs, then the rest, then name variants that
 * are available. Availability comes from the configured source, all lookups in parallel.
 */
export async function searchDomains(
  input: {
    query: string;
    prices: readonly TldPrice[];
    siteVersion: SiteVersionId;
  },
  checker: AvailabilityChecker = availability(),
): Promise<SearchAnswer> {
  const parsed = parseDomainQuery(input.query);
  if (!parsed.ok) throw invalidDomain(parsed.rule);
  const { name, tld: asked } = parsed.value;
  const tlds = tldsOf(input.prices, input.siteVersion);
  const exact = tlds.find((t) => t.tld === asked);
  const ordered = exact ? [exact, ...tlds.filter((t) => t !== exact)] : tlds;

  const candidates: { domain: string; price: TldPrice; kind: SearchResult['kind'] }[] = ordered.map(
    (t) => ({
      domain: `${name}.${t.tld}`,
      price: t,
      kind: t === exact ? 'exact' : 'tld',
    }),
  );
  // Variants of an IDN name would need the Unicode form; they are left out rather than guessed.
  if (!name.startsWith('xn--')) {
    const featured = tlds.filter((t) => t.featured).slice(0, 2);
    for (const variant of VARIANTS) {
      const label = variant(name);
      if (label === null || label.length > 63) continue;
      for (const t of featured.length > 0 ? featured : tlds.slice(0, 1)) {
        candidates.push({ domain: `${label}.${t.tld}`, price: t, kind: 'suggestion' });
      }
    }
  }

  const status = await checker.checkAll(candidates.map((c) => c.domain));
  const premium = candidates.filter((c) => status.get(c.domain) === 'premium').map((c) => c.domain);
  const premiumEntries = await findRegistryEntries(await appDb(), premium);
  const rate = SITE_VERSIONS[input.siteVersion].vatRateBp;

  const results: SearchResult[] = [];
  let suggestions = 0;
  for (const c of candidates) {
    const s = status.get(c.domain) ?? 'unknown';
    if (c.kind === 'suggestion') {
      if (s !== 'available' || suggestions >= MAX_SUGGESTIONS) continue;
      suggestions++;
    }
    const premiumNet = premiumEntries.get(c.domain)?.premiumRegisterNet[input.siteVersion];
    results.push({
      domain: c.domain,
      display: toUnicode(c.domain),
      tld: c.price.tld,
      status: s,
      kind: c.kind,
      price: {
        register: netGross(
          s === 'premium' && premiumNet != null ? premiumNet : c.price.registerNet,
          rate,
        ),
        renew: netGross(c.price.renewNet, rate),
        transfer: netGross(c.price.transferNet, rate),
      },
    });
  }
  return {
    query: asked ? toUnicode(`${name}.${asked}`) : toUnicode(name),
    not_sold: asked && !exact ? toUnicode(asked) : null,
    results,
  };
}
