// The store of this instance's page cache: page-cache-handler.mjs gives it to Next through the
// documented `cacheHandler` option, and the application expires its tags for changes made outside
// a request (src/lib/cache/cache-tags.ts). docs/decisions/0190-page-cache-handler.md.
//
// - Entries (rendered pages, route answers, `unstable_cache` results) live in this process's
//   memory, in a least-recently-used store bounded in bytes: rebuilt from the database after a
//   restart, and a flood of unknown hosts or paths cannot grow it without end (0010).
// - A tag expired here (Next's `revalidateTag`, or src/lib/cache/cache-tags.ts for changes made
//   outside a request) drops every entry that carries it and was made before the expiry.
// - With REDIS_URL set, every expiry made here is announced on the store-changes channel, and the
//   expiries the other instances announce there are applied here: a store change made through one
//   instance reaches every instance's pages. Without Redis (one process), it stays local.
//
// It lives in one object per process, on globalThis: Next loads this module in its own server and
// again inside the application's bundles, and both must reach the same store.
import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';

/** The channel src/features/tenancy/server/store-sync.server.ts announces store changes on. */
export const STORE_CHANGES_CHANNEL = 'storefront:store-changes';
/** The process's identity on that channel, shared with store-sync.server.ts. */
const ORIGIN = Symbol.for('storefront.store-sync.origin');
const STATE = Symbol.for('storefront.page-cache');
/** Next's header of a page's or route answer's cache tags. */
const TAGS_HEADER = 'x-next-cache-tags';
const DEFAULT_LIMIT_BYTES = 32 * 1024 * 1024;
/** A tag's expiry is remembered this long: no entry lives longer (next.config expireTime). */
const TAG_MEMORY_MS = 2 * 3600 * 1000;
/**
 * Longer than any render takes: an entry set this long after its key was asked for is dated
 * when it is set. Within it, an entry is dated when its key was first asked for.
 */
const RENDER_BOUND_MS = 30 * 1000;
/** Keys whose last ask is remembered, at most (the oldest go first). */
const ASKED_LIMIT = 20_000;

function origin() {
  const holder = /** @type {Record<symbol, string>} */ (/** @type {unknown} */ (globalThis));
  return (holder[ORIGIN] ??= randomUUID());
}

/** About how many bytes an entry holds (its texts and buffers). @param {any} value */
function sizeOf(value) {
  if (!value) return 64;
  let size = 256;
  const add = (part) => {
    if (typeof part === 'string') size += part.length * 2;
    else if (part && typeof part.byteLength === 'number') size += part.byteLength;
  };
  add(value.html);
  add(value.rscData);
  add(value.body);
  add(value.pageData);
  if (value.segmentData instanceof Map) for (const part of value.segmentData.values()) add(part);
  if (value.data) add(JSON.stringify(value.data));
  return size;
}

/** The tags an entry carries: those Next gives at set(), and its answer's tags header. */
function tagsOf(value, given) {
  const tags = new Set(given ?? []);
  const header = value?.headers?.[TAGS_HEADER];
  if (typeof header === 'string') for (const tag of header.split(',')) if (tag) tags.add(tag);
  return [...tags];
}

/** A tag expiry message of another instance, or null. @param {string} raw */
export function tagsFromMessage(raw) {
  let message;
  try {
    message = JSON.parse(raw);
  } catch {
    return null;
  }
  if (typeof message !== 'object' || message === null) return null;
  const { origin: from, tags } = message;
  if (typeof from !== 'string' || from === origin() || !Array.isArray(tags)) return null;
  if (tags.length === 0 || !tags.every((t) => typeof t === 'string' && t.length <= 256))
    return null;
  return tags;
}

/** The in-memory store of one process. */
export class PageCacheStore {
  /** @type {Map<string, { value: any, lastModified: number, tags: string[], size: number, freshMs: number, scriptHashes?: string[] }>} */
  #entries = new Map();
  /** @type {Map<string, number>} tag → when it last expired */
  #expired = new Map();
  /** @type {Map<string, number>} key → when it was first asked for since it was last set */
  #asked = new Map();
  #bytes = 0;
  #limit;
  /** @type {((tags: string[]) => void) | undefined} */
  #announce;

  constructor({ limitBytes = DEFAULT_LIMIT_BYTES, announce } = {}) {
    this.#limit = limitBytes;
    this.#announce = announce;
  }

  get size() {
    return this.#bytes;
  }

