import type { StaffCall } from '../store-admin-calls';
import type { Agent } from '../agent';

/** The theme editor's calls (issue 26, points 1-3), for the isolation and role matrix. */

type Handler = (request: any, context: any) => Promise<Response>;
type Load = () => Promise<Partial<Record<'GET' | 'POST' | 'PUT' | 'DELETE', Handler>>>;

const draft = () => import('@/app/api/store-admin/theme/draft/route');
const publish = () => import('@/app/api/store-admin/theme/publish/route');
const versions = () => import('@/app/api/store-admin/theme/versions/route');
const restore = () => import('@/app/api/store-admin/theme/versions/[id]/restore/route');
const assets = () => import('@/app/api/store-admin/assets/route');

const call = async (
  agent: Agent,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  load: Load,
  json?: unknown,
  params: Record<string, string> = {},
) => agent.call((await load())[method]!, path, { method, json, params });

/** A 1×1 PNG. */
export const TINY_PNG =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

/** A published version of the target store, made in the database, to restore. */
async function versionOf(storeId: string): Promise<string> {
  const { appDb } = await import('@/lib/db/app-db');
  const { storeThemeVersions } = await import('@/lib/db/schema');
  const { sql, eq } = await import('drizzle-orm');
  const db = await appDb();
  const [last] = await db
    .select({ n: sql<number>`coalesce(max(${storeThemeVersions.number}), 0)::int` })
    .from(storeThemeVersions)
    .where(eq(storeThemeVersions.storeId, storeId));
  const [row] = await db
    .insert(storeThemeVersions)
    .values({
      storeId,
      number: (last?.n ?? 0) + 1,
      theme: { primaryColor: '#1e40af' },
      variables: { bannerText: 'Restored banner' },
      publishedAt: new Date(),
      publishedBy: 'matrix@example.com',
    })
    .returning({ id: storeThemeVersions.id });
  return row!.id;
}

/**
 * A draft unlike what the target store shows, made in the database, so that a publish has
 * something to publish (a draft that is what shoppers see makes no new version).
 */
async function changedDraft(storeId: string): Promise<Record<string, string>> {
  const { appDb } = await import('@/lib/db/app-db');
  const { storeThemeDrafts } = await import('@/lib/db/schema');
  const { randomUUID } = await import('node:crypto');
  const draft = {
    storeId,
    theme: { primaryColor: '#1d4ed8' },
    variables: { bannerText: `Matrix banner ${randomUUID()}` },
    updatedAt: new Date(),
  };
  await (
    await appDb()
  )
    .insert(storeThemeDrafts)
    .values(draft)
    .onConflictDoUpdate({ target: storeThemeDrafts.storeId, set: draft });
  return {};
}

export const THEME_CALLS: StaffCall[] = [
  {
    name: 'GET /api/store-admin/theme/draft',
    permission: 'theme.edit',
    ok: 200,
    call: (a) => call(a, 'GET', '/api/store-admin/theme/draft', draft),
  },
  {
    name: 'PUT /api/store-admin/theme/draft',
    permission: 'theme.edit',
    ok: 200,
    call: (a) =>
      call(a, 'PUT', '/api/store-admin/theme/draft', draft, {
        theme: { primaryColor: '#1d4ed8' },
        variables: { bannerText: 'Matrix banner' },
      }),
  },
  {
    name: 'POST /api/store-admin/theme/publish',
    permission: 'theme.publish',
    ok: 201,
    prepare: (target) => changedDraft(target.storeId),
    call: (a) => call(a, 'POST', '/api/store-admin/theme/publish', publish),
  },
  {
    name: 'GET /api/store-admin/theme/versions',
    permission: 'theme.edit',
    ok: 200,
    call: (a) => call(a, 'GET', '/api/store-admin/theme/versions', versions),
  },
  {
    name: 'POST /api/store-admin/theme/versions/{id}/restore',
    permission: 'theme.publish',
    ok: 201,
    prepare: async (target) => ({ id: await versionOf(target.storeId) }),
    call: (a, ids) =>
      call(a, 'POST', `/api/store-admin/theme/versions/${ids.id}/restore`, restore, undefined, {
        id: ids.id!,
      }),
  },
  {
    name: 'POST /api/store-admin/assets',
    permission: 'theme.edit',
    ok: 201,
    call: (a) =>
      call(a, 'POST', '/api/store-admin/assets', assets, {
        purpose: 'logo',
        content_base64: TINY_PNG,
      }),
  },
];
