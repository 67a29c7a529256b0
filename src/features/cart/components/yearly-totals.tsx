import { Fragment, type ReactNode } from 'react';
import type { Cart, MoneyLine } from '../cart-types';
import { yearlyLabel, yearlySchedule } from '../yearly-schedule';

/**
 * The yearly amounts by the year they start: "Then yearly" for what renews next year, "Yearly
 * from year 4" once a domain's three paid years are over. The last row is the whole yearly total;
 * no row at all when nothing renews yearly.
 */
export function YearlyTotals({
  cart,
  render,
}: {
  cart: Cart;
  render: (m: MoneyLine) => ReactNode;
}) {
  // Nothing renews yearly: no "Then yearly £0.00" row.
  const schedule = yearlySchedule(cart.items);
  return schedule.map(({ fromYear, amount }, i) => (
    <Fragment key={fromYear}>
      <dt>{yearlyLabel(fromYear)}</dt>
      <dd data-total={i === schedule.length - 1 ? 'yearly' : `yearly-from-${fromYear}`}>
        {render(amount)}
      </dd>
    </Fragment>
  ));
}
