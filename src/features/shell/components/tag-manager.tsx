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

/**
 * The store's tag-manager container, started from the page's own code: an inline bootstrap
 * script would be neither the page's hash nor its nonce under the Content-Security-Policy
 * (docs/decisions/0130-security-headers.md), and a script this code adds is trusted through it.
 */
export function TagManager({ id }: { id: string }) {
  useEffect(() => {
    window.dataLayer = window.dataLayer ?? [];
    window.dataLayer.push({ 'gtm.start': Date.now(), event: 'gtm.js' });
    const script = document.createElement('script');
    script.async = true;
    script.src = `https://www.googletagmanager.com/gtm.js?id=${encodeURIComponent(id)}`;
    document.head.appendChild(script);
  }, [id]);
  return null;
}
