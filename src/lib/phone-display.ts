import { parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js';

/**
 * The country whose people the stores write to: every store sells from the United Kingdom (its
 * invoices are UK VAT invoices), so its own numbers are written the way people there dial them.
 */
export const STORE_COUNTRY: CountryCode = 'GB';

/**
 * A phone number as people read it, in one format everywhere (docs/decisions/0137): a number of
 * the store's country in its national form (`+441134960011` → `0113 496 0011`), any other in the
 * international one (`+1 202 555 0143`), grouped by libphonenumber-js's rules. Anything it cannot
 * parse is shown as it is. Used where pages are rendered on the server, so the library's metadata
 * stays out of the browser's bundle.
 */
export function displayPhoneNumber(e164: string, country: CountryCode = STORE_COUNTRY): string {
  const parsed = parsePhoneNumberFromString(e164);
  if (!parsed) return e164;
  return parsed.country === country ? parsed.formatNational() : parsed.formatInternational();
}
