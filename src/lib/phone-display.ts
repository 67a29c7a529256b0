import { parsePhoneNumberFromString } from 'libphonenumber-js';

/**
 * A phone number as people read it: `+441134960011` → `+44 113 496 0011`,
 * grouped by libphonenumber-js's rules for the number's country. Anything it cannot parse is
 * shown as it is. Used where pages are rendered on the server, so the library's metadata stays
 * out of the browser's bundle.
 */
export function displayPhoneNumber(e164: string): string {
  return parsePhoneNumberFromString(e164)?.formatInternational() ?? e164;
}
