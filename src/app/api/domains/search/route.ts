import { appDb } from '@/lib/db/app-db';
import { dataResponse } from '@/lib/http/api-response';
import { apiRoute, methodNotAllowed } from '@/lib/http/api-route';
import { readQuery } from '@/lib/http/read-query';
import { domainSearchQuery } from '@/features/catalog/schemas';
import { availability } from '@/features/catalog/server/availability-config.server';
import { searchDomains } from '@/features/catalog/server/domain-search.server';
import { requireStore } from '@/features/tenancy/server/request-store.server';

/** Domain search over the store's price list: `?q=` a name or a full domain, IDN included. */
export const GET = apiRoute(async (request) => {
  const { store, siteVersion } = await requireStore(request);
  const { q } = readQuery(request, domainSearchQuery);
  const answer = await searchDomains(await appDb(), {
    query: q,
    prices: store.prices,
    siteVersion,
    checker: availability(),
  });
  return dataResponse(answer);
});

export const POST = methodNotAllowed(['GET']);
export const PUT = POST;
export const PATCH = POST;
export const DELETE = POST;
