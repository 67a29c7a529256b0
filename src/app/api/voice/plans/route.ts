import { dataResponse } from '@/lib/http/api-response';
import { apiRoute, methodNotAllowed } from '@/lib/http/api-route';
import { requestInput } from '@/lib/http/request-input';
import { planOffers } from '@/features/catalog/server/voice.server';
import { storeContext } from '@/features/session/server/request-context.server';

/** Call plans of the site version, priced per user per month. */
export const GET = apiRoute(async (request) => {
  const { siteVersion } = await storeContext(requestInput(request));
  return dataResponse({ plans: await planOffers(siteVersion) });
});

export const POST = methodNotAllowed(['GET']);
export const PUT = POST;
export const PATCH = POST;
export const DELETE = POST;
