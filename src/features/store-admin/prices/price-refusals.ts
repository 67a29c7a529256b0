import { decimalAmount, formatMoney } from '@/features/pricing/format-money';
import type { SiteVersionId } from '@/features/site-version/site-version';
import { majorOf, minorOf } from './price-text';
import { MAX_MINOR, TLD_ACTIONS, type TldAction } from './schemas';

/**
 * What the prices page says of a refused price (decision 0324): one sentence naming the TLD, the
 * price and the currency ("The .com renew price must be at least 8.79 GBP, the platform’s
 * cost."), shown beside the price's field and, as a link to it, in the list at the top. Browser
 * code may import this file.
 */

export const ACTION_LABELS: Record<TldAction, string> = {
  register: 'Register',
  renew: 'Renew',
  transfer: 'Transfer',
  restore: 'Restore',
};

type RowKey = { site_version: number; tld: string };

export const rowKey = (i: RowKey) => `${i.site_version}|${i.tld}`;
/** The id (and form name) of a price's field: `1|com|renew`. */
export const priceInputId = (i: RowKey, action: TldAction) => `${rowKey(i)}|${action}`;

const isAction = (a: string | undefined): a is TldAction =>
  a !== undefined && (TLD_ACTIONS as readonly string[]).includes(a);

const sentence = (text: string) => {
  const trimmed = text.replace(/\s+/g, ' ').trim().replace(/[.]$/, '');
  return `${trimmed.charAt(0).toUpperCase()}${trimmed.slice(1)}.`;
};

/** "The .com renew price must be …." */
export const priceSentence = (tld: string, action: TldAction, problem: string) =>
  sentence(`The .${tld} ${ACTION_LABELS[action].toLowerCase()} price ${problem}`);

/**
 * A price field's text read in the browser: its amount in minor units, or why it cannot be sent,
 * in the currency of its row (nothing is sent while one is unreadable).
 */
export function readPrice(text: string, currency: string): { minor: number } | { problem: string } {
  const minor = minorOf(text);
  if (minor === null) return { problem: `must be an amount in ${currency}, like 10.49` };
  if (minor > MAX_MINOR) {
    return { problem: `must be at most ${majorOf(MAX_MINOR)} ${currency}` };
  }
  return { minor };
}

export type Refusal = {
  /** The id of the price field it is about, or null when it is about no one price. */
  input: string | null;
  text: string;
};

/** A row of the prices page as the browser checks it: its prices now and the platform's costs. */
export type PriceRow = RowKey & {
  currency: string;
  enabled: boolean;
  prices: Record<TldAction, { price: number; cost: number | null }>;
};

/**
 * The form as typed, checked in the browser before anything is sent (decision 0332): every
 * problem in one round, in the server's words, so that a malformed price does not hide a price
 * below cost until a second save. A changed price below its cost is refused ("must be at least
 * 7.19 GBP, the platform’s cost"), and a changed row with a price the platform has no cost for
 * ("has no GBP cost from the platform yet"), as `PUT /api/store-admin/prices` would. `text` reads
 * a price's field by its id, `enabled` a row's "On sale" box. Nothing is sent while `refused` has
 * anything.
 */
export function checkPrices(
  rows: readonly PriceRow[],
  text: (id: string) => string,
  enabled: (row: PriceRow) => boolean,
): { changes: (RowKey & Record<string, unknown>)[]; refused: Refusal[] } {
  const changes: (RowKey & Record<string, unknown>)[] = [];
  const refused: Refusal[] = [];
  for (const row of rows) {
    const change: Record<string, unknown> = {};
    const rowRefused = new Map<TldAction, string>();
    for (const a of TLD_ACTIONS) {
      const read = readPrice(text(priceInputId(row, a)), row.currency);
      const { price, cost } = row.prices[a];
      if ('problem' in read) rowRefused.set(a, read.problem);
      else if (read.minor !== price) {
        change[a] = read.minor;
        if (cost !== null && read.minor < cost) {
          rowRefused.set(
            a,
            `must be at least ${decimalAmount(cost)} ${row.currency}, the platform’s cost`,
          );
        }
      }
    }
    const on = enabled(row);
    if (on !== row.enabled) change.enabled = on;
    const changed = Object.keys(change).length > 0 || rowRefused.size > 0;
    for (const a of TLD_ACTIONS) {
      if (changed && row.prices[a].cost === null && !rowRefused.has(a)) {
        rowRefused.set(a, `has no ${row.currency} cost from the platform yet`);
      }
      const problem = rowRefused.get(a);
      if (problem) {
        refused.push({ input: priceInputId(row, a), text: priceSentence(row.tld, a, problem) });
      }
    }
    if (Object.keys(change).length > 0) {
      changes.push({ site_version: row.site_version, tld: row.tld, ...change });
    }
  }
  return { changes, refused };
}

