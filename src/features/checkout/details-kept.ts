import type { Details } from './components/details-step';

/**
 * The registrant and number addresses a shopper gave at checkout, kept in the tab's
 * sessionStorage with the cart they were given for (its id and version), so that reloading the
 * page at "Review and pay" keeps them and that step (docs/decisions/0297). A cart changed since
 * (another line, a removal: a new version) may need other details, so they are not used for it.
 * Placing the order forgets them; closing the tab does too.
 */
const STORAGE_KEY = 'storefront.checkout-details';

type CartRef = { id: string | null; version: number };

const isTextRecord = (value: unknown): value is Record<string, string | null> =>
  typeof value === 'object' &&
  value !== null &&
  !Array.isArray(value) &&
  Object.values(value).every((v) => v === null || typeof v === 'string');

/** Remembers the details given for this cart as it is now. */
export function keepDetails(cart: CartRef, details: Details): void {
  if (!cart.id) return;
  try {
    window.sessionStorage.setItem(
      STORAGE_KEY,
      JSON.stringify({ cart: cart.id, version: cart.version, details }),
    );
  } catch {
    // Storage full or refused (a private window): a reload asks for the details again.
  }
}

/** What is kept, as stored (a string, so that React can compare two readings), or null. */
export function keptDetailsText(): string | null {
  try {
    return window.sessionStorage.getItem(STORAGE_KEY);
  } catch {
    return null;
  }
}

/** The details in `raw` (keptDetailsText) if they were given for this very cart and version. */
export function keptDetailsFor(raw: string | null, cart: CartRef): Details | null {
  try {
    if (!raw || !cart.id) return null;
    const kept = JSON.parse(raw) as { cart?: unknown; version?: unknown; details?: unknown };
    if (kept.cart !== cart.id || kept.version !== cart.version) return null;
    const details = kept.details as Partial<Details> | null;
    if (typeof details !== 'object' || details === null) return null;
    const { registrant, numberAddresses, sameAsBilling } = details;
    if (registrant !== null && !isTextRecord(registrant)) return null;
    if (
      typeof numberAddresses !== 'object' ||
      numberAddresses === null ||
      !Object.values(numberAddresses).every(isTextRecord)
    ) {
      return null;
    }
    if (
      typeof sameAsBilling !== 'object' ||
      sameAsBilling === null ||
      !Object.values(sameAsBilling).every((v) => typeof v === 'boolean')
    ) {
      return null;
    }
    return { registrant: registrant ?? null, numberAddresses, sameAsBilling };
  } catch {
    return null;
  }
}

/** Forgets the kept details (the order is placed). */
export function forgetDetails(): void {
  try {
    window.sessionStorage.removeItem(STORAGE_KEY);
  } catch {
    // Nothing was kept.
  }
}
