import 'server-only';

// The page cache handler (page-cache-handler.mjs) runs outside the application bundle; the two
// meet on this process-wide symbol.
const LISTENERS = Symbol.for('storefront.cache-tag-listeners');
type Listener = (tags: string[]) => void;

/**
 * Calls `listener` with the cache tags another server instance revalidated (delivered over Redis
 * when REDIS_URL is set), after this instance's page cache has dropped them. Answers a function
 * that stops listening.
 */
export function onRemoteTagRevalidation(listener: Listener): () => void {
  const holder = globalThis as { [LISTENERS]?: Set<Listener> };
  const listeners = (holder[LISTENERS] ??= new Set());
  listeners.add(listener);
  return () => listeners.delete(listener);
}
