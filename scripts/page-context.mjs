// What one request's answer needs to know from Next's page cache (docs/decisions/0264): the
// inline scripts of the cached page Next sends, so that serve.mjs's Content-Security-Policy can
// let them run by hash. A cached page is the same text for every visitor, rendered with the nonce
// of whichever request made it; the nonce of the request that reads it is not in it.
//
// serve.mjs runs each request inside a context; the page cache handler (page-cache-handler.mjs),
// which Next calls inside that request, notes the hashes of the page it hands out. Requests for
// one page that overlap share one context (security-headers.mjs, docs/decisions/0311): Next looks
// a page up, or renders it, once for all of them, inside the first one only. The storage
// lives on globalThis under a registered symbol: Next may load the handler's module apart from
// the one serve.mjs imports, and both must reach the same storage.
import { AsyncLocalStorage } from 'node:async_hooks';

const STORAGE = Symbol.for('storefront.page-context');

/** @typedef {{ scriptHashes: string[] }} PageContext */

/** @returns {AsyncLocalStorage<PageContext>} */
function storage() {
  const holder = /** @type {Record<symbol, AsyncLocalStorage<PageContext>>} */ (
    /** @type {unknown} */ (globalThis)
  );
  return (holder[STORAGE] ??= new AsyncLocalStorage());
}

/**
 * Runs `fn` (the request's handling) with `context` (a fresh one unless given: the one the
 * requests for its page share), which it answers too.
 * @template T @param {(context: PageContext) => T} fn @param {PageContext} [context]
 * @returns {T}
 */
export function withPageContext(fn, context = { scriptHashes: [] }) {
  return storage().run(context, () => fn(context));
}

/**
 * Notes the script hashes of a cached page handed out within the current request (no-op outside
 * one: a background render, a job).
 * @param {readonly string[]} hashes
 */
export function notePageScripts(hashes) {
  const context = storage().getStore();
  if (!context) return;
  for (const hash of hashes)
    if (!context.scriptHashes.includes(hash)) context.scriptHashes.push(hash);
}
