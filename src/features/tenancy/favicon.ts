import type { Store } from '@/features/tenancy/store-types';

/**
 * The favicon of a store (docs/contract/brands-and-hosts.md): each built-in brand has its own,
 * themes 7 and 8 have their own, and other stores use their logoSet icon or the default one.
 */
export function faviconFor(store: Store): string {
  if (store.keywordId === 1) return '/brands/nameport/favicon.svg';
  if (store.keywordId === 1252) return '/brands/callwave/favicon.svg';
  if (store.config.theme_id === 7) return '/brands/theme-7/favicon.svg';
  if (store.config.theme_id === 8) return '/brands/theme-8/favicon.svg';
  return store.theme.logoSet.icon ?? '/brands/default/favicon.svg';
}
