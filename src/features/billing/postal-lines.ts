import { countryName } from './countries';

/** The parts of a postal address any of the product's addresses has; a missing part is skipped. */
export type PostalParts = {
  name?: string | null;
  company?: string | null;
  line1?: string | null;
  line2?: string | null;
  city?: string | null;
  region?: string | null;
  postcode?: string | null;
  country?: string | null;
};

/**
 * A name and address as the lines of a letter, the country by name. A US address puts its town,
 * state and ZIP code on one line, as the US Postal Service writes it ("Washington, DC 20500");
 * elsewhere each has a line of its own.
 */
export function postalLines(a: PostalParts): string[] {
  const place =
    a.country === 'US'
      ? [[a.city, [a.region, a.postcode].filter(Boolean).join(' ')].filter(Boolean).join(', ')]
      : [a.city, a.region, a.postcode];
  return [
    a.name,
    a.company,
    a.line1,
    a.line2,
    ...place,
    a.country ? countryName(a.country) : null,
  ].filter((line): line is string => Boolean(line));
}