/**
 * The note beside a price's field, following what is typed: the platform's cost and the margin
 * the typed price would make ("cost £7.19, margin £1.80"; "margin -£0.19" below cost), the cost
 * alone while the field holds no amount.
 */
export function priceNote(typed: string, cost: number | null, siteVersion: SiteVersionId): string {
  if (cost === null) return 'no cost yet';
  const minor = minorOf(typed);
  const costText = `cost ${formatMoney(cost, siteVersion)}`;
  return minor === null
    ? costText
    : `${costText}, margin ${formatMoney(minor - cost, siteVersion)}`;
}

/**
 * The server's refusal of `PUT /api/store-admin/prices`, field by field (`changes.N.renew`), as
 * sentences tied to the fields they are about. `sent` is the changes as sent, in order; `rows`
 * give each TLD's currency. A field of a whole row (`changes.N.tld`: not in the list) names the
 * TLD and currency but no field; one of the whole call keeps its name.
 */
export function priceRefusals(
  fields: Record<string, string[] | undefined>,
  sent: readonly RowKey[],
  rows: readonly (RowKey & { currency: string })[],
): Refusal[] {
  return Object.entries(fields).flatMap(([field, messages]): Refusal[] => {
    const said = [...new Set(messages ?? [])].join(', ');
    if (!said) return [];
    const [head, index, action] = field.split('.');
    const change = head === 'changes' && index !== undefined ? sent[Number(index)] : undefined;
    if (!change) return [{ input: null, text: sentence(`${field} ${said}`) }];
    if (isAction(action)) {
      return [
        { input: priceInputId(change, action), text: priceSentence(change.tld, action, said) },
      ];
    }
    const currency = rows.find((r) => rowKey(r) === rowKey(change))?.currency;
    const what = `.${change.tld}${currency ? ` in ${currency}` : ''}`;
    return [{ input: null, text: sentence(`The ${what} ${said}`) }];
  });
}

/**
 * The server's refusal of `POST /api/store-admin/prices/markup`, by the field of the form it is
 * about: the per cent, the TLDs (`tlds.N`: a TLD the list does not have; `tlds.N.renew` or
 * `tld.com.renew`: a price with no cost), and the rest. `tlds` is the list as sent.
 */
export function markupRefusals(
  fields: Record<string, string[] | undefined>,
  tlds: readonly string[],
): { percent: string[]; tlds: string[]; other: string[] } {
  const found = { percent: [] as string[], tlds: [] as string[], other: [] as string[] };
  for (const [field, messages] of Object.entries(fields)) {
    const said = [...new Set(messages ?? [])].join(', ');
    if (!said) continue;
    const [head, which, action] = field.split('.');
    const tld = head === 'tlds' ? tlds[Number(which)] : head === 'tld' ? which : undefined;
    if (head === 'percent') found.percent.push(sentence(`Per cent over cost ${said}`));
    else if (tld && isAction(action)) found.tlds.push(priceSentence(tld, action, said));
    else if (tld) found.tlds.push(sentence(`.${tld} ${said}`));
    else if (head === 'tlds') found.tlds.push(sentence(`TLDs ${said}`));
    else found.other.push(sentence(`${field} ${said}`));
  }
  return found;
}
