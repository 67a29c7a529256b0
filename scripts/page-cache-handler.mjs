// The page cache of this instance, given to Next through its documented `cacheHandler` option
// (next.config.ts; https://nextjs.org/docs/app/api-reference/config/next-config-js/incrementalCacheHandlerPath).
// docs/decisions/0190-page-cache-handler.md. Its entries live in the process's store
// (page-cache-store.mjs).
//
// A rendered page is kept as it is to be sent (docs/decisions/0264): its chunk scripts wait for
// the first paint (paint-first.mjs; PAINT_FIRST=off leaves them), and the hashes of its inline
// scripts are worked out once, then noted for each request it is handed out to (page-context.mjs),
// for the Content-Security-Policy. Next then sends it, compressed and tagged by Next itself.
//
// Next creates a handler object per request; what they share is the process's store. Only Next
// loads this module (the application imports page-cache-store.mjs): paint-first.mjs reads its
// loader's file beside it.
import { pageCacheStore } from './page-cache-store.mjs';
import { notePageScripts } from './page-context.mjs';
import { rewritePage } from './paint-first.mjs';
import { inlineScriptHashes } from './security-headers.mjs';

/**
 * How long Next takes an entry for fresh: its revalidate time (a page's in `cacheControl`, a
 * data cache entry's in its value or the context), forever when it has none.
 * @param {any} data @param {any} ctx
 */
function freshForMs(data, ctx) {
  const seconds = ctx?.cacheControl?.revalidate ?? data?.revalidate ?? ctx?.revalidate;
  return typeof seconds === 'number' ? seconds * 1000 : Infinity;
}

/**
 * A rendered page as it is kept and sent: its chunks rewritten to wait for the first paint
 * (unless `rewrite` is false), and its inline scripts' hashes. Anything else is kept as Next
 * gave it. @param {any} data @param {{ rewrite?: boolean }} [options]
 * @returns {{ value: any, scriptHashes?: string[] }}
 */
export function preparePage(data, { rewrite = true } = {}) {
  if (data?.kind !== 'APP_PAGE' || typeof data.html !== 'string' || data.html === '')
    return { value: data };
  const bytes = rewrite ? rewritePage(Buffer.from(data.html, 'utf8')) : Buffer.from(data.html);
  return {
    value: rewrite ? { ...data, html: bytes.toString('utf8') } : data,
    scriptHashes: inlineScriptHashes(bytes),
  };
}

/** The class Next instantiates (the `cacheHandler` interface: get, set, revalidateTag). */
export default class PageCacheHandler {
  #store = pageCacheStore();

  /** @param {string} key */
  async get(key) {
    const entry = this.#store.get(key);
    if (!entry) return null;
    // Next sends this page in the current request: its policy must let the page's scripts run.
    if (entry.scriptHashes) notePageScripts(entry.scriptHashes);
    return { value: entry.value, lastModified: entry.lastModified };
  }

  /**
   * @param {string} key @param {any} data
   * @param {{ tags?: string[], revalidate?: number | false, cacheControl?: { revalidate?: number | false } }} [ctx]
   */
  async set(key, data, ctx) {
    const { value, scriptHashes } = preparePage(data, {
      rewrite: process.env.PAINT_FIRST !== 'off',
    });
    this.#store.set(key, value, ctx?.tags, freshForMs(data, ctx), scriptHashes);
  }

  /**
   * Every revalidation expires (the pages are rendered afresh on their next visit, never served
   * once more as they were): the product's changes are prices and availability.
   * @param {string | string[]} tags
   */
  async revalidateTag(tags) {
    this.#store.expire(typeof tags === 'string' ? [tags] : tags);
  }

  resetRequestCache() {}
}
