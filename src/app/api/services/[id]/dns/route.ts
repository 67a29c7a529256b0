import { dataResponse } from '@/lib/http/api-response';
import { apiRoute, methodNotAllowed } from '@/lib/http/api-route';
import { pathId, type IdContext } from '@/lib/http/path-id';
import { readJson } from '@/lib/http/read-json';
import { requestInput } from '@/lib/http/request-input';
import { requireCaller } from '@/features/access/server/caller.server';
import { requestContext } from '@/features/session/server/request-context.server';
import { addRecordSchema } from '@/features/dns/schemas';
import { addRecord, dnsView } from '@/features/dns/server/dns.server';
import { serviceNotFound } from '@/features/services/server/service-settings.server';

/** The domain's zone: records, name servers, serial, DNSSEC, whether PowerDNS has it all. */
export const GET = apiRoute<IdContext>(async (request, context) => {
  const caller = await requireCaller(await requestContext(requestInput(request)), 'services.read');
  const id = await pathId(context, serviceNotFound);
  return dataResponse({ dns: await dnsView(caller, id) });
});

/** Adds a record; answers it. */
export const POST = apiRoute<IdContext>(async (request, context) => {
  const caller = await requireCaller(
    await requestContext(requestInput(request)),
    'services.manage',
  );
  const id = await pathId(context, serviceNotFound);
  const body = await readJson(request, addRecordSchema);
  return dataResponse({ record: await addRecord(caller, id, body) }, { status: 201 });
});

export const PUT = methodNotAllowed(['GET', 'POST']);
export const PATCH = PUT;
export const DELETE = PUT;
