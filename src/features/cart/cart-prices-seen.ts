import type { Cart } from './cart-types';

/**
 * The prices a shopper was last shown for their cart's lines, so that the cart page can say
 * which lines the store repriced since (docs/decisions/0284). Kept in the tab's sessionStorage:
 * a line added on the search page at one price and opened on the cart page after the owner
 * changed it is named there, across the page load between them.
 *
 * A line is keyed by its id and its own choices (years, users): a line whose years the shopper
 * changed has a new price because of the shopper, not the store, and is not compared.
 */
export type PricesSeen = { siteVersion: number; prices: Map<string, string> };

const STORAGE_KEY = 'storefront.cart-prices-seen';

const lineKey = (line: Cart['items'][number]) =>
  `${line.id}|${line.years ?? ''}|${line.users ?? ''}`;
const linePrice = (line: Cart['items'][number]) => `${line.price.net}/${line.recurring.net}`;

export function pricesOf(cart: Cart): PricesSeen {
  return {
    siteVersion: cart.site_version,
    prices: new Map(
      cart.items.filter((l) => !l.unavailable).map((l) => [lineKey(l), linePrice(l)]),
    ),
  };
}

/** The labels of the lines whose price differs from what `before` showed. */
export function repricedLines(before: PricesSeen | null, cart: Cart): string[] {
  if (!before || before.siteVersion !== cart.site_version) return [];
  return cart.items
    .filter((l) => {
      if (l.unavailable) return false;
      const seen = before.prices.get(lineKey(l));
      return seen !== undefined && seen !== linePrice(l);
    })
    .map((l) => l.label);
}

/** What this tab last showed of the cart, or null (none yet, or storage refused). */
export function readPricesSeen(): PricesSeen | null {
  try {
    const raw = window.sessionStorage.getItem(STORAGE_KEY);
    if (!raw) return null;
    const parsed = JSON.parse(raw) as { siteVersion?: unknown; prices?: unknown };
    if (typeof parsed.siteVersion !== 'number' || !Array.isArray(parsed.prices)) return null;
    const prices = new Map<string, string>();
    for (const entry of parsed.prices as unknown[]) {
      if (Array.isArray(entry) && typeof entry[0] === 'string' && typeof entry[1] === 'string') {
        prices.set(entry[0], entry[1]);
      }
    }
    return { siteVersion: parsed.siteVersion, prices };
  } catch {
    return null;
  }
}

/** Remembers the prices of a cart the shopper has just been shown. */
export function rememberPrices(cart: Cart): void {
  const seen = pricesOf(cart);
  try {
    window.sessionStorage.setItem(
      STORAGE_KEY,
      JSON.stringify({ siteVersion: seen.siteVersion, prices: [...seen.prices] }),
    );
  } catch {
    // Storage full or refused (a private window): the notice then covers the open page only.
  }
}
