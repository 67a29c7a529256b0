import 'server-only';
import { cache } from 'react';
import { notFound } from 'next/navigation';
import { parseSiteVersionId, type SiteVersionId } from '@/features/site-version/site-version';
import { normaliseHost } from '../host';
import type { Store } from '../store-types';
import { storeService } from './store-service.server';

/**
 * The store and site version of a page, from the route segments proxy.ts wrote. Renders the 404
 * page when no store has the host. Deduplicated per render with React cache().
 */
export const pageStore = cache(
  async (
    hostParam: string,
    svParam: string,
  ): Promise<{ store: Store; siteVersion: SiteVersionId }> => {
    const host = normaliseHost(decodeURIComponent(hostParam));
    const siteVersion = parseSiteVersionId(svParam);
    if (!host || !siteVersion) notFound();
    const store = await storeService().byHost(host);
    if (!store) notFound();
    return { store, siteVersion };
  },
);
