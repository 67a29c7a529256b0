import { ApiError, dataResponse } from '@/lib/http/api-response';
import { apiRoute, methodNotAllowed } from '@/lib/http/api-route';
import { pathId } from '@/lib/http/path-id';
import { readJson } from '@/lib/http/read-json';
import { requestInput } from '@/lib/http/request-input';
import { isUuid } from '@/lib/uuid';
import { requireCaller } from '@/features/access/server/caller.server';
import { requestContext } from '@/features/session/server/request-context.server';
import { patchRecordSchema } from '@/features/dns/schemas';
import { changeRecord, removeRecord } from '@/features/dns/server/dns.server';
import { serviceNotFound } from '@/features/services/server/service-settings.server';

type Context = { params: Promise<{ id: string; record: string }> };

const recordNotFound = () =>
  new ApiError(404, 'dns_record_not_found', 'There is no such record in this zone.');

async function recordId(context: Context): Promise<string> {
  const { record } = await context.params;
  if (!isUuid(record)) throw recordNotFound();
  return record.toLowerCase();
}

/** Changes a record's fields; answers the record. */
export const PATCH = apiRoute<Context>(async (request, context) => {
  const caller = await requireCaller(
    await requestContext(requestInput(request)),
    'services.manage',
  );
  const id = await pathId(context, serviceNotFound);
  const record = await recordId(context);
  const body = await readJson(request, patchRecordSchema);
  return dataResponse({ record: await changeRecord(caller, id, record, body) });
});

/** Removes a record. */
export const DELETE = apiRoute<Context>(async (request, context) => {
  const caller = await requireCaller(
    await requestContext(requestInput(request)),
    'services.manage',
  );
  const id = await pathId(context, serviceNotFound);
  await removeRecord(caller, id, await recordId(context));
  return dataResponse({ removed: true });
});

export const GET = methodNotAllowed(['PATCH', 'DELETE']);
export const POST = GET;
export const PUT = GET;
