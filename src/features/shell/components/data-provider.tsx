'use client';
import type { ReactNode } from 'react';
import { SWRConfig } from 'swr';
import { SWR_DEFAULTS } from '@/lib/swr-config';

/** SPEC section 9's data-fetch defaults for every SWR hook of the store's pages. */
export function DataProvider({ children }: { children: ReactNode }) {
  return <SWRConfig value={SWR_DEFAULTS}>{children}</SWRConfig>;
}
