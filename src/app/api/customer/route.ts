import { dataResponse } from '@/lib/http/api-response';
import { apiRoute, methodNotAllowed } from '@/lib/http/api-route';
import { requestInput } from '@/lib/http/request-input';
import { withSessionCookies } from '@/lib/http/session-cookie';
import { callerContext, requireScope } from '@/features/auth/server/access-context.server';
import { customerView } from '@/features/auth/server/customer-view.server';

/**
 * The visitor as the client sees them (docs/contract/calls.md): `{user, cart, vat_display}`. The
 * desktop client may call it with its access token (scope `account:read`) instead of a session.
 */
export const GET = apiRoute(async (request) => {
  const ctx = await callerContext(requestInput(request));
  requireScope(ctx, 'account:read');
  return withSessionCookies(dataResponse(await customerView(ctx)), ctx);
});

export const POST = methodNotAllowed(['GET']);
export const PUT = POST;
export const PATCH = POST;
export const DELETE = POST;
