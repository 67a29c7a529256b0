import { dataResponse } from '@/lib/http/api-response';
import { apiRoute, methodNotAllowed } from '@/lib/http/api-route';
import { pathId, type IdContext } from '@/lib/http/path-id';
import { readJson } from '@/lib/http/read-json';
import { requestInput } from '@/lib/http/request-input';
import { requireCaller } from '@/features/access/server/caller.server';
import { requestContext } from '@/features/session/server/request-context.server';
import { dnssecSchema } from '@/features/dns/schemas';
import { setDnssec } from '@/features/dns/server/dns.server';
import { serviceNotFound } from '@/features/services/server/service-settings.server';

/** Turns DNSSEC on (answers the DS records once PowerDNS signed the zone) or off. */
export const PUT = apiRoute<IdContext>(async (request, context) => {
  const caller = await requireCaller(
    await requestContext(requestInput(request)),
    'services.manage',
  );
  const id = await pathId(context, serviceNotFound);
  const { enabled } = await readJson(request, dnssecSchema);
  return dataResponse({ dns: await setDnssec(caller, id, enabled) });
});

export const GET = methodNotAllowed(['PUT']);
export const POST = GET;
export const PATCH = GET;
export const DELETE = GET;
