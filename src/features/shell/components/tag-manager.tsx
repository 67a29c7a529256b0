'use client';
import { useEffect } from 'react';
import { usePathname } from 'next/navigation';

declare global {
  interface Window {
    dataLayer?: Record<string, unknown>[];
  }
}

/**
 * docs/contract/brands-and-hosts.md: on every client-side route change, a page-view event with the
 * path goes to the tag-manager data layer, only for brands flagged is_yay.
 */
export function PageViewTracker() {
  const pathname = usePathname();
  useEffect(() => {
    window.dataLayer = window.dataLayer ?? [];
    window.dataLayer.push({ event: 'page_view', page_path: pathname });
  }, [pathname]);
  return null;
}
