const PREFIX = 'store-host:';

/** The cache tag of every page rendered for a host (and of its store lookup). */
export const storePageTag = (host: string): string => `${PREFIX}${host}`;

/** The host a store page tag names, or null for any other tag. */
export function hostOfStorePageTag(tag: string): string | null {
  return tag.startsWith(PREFIX) && tag.length > PREFIX.length ? tag.slice(PREFIX.length) : null;
}
