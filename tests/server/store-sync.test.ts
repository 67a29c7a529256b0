import { afterAll, beforeAll, expect, it } from 'vitest';
import { appDatabase, appDb } from '@/lib/db/app-db';
import { seedDemoData } from '@/features/tenancy/server/demo-seed.server';
import { storePageTag } from '@/features/tenancy/server/store-page-tag';
import { findStoreForUpdate, updateStore } from '@/features/tenancy/server/store-repository.server';
import { storeService } from '@/features/tenancy/server/store-service.server';
import { followStoreChangesOfOtherInstances } from '@/features/tenancy/server/store-sync.server';

// What the page cache handler does when another instance revalidated tags (page-cache-handler.mjs).
function deliverFromAnotherInstance(tags: string[]) {
  const listeners = (globalThis as Record<symbol, Set<(tags: string[]) => void> | undefined>)[
    Symbol.for('storefront.cache-tag-listeners')
  ];
  for (const listener of listeners ?? []) listener(tags);
}

let stop: () => void;
beforeAll(async () => {
  await seedDemoData((await appDatabase()).db, { demoStores: true });
  stop = followStoreChangesOfOtherInstances();
});
afterAll(() => stop());

it('a store changed through another instance is read afresh here, and only that store', async () => {
  const service = storeService();
  expect((await service.byHost('bytes.localhost'))?.config.store_name).toBe('Bytes Domains');
  const acme = await service.byHost('acme.localhost');

  // The other instance wrote the database; this one still holds the store in its cache.
  const db = await appDb();
  const row = (await findStoreForUpdate(db, 'bytes.localhost'))!;
  await updateStore(db, row.id, {
    storeName: 'Bytes Domains Renamed',
    theme: row.theme,
    variables: row.variables,
  });
  expect((await service.byHost('bytes.localhost'))?.config.store_name).toBe('Bytes Domains');

  deliverFromAnotherInstance([storePageTag('bytes.localhost'), '_N_T_/layout']);
  expect((await service.byHost('bytes.localhost'))?.config.store_name).toBe(
    'Bytes Domains Renamed',
  );
  // Another store's cached lookup is kept (same object, no new query).
  expect(await service.byHost('acme.localhost')).toBe(acme);

  await updateStore(db, row.id, {
    storeName: 'Bytes Domains',
    theme: row.theme,
    variables: row.variables,
  });
  deliverFromAnotherInstance([storePageTag('bytes.localhost')]);
});
