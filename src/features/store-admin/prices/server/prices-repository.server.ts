import 'server-only';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { AppDb } from '@/lib/db/client';
import { disabledTlds, platformCosts, storeHosts, stores, tldPrices } from '@/lib/db/schema';
import { ApiError } from '@/lib/http/api-response';
import type { SiteVersionId } from '@/features/site-version/site-version';
import type { CostsPut, TldAction } from '../schemas';

/** The only code that knows how costs, a store's TLD prices and its disabled TLDs are stored. */

export type Amounts = Record<TldAction, number>;
export type Row = {
  siteVersion: SiteVersionId;
  tld: string;
  prices: Amounts;
  enabled: boolean;
  featured: boolean;
};
export const key = (siteVersion: number, tld: string) => `${siteVersion}|${tld}`;

export async function storeList(db: AppDb, storeId: string, lock: boolean): Promise<string> {
  const query = db.select({ list: stores.priceListId }).from(stores).where(eq(stores.id, storeId));
  const [row] = lock ? await query.for('update') : await query;
  // A store made by the operator always has its own list (docs/decisions/0163).
  if (!row?.list) throw new ApiError(404, 'not_found', 'This store has no price list.');
  return row.list;
}

export async function readRows(db: AppDb, listId: string): Promise<Map<string, Row>> {
  const [prices, off] = await Promise.all([
    db
      .select()
      .from(tldPrices)
      .where(eq(tldPrices.priceListId, listId))
      .orderBy(asc(tldPrices.siteVersion), asc(tldPrices.sortOrder), asc(tldPrices.tld)),
    db.select().from(disabledTlds).where(eq(disabledTlds.priceListId, listId)),
  ]);
  const disabled = new Set(off.map((d) => key(d.siteVersion, d.tld)));
  return new Map(
    prices.map((p) => [
      key(p.siteVersion, p.tld),
      {
        siteVersion: p.siteVersion as SiteVersionId,
        tld: p.tld,
        prices: {
          register: p.registerNet,
          renew: p.renewNet,
          transfer: p.transferNet,
          restore: p.restoreNet,
        },
        enabled: !disabled.has(key(p.siteVersion, p.tld)),
        featured: p.featured,
      },
    ]),
  );
}

export async function readTldCosts(db: AppDb): Promise<Map<string, Partial<Amounts>>> {
  const rows = await db.select().from(platformCosts).where(eq(platformCosts.kind, 'tld'));
  const costs = new Map<string, Partial<Amounts>>();
  for (const r of rows) {
    const k = key(r.siteVersion, r.item);
    costs.set(k, { ...costs.get(k), [r.action as TldAction]: r.costNet });
  }
  return costs;
}

/** Writes one TLD's four prices, and its enabled switch when it changed. */
export async function writeRow(tx: AppDb, list: string, row: Row, wasEnabled: boolean) {
  await tx
    .update(tldPrices)
    .set({
      registerNet: row.prices.register,
      renewNet: row.prices.renew,
      transferNet: row.prices.transfer,
      restoreNet: row.prices.restore,
    })
    .where(
      and(
        eq(tldPrices.priceListId, list),
        eq(tldPrices.siteVersion, row.siteVersion),
        eq(tldPrices.tld, row.tld),
      ),
    );
  if (row.enabled !== wasEnabled) {
    if (row.enabled) {
      await tx
        .delete(disabledTlds)
        .where(
          and(
            eq(disabledTlds.priceListId, list),
            eq(disabledTlds.siteVersion, row.siteVersion),
            eq(disabledTlds.tld, row.tld),
          ),
        );
    } else {
      await tx
        .insert(disabledTlds)
        .values({ priceListId: list, siteVersion: row.siteVersion, tld: row.tld })
        .onConflictDoNothing();
    }
  }
}

export async function storeHostsOf(db: AppDb, storeId: string): Promise<string[]> {
  const rows = await db
    .select({ host: storeHosts.host })
    .from(storeHosts)
    .where(eq(storeHosts.storeId, storeId));
  return rows.map((r) => r.host);
}

export async function listCostRows(db: AppDb) {
  return db
    .select()
    .from(platformCosts)
    .orderBy(
      asc(platformCosts.kind),
      asc(platformCosts.siteVersion),
      asc(platformCosts.item),
      asc(platformCosts.action),
    );
}

/** Inserts or replaces costs, in one statement. */
export async function upsertCosts(db: AppDb, input: CostsPut, at: Date) {
  await db.transaction(async (tx) => {
    await tx
      .insert(platformCosts)
      .values(
        input.costs.map((c) => ({
          kind: c.kind,
          item: c.item,
          siteVersion: c.site_version,
          action: c.action,
          costNet: c.cost,
          updatedAt: at,
        })),
      )
      .onConflictDoUpdate({
        target: [
          platformCosts.kind,
          platformCosts.item,
          platformCosts.siteVersion,
          platformCosts.action,
        ],
        set: { costNet: sql`excluded.cost_net`, updatedAt: at },
      });
  });
}
