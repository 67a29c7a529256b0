import { z } from 'zod';
import { dataResponse } from '@/lib/http/api-response';
import { apiRoute, methodNotAllowed } from '@/lib/http/api-route';
import { pathId, type IdContext } from '@/lib/http/path-id';
import { readJson } from '@/lib/http/read-json';
import { requestInput } from '@/lib/http/request-input';
import { requireCaller } from '@/features/access/server/caller.server';
import { callerContext, requireScope } from '@/features/auth/server/access-context.server';
import {
  serviceDetail,
  serviceNotFound,
  updateServiceSettings,
} from '@/features/services/server/service-settings.server';

/** One of the account's services with its settings; the desktop client may read it too. */
export const GET = apiRoute<IdContext>(async (request, context) => {
  const ctx = await callerContext(requestInput(request));
  requireScope(ctx, 'services:read');
  const caller = await requireCaller(ctx, 'services.read');
  const id = await pathId(context, serviceNotFound);
  return dataResponse({ service: await serviceDetail(caller, id) });
});

/** Changes the settings of the service's type; answers the service. */
export const PATCH = apiRoute<IdContext>(
  async (request, context) => {
    // Who may change anything first, then which service.
    const ctx = await callerContext(requestInput(request));
    requireScope(ctx, 'services:write');
    const caller = await requireCaller(ctx);
    const id = await pathId(context, serviceNotFound);
    const body = await readJson(
      request,
      z.record(z.string(), z.unknown(), { error: 'must be an object of settings' }),
    );
    return dataResponse({ service: await updateServiceSettings(caller, id, body) });
  },
  { csrf: 'unless-bearer' },
);

export const POST = methodNotAllowed(['GET', 'PATCH']);
export const PUT = POST;
export const DELETE = POST;
