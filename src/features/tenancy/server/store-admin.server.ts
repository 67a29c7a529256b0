import 'server-only';
import { z } from 'zod';
import { appDb } from '@/lib/db/app-db';
import { ApiError } from '@/lib/http/api-response';
import { applyChange, changeSchemaOf } from '@/lib/object-change';
import { themeSchema } from '@/features/theme/schema';
import { variablesSchema } from '../variables-schema';
import {
  findStoredSettings,
  updateStoredSettings,
  type StoredSettings,
} from './store-repository.server';
import { announceStoreChange, applyStoreChange } from './store-sync.server';

/**
 * A change to a white-label store: it sets what it names and nothing else (nested settings
 * such as logoSet merge the same way), and every value it names must be valid.
 */
export const storeChangeSchema = z
  .strictObject({
    store_name: z.string().trim().min(1).max(120).optional(),
    theme: changeSchemaOf(themeSchema).optional(),
    variables: changeSchemaOf(variablesSchema).optional(),
  })
  .refine((c) => Object.keys(c).length > 0, 'name at least one of store_name, theme, variables');

export type StoreChange = z.infer<typeof storeChangeSchema>;

/** What the operator call shows of a store: its settings as stored. */
export type StoredStoreView = {
  hosts: string[];
  store_name: string;
  theme_id: number | null;
  default_theme: boolean;
  theme: unknown;
  variables: unknown;
};

const view = (s: StoredSettings & { hosts: string[] }): StoredStoreView => ({
  hosts: s.hosts,
  store_name: s.storeName,
  theme_id: s.themeId,
  default_theme: s.defaultTheme,
  theme: s.theme,
  variables: s.variables,
});

const notStored = () => new ApiError(404, 'store_not_found', 'No stored store has this host.');

/** The stored settings of the store reached by `host`, or 404. */
export async function storedStore(host: string): Promise<StoredStoreView> {
  const found = await findStoredSettings(await appDb(), host);
  if (!found) throw notStored();
  return view(found);
}

/**
 * A store on a built-in theme (theme_id 7 or 8, or default_theme) shows that theme whatever
 * its own settings say, except its logoSet (docs/contract/brands-and-hosts.md): other theme
 * settings would be stored and never seen, so they are refused.
 */
function assertThemeTakesEffect(current: StoredSettings, change: StoreChange): void {
  const builtIn = current.themeId === 7 || current.themeId === 8 || current.defaultTheme;
  const ignored = Object.keys(change.theme ?? {}).filter((key) => key !== 'logoSet');
  if (builtIn && ignored.length > 0) {
    throw new ApiError(
      422,
      'theme_not_editable',
      'This store uses a built-in theme: only its logoSet can be changed.',
      Object.fromEntries(ignored.map((key) => [`theme.${key}`, ['not used by a built-in theme']])),
    );
  }
}

/**
 * Applies a change to the store reached by `host` (read, merged and written under the store's
 * row lock) and invalidates what was cached for it: the in-process store lookup and every
 * cached page of each of its hosts, here and (over Redis) on the other instances. 404 when no
 * stored store has the host (built-in brands are configured in code).
 */
export async function changeStore(host: string, change: StoreChange): Promise<StoredStoreView> {
  const changed = await updateStoredSettings(await appDb(), host, (current) => {
    assertThemeTakesEffect(current, change);
    return {
      storeName: change.store_name ?? current.storeName,
      theme: applyChange(current.theme, change.theme),
      variables: applyChange(current.variables, change.variables),
    };
  });
  if (!changed) throw notStored();
  // Expired, not stale: the next visit renders the new page instead of serving the old once more.
  applyStoreChange(changed.hosts);
  // The other instances, if any, do the same when they hear of it.
  announceStoreChange(changed.hosts);
  return view(changed);
}
