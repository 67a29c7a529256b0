import 'server-only';
import type { AppDb } from '@/lib/db/client';
import { priceLists, storeHosts, stores, tldPrices } from '@/lib/db/schema';
import { domainToASCII } from 'node:url';
import { seedCatalog } from '@/features/catalog/server/catalog-seed.server';
import { correctDemoCopy } from './demo-copy-seed.server';
import { seedDemoStaff } from './demo-staff-seed.server';
import { seedCostRows, seedPlatformCosts } from './demo-cost-seed.server';
import { BUILT_IN_PRICE_LISTS, DEMO_STORES, type Price } from './demo-stores';

export { BUILT_IN_PRICE_LISTS, DEMO_STORES };

/**
 * Seeds the demo data of demo-stores.ts: the built-in brands' price lists and the white-label
 * stores. Seeding only inserts what is missing, so an operator's later changes survive a restart.
 */

function priceRows(priceListId: string, prices: { 1: Price[]; 2: Price[] }) {
  return ([1, 2] as const).flatMap((siteVersion) =>
    prices[siteVersion].map(([tld, registerNet, renewNet, transferNet, featured = false]) => ({
      priceListId,
      siteVersion,
      tld,
      registerNet,
      renewNet,
      transferNet,
      featured,
    })),
  );
}

/**
 * Inserts the built-in brands' price lists and, unless turned off, the demo stores and the demo
 * catalog (taken and premium names, a number inventory, call plans), where they are not there yet.
 * A production database (SEED_DEMO_STORES=false) gets no invented registrations or numbers.
 */
export async function seedDemoData(db: AppDb, options: { demoStores: boolean }): Promise<void> {
  if (options.demoStores) await seedCatalog(db, domainToASCII);
  const demoStores = options.demoStores ? DEMO_STORES : [];
  await db.transaction(async (tx) => {
    const lists = [
      ...Object.entries(BUILT_IN_PRICE_LISTS).map(([id, prices]) => ({ id, name: id, prices })),
      ...demoStores.map((s) => ({ id: `store:${s.host}`, name: s.name, prices: s.prices })),
    ];
    // Only lists and stores created now get their prices and hosts: a price or host an
    // operator removed later stays removed.
    const newLists = await tx
      .insert(priceLists)
      .values(lists.map(({ id, name }) => ({ id, name })))
      .onConflictDoNothing()
      .returning({ id: priceLists.id });
    const created = new Set(newLists.map((l) => l.id));
    const rows = lists.filter((l) => created.has(l.id)).flatMap((l) => priceRows(l.id, l.prices));
    if (rows.length > 0) await tx.insert(tldPrices).values(rows);
    // The platform's wholesale costs, below every seeded price (issue 26, point 4).
    await seedPlatformCosts(
      tx,
      seedCostRows(
        lists.map((l) => l.prices),
        { catalog: options.demoStores },
      ),
    );

    if (demoStores.length === 0) return;
    const newStores = await tx
      .insert(stores)
      .values(
        demoStores.map((s) => ({
          id: s.id,
          storeUuid: s.id,
          storeName: s.name,
          domainName: s.host,
          isReseller: true,
          isCsCustomer: s.isCsCustomer,
          defaultTheme: s.defaultTheme,
          themeId: s.themeId,
          theme: s.theme,
          variables: s.variables,
          priceListId: `store:${s.host}`,
        })),
      )
      .onConflictDoNothing()
      .returning({ id: stores.id });
    const createdStores = new Set(newStores.map((s) => s.id));
    await correctDemoCopy(
      tx,
      demoStores.filter((s) => !createdStores.has(s.id)),
    );
    const hosts = demoStores.filter((s) => createdStores.has(s.id));
    if (hosts.length > 0) {
      await tx
        .insert(storeHosts)
        .values(hosts.map((s) => ({ host: s.host, storeId: s.id })))
        .onConflictDoNothing();
    }
  });
  // bytes.localhost's owner, so that `npm start` shows the store's admin.
  if (demoStores.length > 0) await seedDemoStaff(db);
}
