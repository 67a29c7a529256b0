import { Fragment, type ReactNode } from 'react';
import { formatMoney } from '@/features/pricing/format-money';
import { Price } from '@/features/pricing/components/price';
import { SITE_VERSIONS } from '@/features/site-version/site-version';
import type { Cart, MoneyLine } from '../cart-types';
import { YearlyTotals } from './yearly-totals';
import styles from './cart-view.module.css';

/**
 * The cart's totals, in words that match the figures: with prices shown ex VAT, "Due today" is
 * the net amount, VAT is added to it and the total to pay follows; with prices shown inc VAT,
 * the VAT is part of it ("of which"). Rows for what recurs appear only when something does.
 */
export function CartTotals({ cart }: { cart: Cart }) {
  const sv = cart.site_version;
  const price = (m: MoneyLine) => <Price {...m} siteVersion={sv} />;
  const { due_today, recurring } = cart.totals;
  const rate = `${SITE_VERSIONS[sv].vatRateBp / 100}%`;
  const monthly = cart.items.some((l) => !l.unavailable && l.recurring.period === 'month');
  const row = (term: string, value: ReactNode, className?: string, total?: string) => (
    <Fragment key={term}>
      <dt className={className}>{term}</dt>
      <dd className={className} data-total={total}>
        {value}
      </dd>
    </Fragment>
  );
  return (
    <dl className={styles.totals}>
      {row('Due today', price(due_today), undefined, 'due_today')}
      {due_today.vat > 0
        ? [
            row(`plus VAT (${rate})`, formatMoney(due_today.vat, sv), styles.exOnly),
            row(
              'Total to pay',
              `${formatMoney(due_today.gross, sv)} inc VAT`,
              styles.exOnly,
              'to_pay',
            ),
            row(`of which VAT (${rate})`, formatMoney(due_today.vat, sv), styles.incOnly),
          ]
        : null}
      {monthly ? row('Then monthly', price(recurring.monthly), undefined, 'monthly') : null}
      <YearlyTotals cart={cart} render={price} />
    </dl>
  );
}
