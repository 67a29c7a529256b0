'use client';
import { useEffect, type ReactNode } from 'react';
import { SWRConfig } from 'swr';
import { SWR_DEFAULTS } from '@/lib/swr-config';

/**
 * SPEC section 9's data-fetch defaults for every SWR hook of the store's pages. Once the page has
 * hydrated it says so on <html data-hydrated>: its controls answer from then on (the scripts load
 * after the first paint, docs/decisions/0015-paint-first.md).
 */
export function DataProvider({ children }: { children: ReactNode }) {
  useEffect(() => {
    document.documentElement.dataset.hydrated = '';
  }, []);
  return <SWRConfig value={SWR_DEFAULTS}>{children}</SWRConfig>;
}
