import { z } from 'zod';
import { dataResponse } from '@/lib/http/api-response';
import { apiRoute, methodNotAllowed } from '@/lib/http/api-route';
import { pathId, type IdContext } from '@/lib/http/path-id';
import { readJson } from '@/lib/http/read-json';
import { requestInput } from '@/lib/http/request-input';
import { requireCaller } from '@/features/access/server/caller.server';
import { paymentNotFound } from '@/features/purchase/server/finish.server';
import { demoOutcome } from '@/features/purchase/server/payment-actions.server';
import { DEMO_OUTCOMES } from '@/features/payments/payment-types';
import { requestContext } from '@/features/session/server/request-context.server';

const body = z.strictObject({
  outcome: z.enum(DEMO_OUTCOMES, { error: 'must be succeed, decline or authenticate' }),
});

/** The demo pay page's choice for the customer's own payment: `{payment, order_status, redirect_url}`. */
export const POST = apiRoute<IdContext>(async (request, context) => {
  const input = requestInput(request);
  const caller = await requireCaller(await requestContext(input), 'billing.manage');
  const id = await pathId(context, paymentNotFound);
  const { outcome } = await readJson(request, body);
  return dataResponse(await demoOutcome(caller, id, outcome));
});

export const GET = methodNotAllowed(['POST']);
export const PUT = GET;
export const PATCH = GET;
export const DELETE = GET;
