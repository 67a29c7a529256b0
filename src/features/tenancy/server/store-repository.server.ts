import 'server-only';
import { asc, eq } from 'drizzle-orm';
import type { AppDb } from '@/lib/db/client';
import { disabledTlds, priceLists, storeHosts, stores, tldPrices } from '@/lib/db/schema';
import type { StoredStore, TldPrice } from '../store-types';
import { now } from '@/lib/clock';
import { siteVersionOf } from '@/features/site-version/site-version';

const priceColumns = {
  siteVersion: true,
  tld: true,
  registerNet: true,
  renewNet: true,
  transferNet: true,
  restoreNet: true,
  featured: true,
  sortOrder: true,
} as const;

function toTldPrice(row: {
  siteVersion: number;
  tld: string;
  registerNet: number;
  renewNet: number;
  transferNet: number;
  restoreNet: number;
  featured: boolean;
  sortOrder: number;
}): TldPrice {
  return { ...row, siteVersion: siteVersionOf(row.siteVersion) };
}

/** The store reached by a host, with its price list, in one query; null when no store has it. */
export async function findStoreByHost(db: AppDb, host: string): Promise<StoredStore | null> {
  const row = await db.query.storeHosts.findFirst({
    where: eq(storeHosts.host, host),
    columns: {},
    with: {
      store: {
        columns: {
          id: true,
          storeUuid: true,
          storeName: true,
          domainName: true,
          isYay: true,
          isCs: true,
          isCsCustomer: true,
          isReseller: true,
          dashboardOnly: true,
          defaultTheme: true,
          themeId: true,
          theme: true,
          variables: true,
          priceListId: true,
        },
        with: { priceList: { columns: {}, with: { prices: { columns: priceColumns } } } },
      },
    },
  });
  if (!row) return null;
  const { priceList, priceListId, ...store } = row.store;
  // TLDs the store's owner switched off keep their prices but are not sold (issue 26, point 4).
  const off = priceListId
    ? new Set(
        (
          await db
            .select({ siteVersion: disabledTlds.siteVersion, tld: disabledTlds.tld })
            .from(disabledTlds)
            .where(eq(disabledTlds.priceListId, priceListId))
        ).map((d) => `${d.siteVersion}|${d.tld}`),
      )
    : new Set<string>();
  return {
    ...store,
    prices: (priceList?.prices ?? [])
      .filter((p) => !off.has(`${p.siteVersion}|${p.tld}`))
      .map(toTldPrice),
  };
}

/** One price list's TLD prices (built-in brands). */
export async function findPriceList(db: AppDb, priceListId: string): Promise<TldPrice[]> {
  const rows = await db
    .select({
      siteVersion: tldPrices.siteVersion,
      tld: tldPrices.tld,
      registerNet: tldPrices.registerNet,
      renewNet: tldPrices.renewNet,
      transferNet: tldPrices.transferNet,
      restoreNet: tldPrices.restoreNet,
      featured: tldPrices.featured,
      sortOrder: tldPrices.sortOrder,
    })
    .from(tldPrices)
    .where(eq(tldPrices.priceListId, priceListId))
    .orderBy(asc(tldPrices.siteVersion), asc(tldPrices.sortOrder), asc(tldPrices.tld));
  return rows.map(toTldPrice);
}

/** A white-label store's own settings as stored (before any built-in theme is applied). */
export type StoredSettings = {
  storeName: string;
  themeId: number | null;
  defaultTheme: boolean;
  theme: unknown;
  variables: unknown;
};

const settingsColumns = {
  id: stores.id,
  storeName: stores.storeName,
  themeId: stores.themeId,
  defaultTheme: stores.defaultTheme,
  theme: stores.theme,
  variables: stores.variables,
};

