import { dataResponse } from '@/lib/http/api-response';
import { apiRoute, methodNotAllowed } from '@/lib/http/api-route';
import { requestInput } from '@/lib/http/request-input';
import { withSessionCookies } from '@/lib/http/session-cookie';
import { customerView } from '@/features/auth/server/customer-view.server';
import { requestContext } from '@/features/session/server/request-context.server';

/** The visitor as the client sees them (SPEC section 3): `{user, cart, vat_display}`. */
export const GET = apiRoute(async (request) => {
  const ctx = await requestContext(requestInput(request));
  return withSessionCookies(dataResponse(await customerView(ctx)), ctx);
});

export const POST = methodNotAllowed(['GET']);
export const PUT = POST;
export const PATCH = POST;
export const DELETE = POST;
