import { dataResponse } from '@/lib/http/api-response';
import { apiRoute, methodNotAllowed } from '@/lib/http/api-route';
import { pathId, type IdContext } from '@/lib/http/path-id';
import { readJson } from '@/lib/http/read-json';
import { requestInput } from '@/lib/http/request-input';
import { requireCaller } from '@/features/access/server/caller.server';
import { requestContext } from '@/features/session/server/request-context.server';
import { templateSchema } from '@/features/dns/schemas';
import { applyTemplate } from '@/features/dns/server/dns.server';
import { serviceNotFound } from '@/features/services/server/service-settings.server';

/** Applies a template (or, with `preview`, answers what it would add and replace). */
export const POST = apiRoute<IdContext>(async (request, context) => {
  const caller = await requireCaller(
    await requestContext(requestInput(request)),
    'services.manage',
  );
  const id = await pathId(context, serviceNotFound);
  const body = await readJson(request, templateSchema);
  return dataResponse({ template: await applyTemplate(caller, id, body) });
});

export const GET = methodNotAllowed(['POST']);
export const PUT = GET;
export const PATCH = GET;
export const DELETE = GET;
