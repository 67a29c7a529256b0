import 'server-only';
import { onRemoteTagRevalidation } from '@/lib/cache/cache-tags';
import { hostOfStorePageTag } from './store-page-tag';
import { storeService } from './store-service.server';

/**
 * When another instance changes a store, its page tags arrive here (page-cache-handler.mjs) after
 * this instance's cached pages of that host have expired. The store lookup is cached in process
 * too; forgetting the host makes the re-rendered page read the changed store, not the cached one.
 */
export function followStoreChangesOfOtherInstances(): () => void {
  return onRemoteTagRevalidation((tags) => {
    for (const tag of tags) {
      const host = hostOfStorePageTag(tag);
      if (host) storeService().invalidate(host);
    }
  });
}
