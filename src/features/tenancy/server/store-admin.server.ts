import 'server-only';
import { revalidateTag } from 'next/cache';
import { z } from 'zod';
import { appDb } from '@/lib/db/app-db';
import { themeSchema } from '@/features/theme/schema';
import { variablesSchema } from '../variables-schema';
import { findStoreForUpdate, updateStore } from './store-repository.server';
import { storeService } from './store-service.server';
import { storePageTag } from './page-store.server';
import { announceStoreChange } from './store-sync.server';

/**
 * A change to a white-label store. Unlike stored data (which falls back per field), a change must
 * be valid as a whole: theme and variables are merged into the stored ones setting by setting.
 */
export const storeChangeSchema = z
  .strictObject({
    store_name: z.string().trim().min(1).max(120).optional(),
    theme: themeSchema.partial().strict().optional(),
    variables: variablesSchema.partial().strict().optional(),
  })
  .refine((c) => Object.keys(c).length > 0, 'name at least one of store_name, theme, variables');

export type StoreChange = z.infer<typeof storeChangeSchema>;

const asObject = (value: unknown): Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};

/**
 * Applies a change to the store reached by `host` and invalidates what was cached for it: the
 * in-process store lookup and every cached page of each of its hosts, here and (over Redis) on
 * the other instances. Answers false when no
 * stored store has the host (built-in brands are configured in code).
 */
export async function changeStore(host: string, change: StoreChange): Promise<boolean> {
  const db = await appDb();
  const current = await findStoreForUpdate(db, host);
  if (!current) return false;
  await updateStore(db, current.id, {
    storeName: change.store_name,
    theme: { ...asObject(current.theme), ...change.theme },
    variables: { ...asObject(current.variables), ...change.variables },
  });
  for (const h of current.hosts) {
    storeService().invalidate(h);
    // expire: 0 - the next visit renders the new page instead of serving the old one once more.
    revalidateTag(storePageTag(h), { expire: 0 });
  }
  // The other instances, if any, do the same when they hear of it.
  announceStoreChange(current.hosts);
  return true;
}
