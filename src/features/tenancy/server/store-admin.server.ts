import 'server-only';
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { appDb } from '@/lib/db/app-db';
import { getEnv } from '@/lib/env';
import { ApiError } from '@/lib/http/api-response';
import { normaliseHost } from '@/lib/http/host';
import { applyChange, changeSchemaOf } from '@/lib/object-change';
import { themeSchema } from '@/features/theme/schema';
import { matchHost } from '../host';
import { variablesSchema } from '../variables-schema';
import {
  findStoredSettings,
  insertStoreWithHost,
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

/**
 * A new white-label store (POST /api/admin/stores). `keyword` may only name the white-label
 * kind (4, `white_label`): the built-in brands live in code (docs/decisions/0163).
 */
export const storeCreateSchema = z.strictObject({
  host: z
    .string({ error: 'is required' })
    .trim()
    .max(253)
    .transform((v, ctx) => {
      const host = v.includes(':') ? null : normaliseHost(v);
      if (!host || !host.includes('.')) {
        ctx.addIssue({ code: 'custom', message: 'must be a host name, e.g. shop.example.com' });
        return z.NEVER;
      }
      return host;
    }),
  store_name: z
    .string({ error: 'is required' })
    .trim()
    .min(1)
    .max(120)
    .regex(/^[^\t\r\n]*$/, 'must be one line'),
  keyword: z
    .union([z.literal(4), z.literal('4'), z.literal('white_label')], {
      error: 'must be 4 (white_label): the other brands are built in',
    })
    .optional(),
});

export type StoreCreate = z.infer<typeof storeCreateSchema>;

const hostTaken = () =>
  new ApiError(409, 'host_taken', 'A store already has this host.', {
    host: ['is already a store’s host'],
  });

/**
 * Makes a white-label store reached by `host`, named `store_name`, on the default theme and
 * selling at the domain brand's prices until its owner changes them. 409 `host_taken` when a
 * store (a built-in brand's host group included) already answers on the host. Answers the
 * store's id and settings; the host's cached "no store here" is forgotten on every instance.
 */
export async function createStore(input: StoreCreate): Promise<StoredStoreView & { id: string }> {
  if (matchHost(input.host, hostGroups()).kind === 'built-in') throw hostTaken();
  const id = randomUUID();
  const made = await insertStoreWithHost(await appDb(), {
    id,
    host: input.host,
    storeName: input.store_name,
    theme: {},
    variables: { companyName: input.store_name },
    copyPricesFrom: 'nameport',
  });
  if (!made) throw hostTaken();
  applyStoreChange([input.host]);
  announceStoreChange([input.host]);
  return { id, ...(await storedStore(input.host)) };
}

function hostGroups() {
  const env = getEnv();
  return { nameport: env.DOMAIN_BRAND_HOSTS, callwave: env.TELEPHONY_BRAND_HOSTS };
}
