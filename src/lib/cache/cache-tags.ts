import 'server-only';
import { pageCacheStore } from '../../../scripts/page-cache-store.mjs';

/**
 * Expires cache tags in the page cache, as `revalidateTag(tag, { expire: 0 })` does, but callable
 * outside a request too (a job, a subscriber). The page cache is the project's own handler,
 * given to Next through the documented `cacheHandler` option (scripts/page-cache-handler.mjs; its
 * store, which this expires, is scripts/page-cache-store.mjs;
 * docs/decisions/0190): an entry made before the expiry is not served again, on this instance
 * and, through Redis when REDIS_URL is set, on every other. With `announce: false` (an expiry
 * another instance announced) it stays on this instance.
 */
export function expireCacheTags(
  tags: readonly string[],
  { announce = true }: { announce?: boolean } = {},
): void {
  pageCacheStore().expire(tags, { announce });
}
