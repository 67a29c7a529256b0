import { dataResponse } from '@/lib/http/api-response';
import { apiRoute, methodNotAllowed } from '@/lib/http/api-route';
import { pathId, type IdContext } from '@/lib/http/path-id';
import { readJson } from '@/lib/http/read-json';
import { requestInput } from '@/lib/http/request-input';
import { requireCaller } from '@/features/access/server/caller.server';
import { requestContext } from '@/features/session/server/request-context.server';
import { releaseBodySchema } from '@/features/services/schemas';
import { releaseNumber } from '@/features/services/server/service-actions.server';
import { serviceDetail, serviceNotFound } from '@/features/services/server/service-settings.server';

/** Releases a number for good once the customer typed it again; answers the service. */
export const POST = apiRoute<IdContext>(async (request, context) => {
  const caller = await requireCaller(await requestContext(requestInput(request)));
  const id = await pathId(context, serviceNotFound);
  const { confirm } = await readJson(request, releaseBodySchema);
  await releaseNumber(caller, id, confirm);
  return dataResponse({ service: await serviceDetail(caller, id) });
});

export const GET = methodNotAllowed(['POST']);
export const PUT = GET;
export const PATCH = GET;
export const DELETE = GET;
