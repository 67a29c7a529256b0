import 'server-only';
import { now } from '@/lib/clock';
import { appDb } from '@/lib/db/app-db';
import { ApiError } from '@/lib/http/api-response';
import { SITE_VERSIONS, type SiteVersionId } from '@/features/site-version/site-version';
import { announceStoreChange, applyStoreChange } from '@/features/tenancy/server/store-sync.server';
import { insertAdminAudit } from '../../server/admin-audit-repository.server';
import { auditScope, type StaffContext } from '../../server/staff.server';
import { decimalAmount } from '@/features/pricing/format-money';
import { marginOf, markupPrice } from '../markup';
import {
  TLD_ACTIONS,
  type CostsPut,
  type Markup,
  type PricesPut,
  type TldAction,
} from '../schemas';
import {
  key,
  listCostRows,
  readRows,
  readTldCosts,
  storeHostsOf,
  storeList,
  upsertCosts,
  writeRow,
  type Amounts,
  type Row,
} from './prices-repository.server';

/**
 * Prices over cost (issue 26, point 4): a store's retail TLD prices per site version against the
 * platform's wholesale costs. Every change is made under the store's row lock (two owners' parallel
 * changes take turns, each audited with what it really replaced), refused whole when any price
 * would fall below cost, and then reaches search, price tables and carts at once: the store's
 * cached lookup and pages are dropped here and on the other instances.
 */

export type PriceItemView = {
  site_version: SiteVersionId;
  currency: string;
  tld: string;
  enabled: boolean;
  featured: boolean;
  prices: Record<TldAction, { price: number; cost: number | null; margin: number | null }>;
};

function itemView(row: Row, cost: Partial<Amounts> | undefined): PriceItemView {
  return {
    site_version: row.siteVersion,
    currency: SITE_VERSIONS[row.siteVersion].currency,
    tld: row.tld,
    enabled: row.enabled,
    featured: row.featured,
    prices: Object.fromEntries(
      TLD_ACTIONS.map((a) => {
        const c = cost?.[a];
        const price = row.prices[a];
        return [a, { price, cost: c ?? null, margin: c === undefined ? null : marginOf(price, c) }];
      }),
    ) as PriceItemView['prices'],
  };
}

/** `GET /api/store-admin/prices`: every TLD of the store's list with cost, margin and enabled. */
export async function listPrices(
  staff: StaffContext,
  siteVersion?: number,
): Promise<{ items: PriceItemView[] }> {
  const db = await appDb();
  const list = await storeList(db, staff.storeId, false);
  const [rows, costs] = await Promise.all([readRows(db, list), readTldCosts(db)]);
  return {
    items: [...rows.values()]
      .filter((r) => siteVersion === undefined || r.siteVersion === siteVersion)
      .map((r) => itemView(r, costs.get(key(r.siteVersion, r.tld)))),
  };
}

/** A row as the audit keeps it; the currency lets the audit page show the prices as money. */
const snapshot = (row: Row) => ({
  ...row.prices,
  enabled: row.enabled,
  currency: SITE_VERSIONS[row.siteVersion].currency,
});

/**
 * Writes the wanted rows (each a full set of prices and enabled) after checking every price
 * against its cost; one 422 names every field below cost (or of a TLD the list does not sell),
 * and nothing is written.
 */
async function writeChanges(
  staff: StaffContext,
  plan: (
    rows: Map<string, Row>,
    costs: Map<string, Partial<Amounts>>,
  ) => {
    wanted: { field: string; row: Row }[];
    unknown: string[];
  },
): Promise<PriceItemView[]> {
  const db = await appDb();
  const result = await db.transaction(async (tx) => {
    const list = await storeList(tx, staff.storeId, true);
    const [rows, costs] = await Promise.all([readRows(tx, list), readTldCosts(tx)]);
    const { wanted, unknown } = plan(rows, costs);
    if (unknown.length > 0) {
      throw new ApiError(
        422,
        'unknown_tld',
        'This store’s price list does not have that TLD.',
        Object.fromEntries(unknown.map((f) => [f, ['is not in this store’s price list']])),
      );
    }
    const below: Record<string, string[]> = {};
    for (const { field, row } of wanted) {
      const cost = costs.get(key(row.siteVersion, row.tld));
      // The currency is named with the amount, as the price fields and the audit write it
      // ("8.79 GBP"): the page shows both currencies' prices at once (decision 0324).
      const currency = SITE_VERSIONS[row.siteVersion].currency;
      for (const a of TLD_ACTIONS) {
        const c = cost?.[a];
        if (c === undefined) {
          below[`${field}.${a}`] = [`has no ${currency} cost from the platform yet`];
        } else if (
          row.prices[a] < c &&
          row.prices[a] !== rows.get(key(row.siteVersion, row.tld))!.prices[a]
        ) {
          below[`${field}.${a}`] = [
            `must be at least ${decimalAmount(c)} ${currency}, the platform’s cost`,
          ];
        }
      }
    }
    if (Object.keys(below).length > 0) {
      throw new ApiError(422, 'below_cost', 'A price may not be below the platform’s cost.', below);
    }
    const scope = auditScope(staff);
    for (const { row } of wanted) {
      const before = rows.get(key(row.siteVersion, row.tld))!;
      await writeRow(tx, list, row, before.enabled);
      await insertAdminAudit(tx, scope, {
        action: 'prices.changed',
        target: `.${row.tld} (${SITE_VERSIONS[row.siteVersion].currency})`,
        before: snapshot(before),
        after: snapshot(row),
      });
    }
    const hosts = await storeHostsOf(tx, staff.storeId);
    return {
      items: wanted.map(({ row }) => itemView(row, costs.get(key(row.siteVersion, row.tld)))),
      hosts,
    };
  });
  // New prices reach search, price tables and carts at once, here and on the other instances.
  applyStoreChange(result.hosts);
  announceStoreChange(result.hosts);
  return result.items;
}

