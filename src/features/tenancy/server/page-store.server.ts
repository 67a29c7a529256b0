import 'server-only';
import { cache } from 'react';
import { unstable_cache } from 'next/cache';
import { notFound } from 'next/navigation';
import { parseSiteVersionId, type SiteVersionId } from '@/features/site-version/site-version';
import { normaliseHost } from '@/lib/http/host';
import type { Store } from '../store-types';
import { storePageTag } from './store-page-tag';
import { storeService } from './store-service.server';

export { storePageTag };

/**
 * The store and site version of a page, from the route segments proxy.ts wrote. Pages are cached
 * per (host, site version); the lookup is tagged with the host so that a change to the store
 * re-renders exactly that store's pages. Renders the 404 page when no store has the host.
 */
export const pageStore = cache(
  async (
    hostParam: string,
    svParam: string,
  ): Promise<{ store: Store; siteVersion: SiteVersionId }> => {
    const host = normaliseHost(hostParam);
    const siteVersion = parseSiteVersionId(svParam);
    if (!host || !siteVersion) notFound();
    const store = await unstable_cache(() => storeService().byHost(host), ['page-store', host], {
      tags: [storePageTag(host)],
    })();
    if (!store) notFound();
    return { store, siteVersion };
  },
);
