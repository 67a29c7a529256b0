import { sumLines, type MoneyLine } from '@/features/pricing/money';
import type { CartLine } from './cart-types';

/**
 * The year of the term in which a yearly line is charged again: a registration of 3 years is paid
 * for years 1 to 3 today and renews from year 4; a transfer brings one year and renews from year 2.
 */
export function renewsFromYear(line: CartLine): number {
  return line.type === 'domain_registration' ? (line.years ?? 1) + 1 : 2;
}

/**
 * What the cart's yearly lines cost again, by the year each amount starts ("then yearly" counts
 * only what is due that year, never years already paid; docs/decisions/0108). Each step adds the
 * lines that start renewing then, so the last step is the cart's whole yearly total.
 */
export function yearlySchedule(
  lines: readonly CartLine[],
): { fromYear: number; amount: MoneyLine }[] {
  const yearly = lines.filter((l) => !l.unavailable && l.recurring.period === 'year');
  const starts = [...new Set(yearly.map(renewsFromYear))].sort((a, b) => a - b);
  return starts.map((fromYear) => ({
    fromYear,
    amount: sumLines(yearly.filter((l) => renewsFromYear(l) <= fromYear).map((l) => l.recurring)),
  }));
}

/** "then yearly" for lines renewing next year, "yearly from year 4" for those paid ahead. */
export function yearlyLabel(fromYear: number): string {
  return fromYear <= 2 ? 'Then yearly' : `Yearly from year ${fromYear}`;
}
