import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { DatabaseHandle } from '@/lib/db/client';
import { storeHosts, stores } from '@/lib/db/schema';
import { logger } from '@/lib/logger';
import { THEME_PRESETS } from '@/features/theme/presets';
import { themeSchema } from '@/features/theme/schema';

const DEFAULT_THEME = themeSchema.parse({});
import { openTestDatabase } from '../../../../tests/support/database';
import { tldList } from '../store-payload';
import { createStoreService, type StoreService } from './store-service.server';

const hostGroups = {
  nameport: ['nameport.example', 'preview.nameport.example', 'nameport.localhost', 'localhost'],
  callwave: ['callwave.example', 'preview.callwave.example', 'callwave.localhost'],
};

let handle: DatabaseHandle;
let queries: string[] = [];
let now = 0;
let service: StoreService;

beforeAll(async () => {
  handle = await openTestDatabase((sql) => queries.push(sql));
  service = createStoreService({
    db: async () => handle.db,
    hostGroups,
    ttlMs: 30_000,
    now: () => now,
  });
});

afterAll(() => handle.close());

/** Inserts a white-label store reachable on a fresh host and answers that host. */
async function insertStore(values: Partial<typeof stores.$inferInsert>): Promise<string> {
  const id = randomUUID();
  const host = `t-${id.slice(0, 8)}.example.test`;
  await handle.db.insert(stores).values({
    id,
    storeUuid: id,
    storeName: 'Test Store',
    domainName: host,
    ...values,
  });
  await handle.db.insert(storeHosts).values({ host, storeId: id });
  return host;
}

describe('brand resolution (docs/contract/brands-and-hosts.md)', () => {
  it('rule 1: a domain-brand host gives the built-in domain-brand store', async () => {
    for (const host of [
      'nameport.example',
      'preview.nameport.example',
      'nameport.localhost',
      'localhost',
    ]) {
      const store = await service.byHost(host);
      expect(store?.keywordId).toBe(1);
      expect(store?.config.store_name).toBe('Nameport');
      expect(store?.config.is_yay).toBe(true);
    }
    const store = await service.byHost('nameport.localhost');
    expect(tldList(store!.prices, 1).map((t) => t.name)).toEqual([
      'APP',
      'CO.UK',
      'COM',
      'LINK',
      'ORG',
      'UK',
    ]);
    expect(tldList(store!.prices, 2).map((t) => t.name)).toEqual([
      'APP',
      'CO',
      'COM',
      'LINK',
      'ORG',
      'US',
    ]);
  });

  it('rule 2: a telephony host gives the built-in telephony store with is_cs_customer false', async () => {
    const store = await service.byHost('callwave.localhost');
    expect(store?.keywordId).toBe(1252);
    expect(store?.config).toMatchObject({
      store_name: 'Callwave',
      is_cs: true,
      is_cs_customer: false,
      dashboard_only: true,
    });
  });

  it('rule 3: one extra label before a known domain is normalised to that domain', async () => {
    expect((await service.byHost('www.nameport.example'))?.config.store_name).toBe('Nameport');
    expect((await service.byHost('shop.callwave.example'))?.config.store_name).toBe('Callwave');
    // acme.localhost is a store of its own, not `localhost` with an extra label.
    expect((await service.byHost('acme.localhost'))?.config.store_name).toBe('Acme Voice');
  });

  it('rule 4: theme_id 7 gives the purple and orange telephony-customer theme with the store logoSet kept', async () => {
    const store = await service.byHost('acme.localhost');
    expect(store?.keywordId).toBe(4);
    expect(store?.config.theme_id).toBe(7);
    expect(store?.theme).toEqual({
      ...THEME_PRESETS.telephonyCustomer,
      logoSet: { ...DEFAULT_THEME.logoSet, primary: '/brands/acme/logo.svg', alt: 'Acme Voice' },
    });
  });

  it('rule 4: theme_id 8 gives the blue second-telephony theme with the store logoSet kept', async () => {
    const store = await service.byHost('harbor.localhost');
    expect(store?.config.theme_id).toBe(8);
    expect(store?.theme.primaryColor).toBe(THEME_PRESETS.secondTelephony.primaryColor);
    expect(store?.theme.logoSet.primary).toBe('/brands/harbor/logo.svg');
  });

  it('rule 4: a theme_id 7 store keeps its own logoSet even when its stored colours differ', async () => {
    const host = await insertStore({
      themeId: 7,
      theme: { primaryColor: '#000000', logoSet: { primary: '/brands/own.svg', alt: 'Own' } },
    });
    const store = await service.byHost(host);
    expect(store?.theme.primaryColor).toBe(THEME_PRESETS.telephonyCustomer.primaryColor);
    expect(store?.theme.logoSet).toMatchObject({ primary: '/brands/own.svg', alt: 'Own' });
  });

  it('rule 4: default_theme gives the telephony default theme, is_cs_customer true and the own logoSet', async () => {
    const store = await service.byHost('ringo.localhost');
    expect(store?.config.default_theme).toBe(true);
    expect(store?.config.is_cs_customer).toBe(true);
    expect(store?.theme).toEqual({
      ...THEME_PRESETS.telephonyDefault,
      logoSet: {
        ...DEFAULT_THEME.logoSet,
        primary: '/brands/ringo/logo.svg',
        alt: 'Ringo Connect',
      },
    });
  });

  it('rule 4: otherwise the stored data is used as it is', async () => {
    // A store of its own: on PostgreSQL the test files share one database, and the operator-call
    // tests change the demo stores' themes.
    const host = await insertStore({
      isReseller: true,
      theme: { primaryColor: '#047857', buttonTextTransform: 'uppercase' },
      variables: { companyName: 'Stored Ltd' },
    });
    const store = await service.byHost(host);
    expect(store?.config).toMatchObject({
      theme_id: null,
      default_theme: false,
      is_reseller: true,
      is_cs_customer: false,
    });
    expect(store?.theme.primaryColor).toBe('#047857');
    expect(store?.theme.buttonTextTransform).toBe('uppercase');
    expect(store?.variables.companyName).toBe('Stored Ltd');
    const bytes = await service.byHost('bytes.localhost');
    expect(tldList(bytes!.prices, 2).map((t) => t.name)).toEqual([
      'COM',
      'DEV',
      'IO',
      'SHOP',
      'XYZ',
    ]);
  });

  it('rule 5: no request, no store', async () => {
    expect(await service.forRequest(undefined)).toBeNull();
    expect(await service.forRequest(null)).toBeNull();
    const request = new Request('http://acme.localhost/', {
      headers: { host: 'acme.localhost' },
    });
    expect((await service.forRequest(request.headers))?.config.store_name).toBe('Acme Voice');
  });

  it('an unknown host has no store', async () => {
    expect(await service.byHost('nobody.example')).toBeNull();
  });

  it('invalid stored theme values fall back to defaults and are logged; the store still resolves', async () => {
    const warn = vi.spyOn(logger, 'warn').mockImplementation(() => undefined);
    const host = await insertStore({
      theme: { primaryColor: 'not-a-colour', secondaryColor: '#abcdef', buttonBorderRadius: 999 },
      variables: { supportEmail: 'nope', companyName: 'Kept Ltd' },
    });
    const store = await service.byHost(host);
    expect(store?.theme.primaryColor).toBe(DEFAULT_THEME.primaryColor);
    expect(store?.theme.secondaryColor).toBe('#abcdef');
    expect(store?.theme.buttonBorderRadius).toBe(DEFAULT_THEME.buttonBorderRadius);
    expect(store?.variables.supportEmail).toBe('');
    expect(store?.variables.companyName).toBe('Kept Ltd');
    expect(warn).toHaveBeenCalledWith(
      expect.objectContaining({ part: 'theme', fields: ['primaryColor', 'buttonBorderRadius'] }),
      expect.any(String),
    );
    expect(warn).toHaveBeenCalledWith(
      expect.objectContaining({ part: 'variables', fields: ['supportEmail'] }),
      expect.any(String),
    );
    warn.mockRestore();
  });
});

