// Next's incremental cache (rendered store pages, unstable_cache entries), with tag invalidations
// shared between server instances (docs/decisions/0016-page-cache-across-instances.md).
//
// Entries stay where Next keeps them, in this process's bounded memory: a page is served without
// a network round trip. What must reach every instance is the fact that a tag was revalidated,
// because the instance that handled a store change is only one of them. With REDIS_URL set, each
// revalidateTag is published on a Redis channel; every other instance applies it to its own tag
// manifest as if it had been called there, and tells the application (the in-process store
// lookup is cached too). Without REDIS_URL this is exactly Next's default handler.
//
// Next loads this file at run time (next.config.ts `cacheHandler`), outside the application
// bundle, so it reads REDIS_URL itself; src/lib/env.ts documents and validates the variable.
import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import FileSystemCacheModule from 'next/dist/server/lib/incremental-cache/file-system-cache.js';

/** @type {any} */
const FileSystemCache = FileSystemCacheModule.default ?? FileSystemCacheModule;

export const CHANNEL = 'storefront:cache-tags';
const SHARED = Symbol.for('storefront.cache-tags');
// Filled by the application (src/lib/cache/cache-tags.ts), which is bundled separately.
const LISTENERS = Symbol.for('storefront.cache-tag-listeners');

/**
 * @typedef {{ tags: string[], durations?: { expire?: number } }} TagMessage
 * @typedef {{
 *   origin: string,
 *   instance: any,
 *   started: boolean,
 *   publish: ((message: TagMessage) => void) | null,
 *   close: (() => Promise<void>) | null,
 * }} Shared
 */

/** @returns {Shared} */
function shared() {
  const holder = /** @type {Record<symbol, Shared>} */ (/** @type {unknown} */ (globalThis));
  holder[SHARED] ??= {
    origin: randomUUID(),
    instance: null,
    started: false,
    publish: null,
    close: null,
  };
  return holder[SHARED];
}

function log(level, event, detail) {
  // One JSON line, like the application's logger (pino), which this file cannot import.
  console[level === 'error' ? 'error' : 'log'](
    JSON.stringify({ level: level === 'error' ? 50 : 30, time: Date.now(), event, ...detail }),
  );
}

/** @param {string} url */
function connect(url) {
  const state = shared();
  state.started = true;
  const options = { maxRetriesPerRequest: 1, enableOfflineQueue: true };
  const publisher = new Redis(url, options);
  const subscriber = new Redis(url, options);
  let failing = false;
  const onError = (/** @type {Error} */ error) => {
    // Redis down: this instance still invalidates its own pages; others expire within the hour.
    if (!failing) log('error', 'cache_tags_redis_error', { message: error.message });
    failing = true;
  };
  publisher.on('error', onError);
  subscriber.on('error', onError);
  subscriber.on('ready', () => {
    if (failing) log('info', 'cache_tags_redis_ready', {});
    failing = false;
  });
  subscriber.subscribe(CHANNEL).catch(onError);
  subscriber.on('message', (_channel, raw) => {
    /** @type {any} */
    let message;
    try {
      message = JSON.parse(raw);
    } catch {
      return;
    }
    if (!message || message.origin === state.origin || !Array.isArray(message.tags)) return;
    const tags = message.tags.filter((/** @type {unknown} */ t) => typeof t === 'string');
    if (tags.length === 0 || !state.instance) return;
    const durations =
      message.durations && typeof message.durations.expire === 'number'
        ? { expire: message.durations.expire }
        : undefined;
    // The base class's revalidateTag only marks the tags in the process's tag manifest.
    void FileSystemCache.prototype.revalidateTag.call(state.instance, tags, durations);
    const listeners = /** @type {Set<(tags: string[]) => void> | undefined} */ (
      /** @type {Record<symbol, unknown>} */ (/** @type {unknown} */ (globalThis))[LISTENERS]
    );
    for (const listener of listeners ?? []) listener(tags);
  });
  state.publish = (message) => {
    publisher.publish(CHANNEL, JSON.stringify({ origin: state.origin, ...message })).catch(onError);
  };
  state.close = async () => {
    state.started = false;
    state.publish = null;
    await Promise.allSettled([publisher.quit(), subscriber.quit()]);
  };
}

export default class PageCacheHandler extends FileSystemCache {
  /** @param {any} options */
  constructor(options) {
    super(options);
    const state = shared();
    state.instance = this;
    const url = process.env.REDIS_URL?.trim();
    if (url && !state.started) connect(url);
  }

  /**
   * @param {string | string[]} tags
   * @param {{ expire?: number }} [durations]
   */
  async revalidateTag(tags, durations) {
    await super.revalidateTag(tags, durations);
    const list = typeof tags === 'string' ? [tags] : [...tags];
    if (list.length > 0) shared().publish?.({ tags: list, durations });
  }
}
