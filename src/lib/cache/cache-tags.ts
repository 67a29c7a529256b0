import 'server-only';
import { realNow } from '../clock';
import { tagsManifest } from 'next/dist/server/lib/incremental-cache/tags-manifest.external';

/**
 * Expires cache tags in this process's page cache, as `revalidateTag(tag, { expire: 0 })` does,
 * but callable outside a request: for invalidations that another instance made (store-sync).
 * Next keeps the tags of its incremental cache in this process-wide manifest (an `.external`
 * module, shared by the server and every bundle); an entry cached before the expiry is not
 * served again.
 */
export function expireCacheTags(tags: readonly string[]): void {
  // Next stamps its cache entries with the real time.
  const now = realNow().getTime();
  for (const tag of tags)
    tagsManifest.set(tag, { ...tagsManifest.get(tag), stale: now, expired: now });
}
