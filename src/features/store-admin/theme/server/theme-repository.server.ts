import 'server-only';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { AppDb } from '@/lib/db/client';
import {
  storeAssets,
  storeHosts,
  stores,
  storeThemeDrafts,
  storeThemeVersions,
} from '@/lib/db/schema';

/** The only code that knows how theme drafts, versions and uploaded images are stored. */

/** What the theme editor reads of the store row: its published theme and variables. */
export type PublishedRow = {
  themeId: number | null;
  defaultTheme: boolean;
  theme: unknown;
  variables: unknown;
};

export type DraftRow = { theme: unknown; variables: unknown; updatedAt: Date };

export type VersionRow = {
  id: string;
  number: number;
  theme: unknown;
  variables: unknown;
  restoredFromId: string | null;
  publishedAt: Date;
  publishedBy: string;
};

const versionColumns = {
  id: storeThemeVersions.id,
  number: storeThemeVersions.number,
  theme: storeThemeVersions.theme,
  variables: storeThemeVersions.variables,
  restoredFromId: storeThemeVersions.restoredFromId,
  publishedAt: storeThemeVersions.publishedAt,
  publishedBy: storeThemeVersions.publishedBy,
};

/** The store row's published settings; `lock` holds the row for the transaction. */
export async function findPublished(
  db: AppDb,
  storeId: string,
  lock = false,
): Promise<PublishedRow | null> {
  const query = db
    .select({
      themeId: stores.themeId,
      defaultTheme: stores.defaultTheme,
      theme: stores.theme,
      variables: stores.variables,
    })
    .from(stores)
    .where(eq(stores.id, storeId));
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

export async function findDraft(db: AppDb, storeId: string): Promise<DraftRow | null> {
  const [row] = await db
    .select({
      theme: storeThemeDrafts.theme,
      variables: storeThemeDrafts.variables,
      updatedAt: storeThemeDrafts.updatedAt,
    })
    .from(storeThemeDrafts)
    .where(eq(storeThemeDrafts.storeId, storeId));
  return row ?? null;
}

/** Writes the store's draft (one per store: the last save wins). */
export async function upsertDraft(
  db: AppDb,
  row: { storeId: string; theme: unknown; variables: unknown; at: Date; userId: string | null },
): Promise<void> {
  const values = {
    theme: row.theme,
    variables: row.variables,
    updatedAt: row.at,
    updatedByUserId: row.userId,
  };
  await db
    .insert(storeThemeDrafts)
    .values({ storeId: row.storeId, ...values })
    .onConflictDoUpdate({ target: storeThemeDrafts.storeId, set: values });
}

/** Sets the store row's published theme and variables. */
export async function updatePublished(
  db: AppDb,
  storeId: string,
  values: { theme: unknown; variables: unknown; at: Date },
): Promise<void> {
  await db
    .update(stores)
    .set({ theme: values.theme, variables: values.variables, updatedAt: values.at })
    .where(eq(stores.id, storeId));
}

/** Adds the next version of a store (call it holding the store row's lock). */
export async function insertVersion(
  db: AppDb,
  row: {
    storeId: string;
    theme: unknown;
    variables: unknown;
    restoredFromId: string | null;
    at: Date;
    by: string;
  },
): Promise<VersionRow> {
  const [last] = await db
    .select({ n: sql<number>`coalesce(max(${storeThemeVersions.number}), 0)::int` })
    .from(storeThemeVersions)
    .where(eq(storeThemeVersions.storeId, row.storeId));
  const [made] = await db
    .insert(storeThemeVersions)
    .values({
      storeId: row.storeId,
      number: (last?.n ?? 0) + 1,
      theme: row.theme,
      variables: row.variables,
      restoredFromId: row.restoredFromId,
      publishedAt: row.at,
      publishedBy: row.by,
    })
    .returning(versionColumns);
  return made!;
}

/** A store's versions, newest first. */
export async function listVersions(
  db: AppDb,
  storeId: string,
  limit: number,
): Promise<VersionRow[]> {
  return db
    .select(versionColumns)
    .from(storeThemeVersions)
    .where(eq(storeThemeVersions.storeId, storeId))
    .orderBy(desc(storeThemeVersions.number))
    .limit(limit);
}

/** A version of this store only, or null. */
export async function findVersion(
  db: AppDb,
  storeId: string,
  id: string,
): Promise<VersionRow | null> {
  const [row] = await db
    .select(versionColumns)
    .from(storeThemeVersions)
    .where(and(eq(storeThemeVersions.storeId, storeId), eq(storeThemeVersions.id, id)));
  return row ?? null;
}

/** The hosts of a store. */
export async function hostsOfStore(db: AppDb, storeId: string): Promise<string[]> {
  const rows = await db
    .select({ host: storeHosts.host })
    .from(storeHosts)
    .where(eq(storeHosts.storeId, storeId))
    .orderBy(asc(storeHosts.host));
  return rows.map((r) => r.host);
}

/** Keeps an image once per content hash; answers whether it was new. */
export async function insertAsset(
  db: AppDb,
  row: { sha256: string; contentType: string; bytes: Buffer; at: Date },
): Promise<boolean> {
  const made = await db
    .insert(storeAssets)
    .values({
      sha256: row.sha256,
      contentType: row.contentType,
      bytes: row.bytes,
      size: row.bytes.length,
      createdAt: row.at,
    })
    .onConflictDoNothing()
    .returning({ sha256: storeAssets.sha256 });
  return made.length > 0;
}

export async function findAsset(
  db: AppDb,
  sha256: string,
): Promise<{ contentType: string; bytes: Buffer } | null> {
  const [row] = await db
    .select({ contentType: storeAssets.contentType, bytes: storeAssets.bytes })
    .from(storeAssets)
    .where(eq(storeAssets.sha256, sha256));
  return row ?? null;
}
