import type { Theme } from '@/features/theme/schema';
import type { Variables } from './variables-schema';

/** Store config, every field of docs/contract/brands-and-hosts.md. */
export type StoreConfig = {
  is_yay: boolean;
  is_cs: boolean;
  is_cs_customer: boolean;
  is_reseller: boolean;
  store_name: string;
  store_type_id: 1;
  store_uuid: string;
  domain_name: string;
  dashboard_only: boolean;
  default_theme: boolean;
  theme_id: number | null;
};

/** Brand keywords (docs/contract/brands-and-hosts.md). */
export const BRAND_KEYWORDS = {
  1: 'domain_brand',
  1252: 'telephony_brand',
  4: 'white_label',
} as const;
export type KeywordId = keyof typeof BRAND_KEYWORDS;

/** One TLD's yearly prices in a price list, net minor units. */
export type TldPrice = {
  siteVersion: 1 | 2;
  tld: string;
  registerNet: number;
  renewNet: number;
  transferNet: number;
  /** Restoring a domain from redemption, charged once with a year's renewal. */
  restoreNet: number;
  featured: boolean;
  sortOrder: number;
};

/** A resolved store: what every page and call of one host works with. */
export type Store = {
  /** Stable key: the built-in brand's key or the stored store's id. Used in page routes and cache tags. */
  key: string;
  keywordId: KeywordId;
  config: StoreConfig;
  theme: Theme;
  variables: Variables;
  prices: readonly TldPrice[];
};

/** A white-label store as stored, theme and variables still unchecked. */
export type StoredStore = {
  id: string;
  storeUuid: string;
  storeName: string;
  domainName: string;
  isYay: boolean;
  isCs: boolean;
  isCsCustomer: boolean;
  isReseller: boolean;
  dashboardOnly: boolean;
  defaultTheme: boolean;
  themeId: number | null;
  theme: unknown;
  variables: unknown;
  prices: TldPrice[];
};
