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

/**
 * Minor units as the decimal a person reads, by moving the point two places in the digits:
 * 1259 -> "12.59", -5 -> "-0.05". Both currencies sold (GBP, USD) have two decimals. No division,
 * so nothing is rounded.
 */
export function decimalAmount(minor: number): string {
  if (!Number.isSafeInteger(minor)) throw new Error(`not an amount in minor units: ${minor}`);
  const digits = String(Math.abs(minor)).padStart(3, '0');
  return `${minor < 0 ? '-' : ''}${digits.slice(0, -2)}.${digits.slice(-2)}`;
}

/**
 * " inc VAT" after a gross price that holds VAT, nothing otherwise: the shop's prices say "ex
 * VAT" beside the net, so a gross figure says what it is too.
 */
export function vatNote(money: { vat: number }): string {
  return money.vat > 0 ? ' inc VAT' : '';
}