describe('store cache', () => {
  it('repeated requests for one host make at most one database query per cache period', async () => {
    const host = await insertStore({ storeName: 'Cached' });
    service.invalidate();
    queries = [];
    await Promise.all(Array.from({ length: 50 }, () => service.byHost(host)));
    for (let i = 0; i < 50; i++) await service.byHost(host);
    expect(queries).toHaveLength(1);

    now += 30_000; // the next period
    await Promise.all(Array.from({ length: 10 }, () => service.byHost(host)));
    expect(queries).toHaveLength(2);
  });

  it('built-in brand hosts share one cache entry', async () => {
    service.invalidate();
    queries = [];
    for (const host of ['localhost', 'nameport.localhost', 'www.nameport.example'])
      await service.byHost(host);
    expect(queries).toHaveLength(1);
  });

  it('unknown hosts are cached too, so a flood cannot reach the database', async () => {
    service.invalidate();
    queries = [];
    for (let i = 0; i < 20; i++) await service.byHost('unknown.example.test');
    expect(queries).toHaveLength(1);
  });

  it('a changed store is seen after invalidation', async () => {
    const host = await insertStore({ storeName: 'Before' });
    expect((await service.byHost(host))?.config.store_name).toBe('Before');
    const [row] = await handle.db
      .select({ id: storeHosts.storeId })
      .from(storeHosts)
      .where(eq(storeHosts.host, host));
    await handle.db.update(stores).set({ storeName: 'After' }).where(eq(stores.id, row!.id));
    expect((await service.byHost(host))?.config.store_name).toBe('Before');
    service.invalidate(host);
    expect((await service.byHost(host))?.config.store_name).toBe('After');
  });
});
