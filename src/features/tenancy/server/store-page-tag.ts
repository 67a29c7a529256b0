const PREFIX = 'store-host:';

/** The cache tag of every page rendered for a host (and of its store lookup). */
export const storePageTag = (host: string): string => `${PREFIX}${host}`;
