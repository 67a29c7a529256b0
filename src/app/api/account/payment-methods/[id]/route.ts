import { z } from 'zod';
import { dataResponse } from '@/lib/http/api-response';
import { apiRoute, methodNotAllowed } from '@/lib/http/api-route';
import { pathId, type IdContext } from '@/lib/http/path-id';
import { readJson } from '@/lib/http/read-json';
import { requestInput } from '@/lib/http/request-input';
import { requireCaller } from '@/features/access/server/caller.server';
import {
  chooseDefaultMethod,
  paymentMethodNotFound,
  removePaymentMethod,
} from '@/features/payments/server/payment-methods.server';
import { requestContext } from '@/features/session/server/request-context.server';

const defaultBody = z.strictObject({
  is_default: z.literal(true, { error: 'must be true: choose the default by making one so' }),
});

/** `{is_default: true}` makes the method the one renewals are charged to. */
export const PATCH = apiRoute<IdContext>(async (request, context) => {
  const caller = await requireCaller(await requestContext(requestInput(request)), 'billing.manage');
  const id = await pathId(context, paymentMethodNotFound);
  await readJson(request, defaultBody);
  return dataResponse({ payment_methods: await chooseDefaultMethod(caller, id) });
});

/** Removes a kept method; answers the methods left. */
export const DELETE = apiRoute<IdContext>(async (request, context) => {
  const caller = await requireCaller(await requestContext(requestInput(request)), 'billing.manage');
  const id = await pathId(context, paymentMethodNotFound);
  return dataResponse({ payment_methods: await removePaymentMethod(caller, id) });
});

export const GET = methodNotAllowed(['PATCH', 'DELETE']);
export const POST = GET;
export const PUT = GET;
