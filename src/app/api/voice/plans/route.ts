import { appDb } from '@/lib/db/app-db';
import { dataResponse } from '@/lib/http/api-response';
import { apiRoute, methodNotAllowed } from '@/lib/http/api-route';
import { planOffers } from '@/features/catalog/server/voice.server';
import { requireStore } from '@/features/tenancy/server/request-store.server';

/** Call plans of the site version, priced per user per month. */
export const GET = apiRoute(async (request) => {
  const { siteVersion } = await requireStore(request);
  return dataResponse({ plans: await planOffers(await appDb(), siteVersion) });
});

export const POST = methodNotAllowed(['GET']);
export const PUT = POST;
export const PATCH = POST;
export const DELETE = POST;