  get(key) {
    const entry = this.#entries.get(key);
    if (!entry) {
      this.#noteAsked(key);
      return null;
    }
    if (entry.tags.some((tag) => (this.#expired.get(tag) ?? -Infinity) >= entry.lastModified)) {
      this.#delete(key);
      this.#noteAsked(key);
      return null;
    }
    // Past its revalidate time Next serves it once more and renders it again in the background.
    if (Date.now() - entry.lastModified >= entry.freshMs) this.#noteAsked(key);
    // Most recently used last.
    this.#entries.delete(key);
    this.#entries.set(key, entry);
    return {
      value: entry.value,
      lastModified: entry.lastModified,
      scriptHashes: entry.scriptHashes,
    };
  }

  /**
   * Keeps an entry. It is dated when its key was first asked for since it was last set (a miss,
   * or a hit past `freshMs`, after which Next renders), not when it is set: a render that began
   * before a tag expired read the data from before the change, and an entry it sets after the
   * expiry must not outlive it (docs/decisions/0260). `scriptHashes`: a page's inline scripts.
   */
  set(key, value, tags, freshMs = Infinity, scriptHashes = undefined) {
    const now = Date.now();
    const asked = this.#asked.get(key);
    this.#asked.delete(key);
    const lastModified = asked !== undefined && now - asked <= RENDER_BOUND_MS ? asked : now;
    this.#delete(key);
    if (value === null || value === undefined) return;
    const size = sizeOf(value) + key.length * 2;
    if (size > this.#limit) return;
    this.#entries.set(key, {
      value,
      lastModified,
      tags: tagsOf(value, tags),
      size,
      freshMs,
      scriptHashes,
    });
    this.#bytes += size;
    for (const [oldest] of this.#entries) {
      if (this.#bytes <= this.#limit) break;
      this.#delete(oldest);
    }
  }

  /**
   * Expires these tags now: entries made before are not served again. Announced to the other
   * instances unless the expiry came from one of them.
   * @param {readonly string[]} tags @param {{ announce?: boolean }} [options]
   */
  expire(tags, { announce = true } = {}) {
    if (tags.length === 0) return;
    const now = Date.now();
    for (const tag of tags) {
      this.#expired.delete(tag);
      this.#expired.set(tag, now);
    }
    // Forget expiries older than any entry can be.
    for (const [tag, at] of this.#expired) {
      if (now - at < TAG_MEMORY_MS) break;
      this.#expired.delete(tag);
    }
    if (announce) this.#announce?.([...tags]);
  }

  /** Remembers when a key was first asked for, within the render bound; bounded in keys. */
  #noteAsked(key) {
    const now = Date.now();
    const asked = this.#asked.get(key);
    if (asked !== undefined && now - asked <= RENDER_BOUND_MS) return;
    this.#asked.delete(key);
    this.#asked.set(key, now);
    if (this.#asked.size > ASKED_LIMIT) this.#asked.delete(this.#asked.keys().next().value);
  }

  #delete(key) {
    const entry = this.#entries.get(key);
    if (!entry) return;
    this.#entries.delete(key);
    this.#bytes -= entry.size;
  }
}

/** Publishes and follows tag expiries on Redis, when REDIS_URL is set. */
function connect(store, url) {
  const publisher = new Redis(url, { enableOfflineQueue: true, maxRetriesPerRequest: 2 });
  const subscriber = publisher.duplicate();
  let failing = false;
  const report = (error) => {
    if (!failing)
      console.error(
        JSON.stringify({ level: 'error', event: 'page_cache_redis_error', err: error.message }),
      );
    failing = true;
  };
  publisher.on('error', report);
  subscriber.on('error', report);
  subscriber.on('ready', () => {
    failing = false;
  });
  subscriber.on('message', (_channel, raw) => {
    const tags = tagsFromMessage(raw);
    if (tags) store.expire(tags, { announce: false });
  });
  subscriber.subscribe(STORE_CHANGES_CHANNEL).catch(() => {
    // Reported by the error handler; ioredis subscribes again when it reconnects.
  });
  return (tags) => {
    publisher
      .publish(STORE_CHANGES_CHANNEL, JSON.stringify({ origin: origin(), tags }))
      .catch(report);
  };
}

/** The process's store, made on first use. */
export function pageCacheStore() {
  const holder = /** @type {Record<symbol, PageCacheStore>} */ (
    /** @type {unknown} */ (globalThis)
  );
  if (!holder[STATE]) {
    let announce;
    const url = process.env.REDIS_URL;
    holder[STATE] = new PageCacheStore({ announce: (tags) => announce?.(tags) });
    if (url) announce = connect(holder[STATE], url);
  }
  return holder[STATE];
}
