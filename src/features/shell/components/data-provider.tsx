'use client';
import { useEffect, type ReactNode } from 'react';
import { SWRConfig } from 'swr';
import { SWR_DEFAULTS } from '@/lib/swr-config';

/**
 * The parts of a store page that React hydrates separately: the page with its header first, then
 * the footer in its own Suspense boundary, in slices between which the browser can answer input
 * (docs/decisions/0112, 0113).
 */
type Part = 'page' | 'footer';
const PARTS: readonly Part[] = ['page', 'footer'];
const hydrated = new Set<Part>();

/** Once every part has hydrated, <html data-hydrated> says so: its controls answer from then on. */
function markHydrated(part: Part) {
  hydrated.add(part);
  if (PARTS.every((p) => hydrated.has(p))) document.documentElement.dataset.hydrated = '';
}

/** Placed last in a separately hydrated part: records that the part has hydrated. */
export function HydrationMark({ part }: { part: Exclude<Part, 'page'> }) {
  useEffect(() => markHydrated(part), [part]);
  return null;
}

/**
 * The data-fetch defaults (docs/contract/constants-and-errors.md) for every SWR hook of the store's
 * pages. The scripts load after the first paint (docs/decisions/0015-paint-first.md); <html
 * data-hydrated> is set once the page (with its header) and its footer have hydrated.
 */
export function DataProvider({ children }: { children: ReactNode }) {
  useEffect(() => markHydrated('page'), []);
  return <SWRConfig value={SWR_DEFAULTS}>{children}</SWRConfig>;
}
