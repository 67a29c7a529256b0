import { ApiError, dataResponse } from '@/lib/http/api-response';
import { apiRoute, methodNotAllowed } from '@/lib/http/api-route';
import { pathId, type IdContext } from '@/lib/http/path-id';
import { readJson } from '@/lib/http/read-json';
import { requestInput } from '@/lib/http/request-input';
import { requireCaller } from '@/features/access/server/caller.server';
import { IDEMPOTENCY_KEY } from '@/features/checkout/schemas';
import { renewBodySchema } from '@/features/renewals/schemas';
import { renewService } from '@/features/renewals/server/renew.server';
import { serviceNotFound } from '@/features/services/server/service-settings.server';
import { requestContext } from '@/features/session/server/request-context.server';

/**
 * Renews a domain now (or restores it from redemption): 201 `{order, payment}` like POST
 * /api/orders, paid through the payment's `redirect_url`. `Idempotency-Key` is optional.
 */
export const POST = apiRoute<IdContext>(async (request, context) => {
  const id = await pathId(context, serviceNotFound);
  const ctx = await requestContext(requestInput(request));
  const caller = await requireCaller(ctx);
  const key = request.headers.get('idempotency-key');
  if (key !== null && !IDEMPOTENCY_KEY.test(key)) {
    throw new ApiError(400, 'validation_failed', 'The request is not valid.', {
      'idempotency-key': ['must be 8 to 255 visible ASCII characters'],
    });
  }
  const { years } = await readJson(request, renewBodySchema);
  const answer = await renewService(caller, id, { years, idempotencyKey: key });
  return dataResponse(answer.body.data, { status: answer.status });
});

export const GET = methodNotAllowed(['POST']);
export const PUT = GET;
export const PATCH = GET;
export const DELETE = GET;
