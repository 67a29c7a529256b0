import { dataResponse } from '@/lib/http/api-response';
import { apiRoute, methodNotAllowed } from '@/lib/http/api-route';
import { requestInput } from '@/lib/http/request-input';
import { readQuery } from '@/lib/http/read-query';
import { domainSearchQuery } from '@/features/catalog/schemas';
import { searchDomains } from '@/features/catalog/server/domain-search.server';
import { storeContext } from '@/features/session/server/request-context.server';

/** Domain search over the store's price list: `?q=` a name or a full domain, IDN included. */
export const GET = apiRoute(async (request) => {
  const { store, siteVersion } = await storeContext(requestInput(request));
  const { q } = readQuery(request, domainSearchQuery);
  const answer = await searchDomains({ query: q, prices: store.prices, siteVersion });
  return dataResponse(answer);
});

export const POST = methodNotAllowed(['GET']);
export const PUT = POST;
export const PATCH = POST;
export const DELETE = POST;