/** `PUT /api/store-admin/prices`: a set of changes, all or nothing. */
export async function changePrices(staff: StaffContext, input: PricesPut) {
  const items = await writeChanges(staff, (rows) => {
    const unknown: string[] = [];
    const wanted = input.changes.flatMap((c, i) => {
      const row = rows.get(key(c.site_version, c.tld));
      if (!row) {
        unknown.push(`changes.${i}.tld`);
        return [];
      }
      const prices = { ...row.prices };
      for (const a of TLD_ACTIONS) if (c[a] !== undefined) prices[a] = c[a];
      return [
        { field: `changes.${i}`, row: { ...row, prices, enabled: c.enabled ?? row.enabled } },
      ];
    });
    return { wanted, unknown };
  });
  return { items };
}

/** `POST /api/store-admin/prices/markup`: cost + N % on many TLDs at once, rounded up. */
export async function applyMarkup(staff: StaffContext, input: Markup) {
  const actions = input.actions ?? [...TLD_ACTIONS];
  const items = await writeChanges(staff, (rows, costs) => {
    const unknown: string[] = [];
    const tlds =
      input.tlds ??
      [...rows.values()].filter((r) => r.siteVersion === input.site_version).map((r) => r.tld);
    const wanted = tlds.flatMap((tld, i) => {
      const row = rows.get(key(input.site_version, tld));
      if (!row) {
        unknown.push(`tlds.${i}`);
        return [];
      }
      const cost = costs.get(key(input.site_version, tld));
      const prices = { ...row.prices };
      for (const a of actions) {
        const c = cost?.[a];
        if (c !== undefined) prices[a] = markupPrice(c, input.percent, input.rounding);
      }
      return [{ field: input.tlds ? `tlds.${i}` : `tld.${tld}`, row: { ...row, prices } }];
    });
    return { wanted, unknown };
  });
  return { items };
}

// ---- The operator's costs ----------------------------------------------------------------

export type CostView = {
  kind: string;
  item: string;
  site_version: number;
  action: string;
  cost: number;
  updated_at: string;
};

/** `GET /api/admin/costs`: every wholesale cost. */
export async function listCosts(): Promise<{ costs: CostView[] }> {
  const db = await appDb();
  const rows = await listCostRows(db);
  return {
    costs: rows.map((r) => ({
      kind: r.kind,
      item: r.item,
      site_version: r.siteVersion,
      action: r.action,
      cost: r.costNet,
      updated_at: r.updatedAt.toISOString(),
    })),
  };
}

/**
 * `PUT /api/admin/costs`: sets costs (inserted or replaced) in one transaction. A store's price
 * already below a raised cost stays until its owner changes it (docs/decisions/0171); the admin
 * shows the negative margin.
 */
export async function putCosts(input: CostsPut): Promise<{ costs: CostView[] }> {
  const db = await appDb();
  const at = now();
  const seen = new Set<string>();
  for (const [i, c] of input.costs.entries()) {
    const k = `${c.kind}|${c.item}|${c.site_version}|${c.action}`;
    if (seen.has(k)) {
      throw new ApiError(400, 'validation_failed', 'Each cost may be named once.', {
        [`costs.${i}`]: ['names a cost already named'],
      });
    }
    seen.add(k);
  }
  await upsertCosts(db, input, at);
  return listCosts();
}