/** The stored settings and every host of the store reached by `host`, or null. */
export async function findStoredSettings(
  db: AppDb,
  host: string,
): Promise<(StoredSettings & { hosts: string[] }) | null> {
  const [row] = await db
    .select(settingsColumns)
    .from(stores)
    .innerJoin(storeHosts, eq(storeHosts.storeId, stores.id))
    .where(eq(storeHosts.host, host));
  if (!row) return null;
  const { id, ...settings } = row;
  return { ...settings, hosts: await hostsOf(db, id) };
}

async function hostsOf(db: AppDb, storeId: string): Promise<string[]> {
  const rows = await db
    .select({ host: storeHosts.host })
    .from(storeHosts)
    .where(eq(storeHosts.storeId, storeId))
    .orderBy(asc(storeHosts.host));
  return rows.map((r) => r.host);
}

/**
 * Changes the settings of the store reached by `host` in one transaction that holds the store's
 * row lock from the read to the write, so parallel changes queue and none is lost. `change`
 * gets the current settings and answers the new ones (or throws, which changes nothing).
 * Answers the new settings and the store's hosts, or null when no stored store has the host.
 */
export async function updateStoredSettings(
  db: AppDb,
  host: string,
  change: (current: StoredSettings) => Pick<StoredSettings, 'storeName' | 'theme' | 'variables'>,
): Promise<(StoredSettings & { hosts: string[] }) | null> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select(settingsColumns)
      .from(stores)
      .innerJoin(storeHosts, eq(storeHosts.storeId, stores.id))
      .where(eq(storeHosts.host, host))
      .for('update', { of: stores });
    if (!row) return null;
    const { id, ...current } = row;
    const next = change(current);
    await tx
      .update(stores)
      .set({ ...next, updatedAt: now() })
      .where(eq(stores.id, id));
    return { ...current, ...next, hosts: await hostsOf(tx, id) };
  });
}

/** Postgres's unique_violation, by its code (docs/decisions/0120: codes, not classes). */
function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 5; depth++) {
    if (typeof e !== 'object') return false;
    if ((e as { code?: unknown }).code === '23505') return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

/**
 * Makes a white-label store reached by `host`, in one transaction: the store, its host, and a
 * price list of its own holding a copy of the list `copyPricesFrom`. Answers null, having made
 * nothing, when a store already has the host (a parallel call included).
 */
export async function insertStoreWithHost(
  db: AppDb,
  input: {
    id: string;
    host: string;
    storeName: string;
    theme: unknown;
    variables: unknown;
    copyPricesFrom: string;
  },
): Promise<{ id: string } | null> {
  const listId = `store:${input.id}`;
  try {
    return await db.transaction(async (tx) => {
      const [taken] = await tx
        .select({ host: storeHosts.host })
        .from(storeHosts)
        .where(eq(storeHosts.host, input.host));
      if (taken) return null;
      const at = now();
      await tx.insert(priceLists).values({ id: listId, name: input.storeName });
      const prices = await tx
        .select(priceColumnsOf())
        .from(tldPrices)
        .where(eq(tldPrices.priceListId, input.copyPricesFrom));
      if (prices.length > 0) {
        await tx.insert(tldPrices).values(prices.map((p) => ({ ...p, priceListId: listId })));
      }
      await tx.insert(stores).values({
        id: input.id,
        storeUuid: input.id,
        storeName: input.storeName,
        domainName: input.host,
        isReseller: true,
        theme: input.theme,
        variables: input.variables,
        priceListId: listId,
        createdAt: at,
        updatedAt: at,
      });
      // The host's primary key decides between parallel calls: the loser's transaction is undone.
      await tx.insert(storeHosts).values({ host: input.host, storeId: input.id });
      return { id: input.id };
    });
  } catch (error) {
    if (isUniqueViolation(error)) return null;
    throw error;
  }
}

function priceColumnsOf() {
  return {
    siteVersion: tldPrices.siteVersion,
    tld: tldPrices.tld,
    registerNet: tldPrices.registerNet,
    renewNet: tldPrices.renewNet,
    transferNet: tldPrices.transferNet,
    restoreNet: tldPrices.restoreNet,
    featured: tldPrices.featured,
    sortOrder: tldPrices.sortOrder,
  };
}
