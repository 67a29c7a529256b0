import { spawn, type ChildProcess } from 'node:child_process';
import { promises as fsp } from 'node:fs';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, describe, expect, it } from 'vitest';

// The handler reads REDIS_URL when it is constructed; the first part runs without it, as the
// default lane and a single instance do.
const redisUrl = process.env.TEST_REDIS_URL;
const handlerPath = path.resolve('src/lib/cache/page-cache-handler.mjs');

const TAG = 'store-host:bytes.localhost';
const page = (html: string) => ({
  kind: 'APP_PAGE',
  html,
  rscData: Buffer.from(''),
  headers: { 'x-next-cache-tags': `${TAG},_N_T_/layout` },
  status: 200,
  postponed: undefined,
  segmentData: new Map(),
});
const getCtx = { kind: 'APP_PAGE', isRoutePPREnabled: false, isFallback: false };
const setCtx = { fetchCache: false, isRoutePPREnabled: false, isFallback: false, tags: [] };
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function newHandler() {
  const { default: PageCacheHandler } = await import(handlerPath);
  return new PageCacheHandler({
    fs: fsp,
    dev: false,
    flushToDisk: false,
    serverDistDir: mkdtempSync(path.join(tmpdir(), 'page-cache-')),
    maxMemoryCacheSize: 8 * 1024 * 1024,
    revalidatedTags: [],
  });
}

describe('the page cache handler on one instance', () => {
  it('serves what it stored until the store tag is revalidated, then renders anew', async () => {
    const saved = process.env.REDIS_URL;
    delete process.env.REDIS_URL;
    try {
      const handler = await newHandler();
      await handler.set('/bytes.localhost/2', page('<p>old banner</p>'), setCtx);
      expect((await handler.get('/bytes.localhost/2', getCtx))?.value.html).toBe(
        '<p>old banner</p>',
      );
      await pause(5);
      await handler.revalidateTag(TAG, { expire: 0 });
      expect(await handler.get('/bytes.localhost/2', getCtx)).toBeNull();
      // Other stores keep their pages.
      await handler.set('/acme.localhost/2', { ...page('<p>acme</p>'), headers: {} }, setCtx);
      await handler.revalidateTag(TAG, { expire: 0 });
      expect((await handler.get('/acme.localhost/2', getCtx))?.value.html).toBe('<p>acme</p>');
    } finally {
      if (saved !== undefined) process.env.REDIS_URL = saved;
    }
  });
});

// A second instance is a second process with its own page cache and tag manifest: this child
// keeps a page, reports when it stops serving it, and reports the tags its application hears.
const CHILD = `
const { default: Handler } = await import(${JSON.stringify(handlerPath)});
const fs = await import('node:fs');
const listeners = (globalThis[Symbol.for('storefront.cache-tag-listeners')] ??= new Set());
listeners.add((tags) => console.log(JSON.stringify({ heard: tags })));
const h = new Handler({ fs: fs.promises, dev: false, flushToDisk: false, serverDistDir: '/tmp',
  maxMemoryCacheSize: 1 << 20, revalidatedTags: [] });
const page = ${JSON.stringify(page('<p>old banner</p>'))};
page.rscData = Buffer.from(''); page.segmentData = new Map();
await h.set('/bytes.localhost/2', page, ${JSON.stringify(setCtx)});
await new Promise((r) => setTimeout(r, 300)); // subscribed by now
console.log(JSON.stringify({ ready: true }));
for (;;) {
  const hit = await h.get('/bytes.localhost/2', ${JSON.stringify(getCtx)});
  if (!hit) { console.log(JSON.stringify({ expired: true })); break; }
  await new Promise((r) => setTimeout(r, 20));
}
`;

// Instances meet over Redis, so this part belongs to the Redis lane (npm run test:pg, run by CI);
// without TEST_REDIS_URL there is no second instance to reach and it is not registered.
if (redisUrl)
  describe('the page cache handler across instances (Redis lane)', () => {
    let child: ChildProcess | undefined;
    afterAll(() => child?.kill());

    it('a store change on one instance expires the page on the other and tells its application', async () => {
      child = spawn(process.execPath, ['--input-type=module', '-e', CHILD], {
        env: { ...process.env, REDIS_URL: redisUrl },
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      const events: Record<string, unknown>[] = [];
      const waiters = new Set<() => void>();
      createInterface({ input: child.stdout! }).on('line', (line) => {
        events.push(JSON.parse(line));
        for (const wake of waiters) wake();
      });
      const waitFor = (key: string) =>
        new Promise<void>((resolve, reject) => {
          const timer = setTimeout(
            () => reject(new Error(`no ${key} from the other instance`)),
            10_000,
          );
          const check = () => {
            if (!events.some((e) => key in e)) return;
            clearTimeout(timer);
            waiters.delete(check);
            resolve();
          };
          waiters.add(check);
          check();
        });
      await waitFor('ready');

      process.env.REDIS_URL = redisUrl;
      const heardHere: string[][] = [];
      const listeners = ((globalThis as Record<symbol, Set<(tags: string[]) => void>>)[
        Symbol.for('storefront.cache-tag-listeners')
      ] ??= new Set());
      const listener = (tags: string[]) => heardHere.push(tags);
      listeners.add(listener);
      try {
        const here = await newHandler();
        await pause(300); // subscribed by now
        await here.revalidateTag([TAG], { expire: 0 });
        await waitFor('expired');
        expect(events.find((e) => 'heard' in e)).toEqual({ heard: [TAG] });
        // The instance that made the change does not hear its own message back.
        await pause(200);
        expect(heardHere).toEqual([]);
      } finally {
        listeners.delete(listener);
        delete process.env.REDIS_URL;
        const shared = (globalThis as Record<symbol, { close?: () => Promise<void> }>)[
          Symbol.for('storefront.cache-tags')
        ];
        await shared?.close?.();
      }
    });
  });
