import { z } from 'zod';
import { ApiError, dataResponse } from '@/lib/http/api-response';
import { apiRoute, methodNotAllowed } from '@/lib/http/api-route';
import { requestInput } from '@/lib/http/request-input';
import { fieldsOf } from '@/lib/http/read-json';
import { storeContext } from '@/features/session/server/request-context.server';
import { themePayload } from '@/features/tenancy/store-payload';

const querySchema = z.object({
  tlds: z
    .array(z.string())
    .max(1, 'give tlds once')
    .transform((values) => values[0])
    .pipe(z.enum(['true', 'false'], { error: 'must be true or false' }).optional()),
});

/** The request's store theme (docs/contract/calls.md), with its TLD prices when `tlds=true`. */
export const GET = apiRoute(async (request) => {
  const query = querySchema.safeParse({ tlds: request.nextUrl.searchParams.getAll('tlds') });
  if (!query.success) {
    throw new ApiError(400, 'validation_failed', 'The query is not valid.', fieldsOf(query.error));
  }
  const { store, siteVersion } = await storeContext(requestInput(request));
  return dataResponse(themePayload(store, siteVersion, query.data.tlds === 'true'));
});

export const POST = methodNotAllowed(['GET']);
export const PUT = POST;
export const PATCH = POST;
export const DELETE = POST;
