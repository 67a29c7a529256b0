import { ApiError, dataResponse } from '@/lib/http/api-response';
import { methodNotAllowed } from '@/lib/http/api-route';
import { normaliseHost } from '@/lib/http/host';
import { operatorRoute } from '@/lib/http/operator';
import { readJson } from '@/lib/http/read-json';
import {
  changeStore,
  storeChangeSchema,
  storedStore,
} from '@/features/tenancy/server/store-admin.server';

type Context = { params: Promise<{ host: string }> };

/**
 * Next hands the segment decoded: decoding it again made "%25" a "%" that threw (a 500 with no
 * body), and would have read "%2541" as "A". A host name has no percent sign to decode.
 */
async function hostOf({ params }: Context): Promise<string> {
  const host = normaliseHost((await params).host);
  if (!host) {
    throw new ApiError(400, 'validation_failed', 'Not a host name.', {
      host: ['must be a host name, e.g. shop.example.com'],
    });
  }
  return host;
}

/** Operator call: a white-label store's settings as stored. */
export const GET = operatorRoute<Context>(async (_request, context) =>
  dataResponse(await storedStore(await hostOf(context))),
);

/**
 * Operator call: changes a white-label store's name, theme or variables, setting what the change
 * names and nothing else; answers the stored settings.
 */
export const PATCH = operatorRoute<Context>(async (request, context) => {
  const host = await hostOf(context);
  const change = await readJson(request, storeChangeSchema);
  return dataResponse(await changeStore(host, change));
});

export const POST = methodNotAllowed(['GET', 'PATCH']);
export const PUT = POST;
export const DELETE = POST;
