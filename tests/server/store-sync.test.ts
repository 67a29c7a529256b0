import { redisUrl } from '../support/redis-lane';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pageCacheStore } from '../../scripts/page-cache-store.mjs';
import { appDatabase, appDb } from '@/lib/db/app-db';
import { seedDemoData } from '@/features/demo/server/demo-seed.server';
import { storePageTag } from '@/features/tenancy/server/store-page-tag';
import { updateStoredSettings } from '@/features/tenancy/server/store-repository.server';
import { storeService } from '@/features/tenancy/server/store-service.server';
import {
  STORE_CHANGES_CHANNEL,
  announceStoreChange,
  applyStoreChange,
  followStoreChangesOfOtherInstances,
  hostsFromMessage,
} from '@/features/tenancy/server/store-sync.server';

beforeAll(async () => {
  await seedDemoData((await appDatabase()).db, { demoStores: true });
});

async function rename(host: string, name: string) {
  // The other instance writes the database directly: nothing here hears of it.
  await updateStoredSettings(await appDb(), host, (current) => ({ ...current, storeName: name }));
}

describe('a store change made through another instance', () => {
  it('is read afresh here, its pages expire, and other stores keep theirs', async () => {
    const service = storeService();
    expect((await service.byHost('bytes.localhost'))?.config.store_name).toBe('Bytes Domains');
    const acme = await service.byHost('acme.localhost');
    // Each host's home page, as Next's page cache holds it (with its tags header).
    const pages = pageCacheStore();
    const page = (host: string) => ({
      kind: 'APP_PAGE',
      html: `<p>${host}</p>`,
      headers: { 'x-next-cache-tags': `_N_T_/layout,${storePageTag(host)}` },
    });
    for (const host of ['bytes.localhost', 'acme.localhost']) pages.set(`/${host}/`, page(host));
    await new Promise((resolve) => setTimeout(resolve, 2));

    // The other instance wrote the database; this one still holds the store in its cache.
    await rename('bytes.localhost', 'Bytes Domains Renamed');
    expect((await service.byHost('bytes.localhost'))?.config.store_name).toBe('Bytes Domains');

    applyStoreChange(['bytes.localhost']);
    expect((await service.byHost('bytes.localhost'))?.config.store_name).toBe(
      'Bytes Domains Renamed',
    );
    // A page of that host cached before the change is not served again; one of another is.
    expect(pages.get('/bytes.localhost/')).toBeNull();
    expect(pages.get('/acme.localhost/')?.value).toEqual(page('acme.localhost'));
    expect(await service.byHost('acme.localhost')).toBe(acme);

    await rename('bytes.localhost', 'Bytes Domains');
    applyStoreChange(['bytes.localhost']);
  });

  it('takes only well-formed messages from other instances', () => {
    expect(
      hostsFromMessage(JSON.stringify({ origin: 'other', hosts: ['Bytes.localhost'] })),
    ).toEqual(['bytes.localhost']);
    for (const raw of [
      'not json',
      'null',
      JSON.stringify({ origin: 'other' }),
      JSON.stringify({ origin: 'other', hosts: [] }),
      JSON.stringify({ origin: 'other', hosts: ['bad host!'] }),
      JSON.stringify({ origin: 'other', hosts: [42] }),
      JSON.stringify({ hosts: ['bytes.localhost'] }),
    ]) {
      expect(hostsFromMessage(raw), raw).toBeNull();
    }
  });
});

// The announcement travels over Redis, so this part belongs to the Redis lane (npm run test:pg,
// run by CI); the browser suite's multi-instance.spec.ts checks the whole path between two
// servers.
if (redisUrl) {
  const url = redisUrl;
  describe('announcing a store change (Redis lane)', () => {
    const listener = new Redis(url);
    afterAll(() => listener.quit());

    it('reaches another instance, which would not take it for its own', async () => {
      await listener.subscribe(STORE_CHANGES_CHANNEL);
      const received = new Promise<string>((resolve) =>
        listener.once('message', (_c, m) => resolve(m)),
      );
      announceStoreChange(['bytes.localhost']);
      const raw = await received;
      expect(JSON.parse(raw).hosts).toEqual(['bytes.localhost']);
      // Here it is this process's own message: applying it again would be wasted work.
      expect(hostsFromMessage(raw)).toBeNull();
    });

    it('from another instance drops the store lookup and the pages rendered before it came', async () => {
      const stop = followStoreChangesOfOtherInstances();
      try {
        const pages = pageCacheStore();
        const key = '/bytes.localhost/from-another-instance';
        // Rendered here from the store lookup this instance held, before it heard of the change.
        pages.set(key, {
          kind: 'APP_PAGE',
          html: '<p>Bytes Domains</p>',
          headers: { 'x-next-cache-tags': storePageTag('bytes.localhost') },
        });
        expect(pages.get(key)).not.toBeNull();
        await rename('bytes.localhost', 'Bytes Domains Elsewhere');
        // Only the hosts message arrives (the tag expiry travels on another connection).
        await new Promise((resolve) => setTimeout(resolve, 2));
        await listener.unsubscribe();
        const publisher = new Redis(url);
        await publisher.publish(
          STORE_CHANGES_CHANNEL,
          JSON.stringify({ origin: 'another-instance', hosts: ['bytes.localhost'] }),
        );
        await publisher.quit();
        await expect
          .poll(async () => (await storeService().byHost('bytes.localhost'))?.config.store_name)
          .toBe('Bytes Domains Elsewhere');
        expect(pages.get(key)).toBeNull();
      } finally {
        await rename('bytes.localhost', 'Bytes Domains');
        applyStoreChange(['bytes.localhost']);
        await stop();
      }
    });
  });
}
