import { relations, sql } from 'drizzle-orm';
import {
  boolean,
  check,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';

/** A named set of TLD prices; built-in brands use their key, white-label stores their own list. */
export const priceLists = pgTable('price_lists', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Yearly TLD prices in net minor units of the site version's currency. */
export const tldPrices = pgTable(
  'tld_prices',
  {
    priceListId: text('price_list_id')
      .notNull()
      .references(() => priceLists.id, { onDelete: 'cascade' }),
    siteVersion: smallint('site_version').notNull(),
    tld: text('tld').notNull(),
    registerNet: integer('register_net').notNull(),
    renewNet: integer('renew_net').notNull(),
    transferNet: integer('transfer_net').notNull(),
    featured: boolean('featured').notNull().default(false),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.priceListId, t.siteVersion, t.tld] }),
    check('tld_prices_site_version', sql`${t.siteVersion} in (1, 2)`),
    check(
      'tld_prices_non_negative',
      sql`${t.registerNet} >= 0 and ${t.renewNet} >= 0 and ${t.transferNet} >= 0`,
    ),
    check('tld_prices_tld_format', sql`${t.tld} ~ '^[a-z0-9-]+(\\.[a-z0-9-]+)*$'`),
  ],
);

/** White-label stores (keyword 4). Built-in brands live in code. */
export const stores = pgTable(
  'stores',
  {
    id: uuid('id').primaryKey(),
    storeUuid: uuid('store_uuid').notNull().unique(),
    storeName: text('store_name').notNull(),
    storeTypeId: smallint('store_type_id').notNull().default(1),
    domainName: text('domain_name').notNull(),
    isYay: boolean('is_yay').notNull().default(false),
    isCs: boolean('is_cs').notNull().default(false),
    isCsCustomer: boolean('is_cs_customer').notNull().default(false),
    isReseller: boolean('is_reseller').notNull().default(true),
    dashboardOnly: boolean('dashboard_only').notNull().default(false),
    defaultTheme: boolean('default_theme').notNull().default(false),
    themeId: integer('theme_id'),
    theme: jsonb('theme').notNull().default({}),
    variables: jsonb('variables').notNull().default({}),
    priceListId: text('price_list_id').references(() => priceLists.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('stores_store_type_id', sql`${t.storeTypeId} = 1`)],
);

/** Host names that reach a store; lower-case, without port. */
export const storeHosts = pgTable('store_hosts', {
  host: text('host').primaryKey(),
  storeId: uuid('store_id')
    .notNull()
    .references(() => stores.id, { onDelete: 'cascade' }),
});

export const priceListsRelations = relations(priceLists, ({ many }) => ({
  prices: many(tldPrices),
}));

export const tldPricesRelations = relations(tldPrices, ({ one }) => ({
  priceList: one(priceLists, { fields: [tldPrices.priceListId], references: [priceLists.id] }),
}));

export const storesRelations = relations(stores, ({ many, one }) => ({
  hosts: many(storeHosts),
  priceList: one(priceLists, { fields: [stores.priceListId], references: [priceLists.id] }),
}));

export const storeHostsRelations = relations(storeHosts, ({ one }) => ({
  store: one(stores, { fields: [storeHosts.storeId], references: [stores.id] }),
}));
