import 'server-only';
import { now as clockNow } from '@/lib/clock';
import type { AppDb } from '@/lib/db/client';
import { priceLine, priceUnits, sumLines, type MoneyLine } from '@/features/pricing/money';
import { SITE_VERSIONS, type SiteVersionId } from '@/features/site-version/site-version';
import { numbersOf, plansOf } from '@/features/catalog/server/inventory.server';
import { toUnicode } from '@/features/catalog/server/domain-name.server';
import type { TldPrice } from '@/features/tenancy/store-types';
import type { Cart, CartLine } from '../cart-types';
import type { CartItemRow, CartRow } from './cart-repository.server';
import { displayPhoneNumber } from '@/lib/phone-display';

/** The cart answer's shape is defined once, in cart-types.ts, for the server and the browser. */
export type { CartLine } from '../cart-types';
export type CartView = Cart;

const ZERO = { net: 0, vat: 0, gross: 0 };

/**
 * The longest ending of `domain` the price list sells (`co.uk` before `uk`): each ending of the
 * name looked up once, not the list sorted for every line.
 */
function tldOf(domain: string, tlds: ReadonlyMap<string, TldPrice>): TldPrice | undefined {
  for (let dot = domain.indexOf('.'); dot !== -1; dot = domain.indexOf('.', dot + 1)) {
    const found = tlds.get(domain.slice(dot + 1));
    if (found) return found;
  }
  return undefined;
}

/**
 * Prices a cart from the catalog in the site version the shopper looks at now, so switching
 * version reprices it. Lines not sold in that version, numbers whose hold ended and withdrawn
 * plans are flagged and left out of the totals. All VAT arithmetic is money.ts's.
 */
export async function priceCart(
  db: AppDb,
  input: {
    cart: CartRow;
    items: CartItemRow[];
    prices: readonly TldPrice[];
    siteVersion: SiteVersionId;
    now?: Date;
    /** Premium first-year prices of the cart's domains, read with the lines. */
    premium: Map<string, { 1: number | null; 2: number | null }>;
  },
): Promise<CartView> {
  const { items, siteVersion } = input;
  const now = input.now ?? clockNow();
  const rate = SITE_VERSIONS[siteVersion].vatRateBp;
  const tlds = new Map(
    input.prices.filter((p) => p.siteVersion === siteVersion).map((p) => [p.tld, p]),
  );
  const numbers = items.flatMap((i) => (i.number ? [i.number] : []));
  const { premium } = input;
  const [numberRows, plans] = await Promise.all([
    numbersOf(numbers, db),
    items.some((i) => i.type === 'plan') ? plansOf(siteVersion, db) : Promise.resolve([]),
  ]);

  const lines = items.map((item): CartLine => {
    const zero = { price: ZERO, recurring: { ...ZERO, period: 'year' as const } };
    if (item.type === 'domain_registration' || item.type === 'domain_transfer') {
      const domain = item.domain!;
      const tld = tldOf(domain, tlds);
      const base = {
        id: item.id,
        type: item.type,
        label: toUnicode(domain),
        domain,
        ...(item.type === 'domain_registration' ? { years: item.years ?? 1 } : {}),
      };
      if (!tld) return { ...base, ...zero, unavailable: 'not_sold_in_site_version' };
      const renew = priceLine(tld.renewNet, rate);
      if (item.type === 'domain_transfer') {
        return {
          ...base,
          price: priceLine(tld.transferNet, rate),
          recurring: { ...renew, period: 'year' },
        };
      }
      // Multi-year registration: the first year at the registration (or premium) price, the
      // others at the renewal price, as registries bill them. Each year is priced as it is shown
      // (VAT rounded per year), so the years add up to the line: 3 years cost exactly a first
      // year and two renewals.
      const first = premium.get(domain)?.[siteVersion] ?? tld.registerNet;
      const years = item.years ?? 1;
      return {
        ...base,
        price: sumLines([priceLine(first, rate), priceUnits(tld.renewNet, years - 1, rate)]),
        recurring: { ...renew, period: 'year' },
      };
    }
    if (item.type === 'number') {
      const row = numberRows.get(item.number!);
      // The label is for people (+44 161 496 0000); `number` keeps E.164 for clients.
      const base = {
        id: item.id,
        type: item.type,
        label: displayPhoneNumber(item.number!),
        number: item.number!,
      };
      if (!row || row.siteVersion !== siteVersion) {
        return { ...base, ...zero, unavailable: 'not_sold_in_site_version' };
      }
      const held = row.heldByCart === input.cart.id && row.heldUntil && row.heldUntil > now;
      const monthly = priceLine(row.monthlyNet, rate);
      return {
        ...base,
        ...(held
          ? {
              held_until: row.heldUntil!.toISOString(),
              hold_seconds_left: Math.floor((row.heldUntil!.getTime() - now.getTime()) / 1000),
            }
          : { unavailable: 'hold_expired' }),
        price: held ? monthly : ZERO,
        recurring: held ? { ...monthly, period: 'month' } : { ...ZERO, period: 'month' },
      };
    }
    const plan = plans.find((p) => p.id === item.plan);
    const base = {
      id: item.id,
      type: item.type,
      label: plan ? `${plan.name} plan` : item.plan!,
      plan: item.plan!,
      users: item.users ?? 1,
    };
    if (!plan) return { ...base, ...zero, unavailable: 'plan_withdrawn' };
    // VAT on one seat, times the seats: the per-user price shown times users is the line.
    const monthly = priceUnits(plan.perUserMonthlyNet, item.users ?? 1, rate);
    return { ...base, price: monthly, recurring: { ...monthly, period: 'month' } };
  });

  const live = lines.filter((l) => !l.unavailable);
  const strip = ({ net, vat, gross }: MoneyLine) => ({ net, vat, gross });
  return {
    id: input.cart.id || null,
    version: input.cart.version,
    site_version: siteVersion,
    currency: SITE_VERSIONS[siteVersion].currency,
    items: lines,
    totals: {
      due_today: sumLines(live.map((l) => l.price)),
      recurring: {
        monthly: sumLines(
          live.filter((l) => l.recurring.period === 'month').map((l) => strip(l.recurring)),
        ),
        yearly: sumLines(
          live.filter((l) => l.recurring.period === 'year').map((l) => strip(l.recurring)),
        ),
      },
    },
    dropped: input.cart.dropped,
  };
}
