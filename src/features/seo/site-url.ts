import type { Store } from '@/features/tenancy/store-types';

/**
 * The public address of a store. The domain and telephony brands live on www. (SPEC section 2);
 * white-label stores on their configured domain. Local demo domains (*.localhost) use http.
 */
export function siteUrl(store: Store): string {
  const domain = store.config.domain_name;
  const local = domain === 'localhost' || domain.endsWith('.localhost');
  const www = store.keywordId === 1 || store.keywordId === 1252;
  return `${local ? 'http' : 'https'}://${www && !local ? 'www.' : ''}${domain}`;
}

/** An absolute address on the store's site for a path or an already absolute URL. */
export function absoluteUrl(store: Store, pathOrUrl: string): string {
  return /^https?:\/\//.test(pathOrUrl) ? pathOrUrl : `${siteUrl(store)}${pathOrUrl}`;
}
