import { dataResponse } from '@/lib/http/api-response';
import { apiRoute, methodNotAllowed } from '@/lib/http/api-route';
import { pathId, type IdContext } from '@/lib/http/path-id';
import { readIdempotencyKey } from '@/lib/http/idempotency-key';
import { readJson } from '@/lib/http/read-json';
import { requestInput } from '@/lib/http/request-input';
import { requireCaller } from '@/features/access/server/caller.server';
import { renewBodySchema } from '@/features/renewals/schemas';
import { renewService } from '@/features/renewals/server/renew.server';
import { serviceNotFound } from '@/features/services/server/service-settings.server';
import { requestContext } from '@/features/session/server/request-context.server';

/**
 * Renews a domain now (or restores it from redemption): 201 `{order, payment}` like POST
 * /api/orders, paid through the payment's `redirect_url`. `Idempotency-Key` is optional.
 */
export const POST = apiRoute<IdContext>(async (request, context) => {
  const ctx = await requestContext(requestInput(request));
  const caller = await requireCaller(ctx);
  const id = await pathId(context, serviceNotFound);
  const key = readIdempotencyKey(request, { required: false });
  const { years } = await readJson(request, renewBodySchema);
  const answer = await renewService(caller, id, { years, idempotencyKey: key });
  return dataResponse(answer.body.data, { status: answer.status });
});

export const GET = methodNotAllowed(['POST']);
export const PUT = GET;
export const PATCH = GET;
export const DELETE = GET;
