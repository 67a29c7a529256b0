/** UK VAT in basis points (2000 = 20%), the only rate site version 1 uses. */
export const UK_VAT_RATE_BP = 2000;

/**
 * Site versions (docs/contract/site-versions-and-vat.md): 1 = GBP with UK VAT, 2 = USD without VAT.
 * Each has its own TLD list and prices; there is no currency conversion.
 */
export const SITE_VERSIONS = {
  1: { id: 1, currency: 'GBP', vatRateBp: UK_VAT_RATE_BP, locale: 'en-GB' },
  2: { id: 2, currency: 'USD', vatRateBp: 0, locale: 'en-US' },
} as const;

export type SiteVersionId = keyof typeof SITE_VERSIONS;
export type SiteVersion = (typeof SITE_VERSIONS)[SiteVersionId];
export type Currency = SiteVersion['currency'];

/**
 * The site version a stored or sent number names. Only 1 and 2 exist (the database's checks keep
 * it so): anything else is a fault to see, not a value to default, so there is no default to
 * disagree about.
 */
export function siteVersionOf(value: number): SiteVersionId {
  if (value === 1 || value === 2) return value;
  throw new RangeError(`site version must be 1 or 2, got ${value}`);
}

/** The currency of a site version: GBP for 1, USD for 2. */
export function currencyOf(siteVersion: SiteVersionId): Currency {
  return SITE_VERSIONS[siteVersion].currency;
}

/** The site version whose currency this is (amounts are formatted by site version). */
export function siteVersionOfCurrency(currency: string): SiteVersionId {
  if (currency === 'GBP') return 1;
  if (currency === 'USD') return 2;
  throw new RangeError(`currency must be GBP or USD, got ${currency}`);
}

export function parseSiteVersionId(value: string | null | undefined): SiteVersionId | null {
  if (value === '1') return 1;
  if (value === '2') return 2;
  return null;
}

/**
 * docs/contract/site-versions-and-vat.md: site version 1 when the Accept-Language header includes
 * en-GB, otherwise 2. A range refused with q=0 does not count as included.
 */
export function siteVersionFromAcceptLanguage(header: string | null | undefined): SiteVersionId {
  if (!header) return 2;
  for (const part of header.slice(0, 1024).split(',')) {
    const [tag = '', ...params] = part.trim().toLowerCase().split(';');
    if (tag.trim() !== 'en-gb' && !tag.trim().startsWith('en-gb-')) continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (q && Number(q.slice(2)) === 0) continue;
    return 1;
  }
  return 2;
}

/** The visitor's choice from the cookie wins; otherwise the locale rule. */
export function resolveSiteVersion(input: {
  cookie: string | null | undefined;
  acceptLanguage: string | null | undefined;
}): SiteVersionId {
  return parseSiteVersionId(input.cookie) ?? siteVersionFromAcceptLanguage(input.acceptLanguage);
}
