import 'server-only';
import { unstable_cache } from 'next/cache';

/**
 * Marks the page being rendered into Next's page cache: with `tags`, so that expiring one of them
 * (expireCacheTags) re-renders it on its next visit; with `revalidate`, so that it is kept for at
 * most that many seconds instead of its route's time. Next gives a cached page the tags and the
 * shortest revalidate time of every `unstable_cache` call made while rendering it; this is such a
 * call, for what a page knows only once it has its data. Outside a cached render it does nothing
 * but that one call.
 */
export async function markThisPage(marks: { tags?: string[]; revalidate?: number }): Promise<void> {
  const tags = marks.tags ?? [];
  await unstable_cache(async () => true, ['page-marks', ...tags, String(marks.revalidate ?? '')], {
    tags,
    ...(marks.revalidate ? { revalidate: marks.revalidate } : {}),
  })();
}
