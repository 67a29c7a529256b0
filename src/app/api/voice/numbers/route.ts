import { appDb } from '@/lib/db/app-db';
import { dataResponse } from '@/lib/http/api-response';
import { apiRoute, methodNotAllowed } from '@/lib/http/api-route';
import { readQuery } from '@/lib/http/read-query';
import { numberSearchQuery } from '@/features/catalog/schemas';
import { findNumberOffers } from '@/features/catalog/server/voice.server';
import { requireStore } from '@/features/tenancy/server/request-store.server';

/** Free phone numbers of the site version's country: `?area=&contains=&limit=`. */
export const GET = apiRoute(async (request) => {
  const { siteVersion } = await requireStore(request);
  const query = readQuery(request, numberSearchQuery);
  const numbers = await findNumberOffers(await appDb(), { siteVersion, ...query });
  return dataResponse({ numbers });
});

export const POST = methodNotAllowed(['GET']);
export const PUT = POST;
export const PATCH = POST;
export const DELETE = POST;
