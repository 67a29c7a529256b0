import 'server-only';
import { asc, eq } from 'drizzle-orm';
import type { AppDb } from '@/lib/db/client';
import { storeHosts, stores, tldPrices } from '@/lib/db/schema';
import type { StoredStore, TldPrice } from '../store-types';

const priceColumns = {
  siteVersion: true,
  tld: true,
  registerNet: true,
  renewNet: true,
  transferNet: true,
  featured: true,
  sortOrder: true,
} as const;

function toTldPrice(row: {
  siteVersion: number;
  tld: string;
  registerNet: number;
  renewNet: number;
  transferNet: number;
  featured: boolean;
  sortOrder: number;
}): TldPrice {
  return { ...row, siteVersion: row.siteVersion === 1 ? 1 : 2 };
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
        },
        with: { priceList: { columns: {}, with: { prices: { columns: priceColumns } } } },
      },
    },
  });
  if (!row) return null;
  const { priceList, ...store } = row.store;
  return { ...store, prices: (priceList?.prices ?? []).map(toTldPrice) };
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
      featured: tldPrices.featured,
      sortOrder: tldPrices.sortOrder,
    })
    .from(tldPrices)
    .where(eq(tldPrices.priceListId, priceListId))
    .orderBy(asc(tldPrices.siteVersion), asc(tldPrices.sortOrder), asc(tldPrices.tld));
  return rows.map(toTldPrice);
}

/** The stored theme, variables and every host of the store reached by `host`. */
export async function findStoreForUpdate(
  db: AppDb,
  host: string,
): Promise<{ id: string; theme: unknown; variables: unknown; hosts: string[] } | null> {
  const row = await db.query.storeHosts.findFirst({
    where: eq(storeHosts.host, host),
    columns: {},
    with: {
      store: {
        columns: { id: true, theme: true, variables: true },
        with: { hosts: { columns: { host: true } } },
      },
    },
  });
  if (!row) return null;
  const { hosts, ...store } = row.store;
  return { ...store, hosts: hosts.map((h) => h.host) };
}

/** Writes a store's name, theme and variables. */
export async function updateStore(
  db: AppDb,
  id: string,
  values: { storeName?: string; theme: unknown; variables: unknown },
): Promise<void> {
  await db
    .update(stores)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(stores.id, id));
}
