import { dataResponse } from '@/lib/http/api-response';
import { apiRoute, methodNotAllowed } from '@/lib/http/api-route';
import { requestInput } from '@/lib/http/request-input';
import { readQuery } from '@/lib/http/read-query';
import { numberSearchQuery } from '@/features/catalog/schemas';
import { findNumberOffers } from '@/features/catalog/server/voice.server';
import { storeContext } from '@/features/session/server/request-context.server';

/** Free phone numbers of the site version's country: `?area=&contains=&limit=`. */
export const GET = apiRoute(async (request) => {
  const { siteVersion } = await storeContext(requestInput(request));
  const query = readQuery(request, numberSearchQuery);
  const numbers = await findNumberOffers({ siteVersion, ...query });
  return dataResponse({ numbers });
});

export const POST = methodNotAllowed(['GET']);
export const PUT = POST;
export const PATCH = POST;
export const DELETE = POST;
