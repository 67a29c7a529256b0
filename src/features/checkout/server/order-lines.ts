import type { CartLine } from '@/features/cart/cart-types';
import type { CartItemRow } from '@/features/cart/server/cart-checkout.server';
import type { PricedLine } from '@/features/orders/server/orders.server';
import { priceLine } from '@/features/pricing/money';
import { SITE_VERSIONS, type SiteVersionId } from '@/features/site-version/site-version';

/**
 * A priced cart line as the order keeps it. A plan is `users` seats at the per-user price (the
 * line's VAT is rounded on the line, as in the cart); everything else is one item.
 */
export function orderLineOf(
  line: CartLine,
  item: CartItemRow | undefined,
  siteVersion: SiteVersionId,
): PricedLine {
  const rate = SITE_VERSIONS[siteVersion].vatRateBp;
  const recurring = {
    net: line.recurring.net,
    vat: line.recurring.vat,
    gross: line.recurring.gross,
    period: line.recurring.period,
  };
  const base = {
    type: line.type,
    label: line.label,
    vatRateBp: rate,
    total: line.price,
    recurring,
  };
  switch (line.type) {
    case 'domain_registration':
      return { ...base, domain: line.domain, years: line.years, quantity: 1, unit: line.price };
    case 'domain_transfer':
      return {
        ...base,
        domain: line.domain,
        authCode: item?.authCode ?? null,
        quantity: 1,
        unit: line.price,
      };
    case 'number':
      return { ...base, number: line.number, quantity: 1, unit: line.price };
    case 'plan': {
      const users = line.users ?? 1;
      return {
        ...base,
        plan: line.plan,
        users,
        quantity: users,
        unit: priceLine(line.price.net / users, rate),
      };
    }
  }
}
