import type { SiteVersionId } from '@/features/site-version/site-version';
import { SITE_VERSIONS } from '@/features/site-version/site-version';

const formatters = new Map<SiteVersionId, Intl.NumberFormat>();

/** Minor units as a price in the site version's currency and locale: 1259 -> "£12.59". */
export function formatMoney(minor: number, siteVersion: SiteVersionId): string {
  let formatter = formatters.get(siteVersion);
  if (!formatter) {
    const { locale, currency } = SITE_VERSIONS[siteVersion];
    formatter = new Intl.NumberFormat(locale, { style: 'currency', currency });
    formatters.set(siteVersion, formatter);
  }
  return formatter.format(minor / 100);
}
