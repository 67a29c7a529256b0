import { dataResponse } from '@/lib/http/api-response';
import { apiRoute, methodNotAllowed } from '@/lib/http/api-route';
import { readJson } from '@/lib/http/read-json';
import { requestInput } from '@/lib/http/request-input';
import { requireCaller } from '@/features/access/server/caller.server';
import { billingSchema } from '@/features/billing/schemas';
import { billingOf, saveBilling } from '@/features/billing/server/billing.server';
import { requestContext } from '@/features/session/server/request-context.server';

/** The signed-in account's billing details: `{billing}`, null until first saved. */
export const GET = apiRoute(async (request) => {
  const caller = await requireCaller(await requestContext(requestInput(request)), 'billing.manage');
  return dataResponse({ billing: await billingOf(caller.accountId) });
});

/** Keeps the account's billing details for its next orders: `{billing}` as stored. */
export const PUT = apiRoute(async (request) => {
  const caller = await requireCaller(await requestContext(requestInput(request)), 'billing.manage');
  const input = await readJson(request, billingSchema);
  return dataResponse({ billing: await saveBilling(caller.accountId, input) });
});

export const POST = methodNotAllowed(['GET', 'PUT']);
export const PATCH = POST;
export const DELETE = POST;
