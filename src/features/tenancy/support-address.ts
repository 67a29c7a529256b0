import type { Variables } from './variables-schema';

/** The store's support address as the lines it has (empty ones left out), street first. */
export function supportAddressLines(v: Variables): string[] {
  return [
    v.supportA1,
    v.supportA2,
    v.supportCity,
    v.supportState,
    v.supportZip,
    v.supportCountry,
  ].filter(Boolean);
}
