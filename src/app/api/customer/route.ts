import { appDb } from '@/lib/db/app-db';
import { dataResponse } from '@/lib/http/api-response';
import { apiRoute, methodNotAllowed } from '@/lib/http/api-route';
import { customerCart } from '@/features/auth/server/customer.server';
import { ensureSession, getUser, setSessionCookies } from '@/features/auth/server/session.server';
import { userDto } from '@/features/auth/server/users-repository.server';
import { vatDisplayOf } from '@/features/auth/server/vat-preference.server';

/**
 * The visitor as the client sees them (SPEC section 3, "Customer response"): `{user, cart}`;
 * user is null for an anonymous visitor. Also the VAT display kept for them (session, or account
 * once signed in). Makes the session when there is none.
 */
export const GET = apiRoute(async (request) => {
  const handle = await ensureSession(request);
  const user = await getUser(request);
  const response = dataResponse({
    user: user ? await userDto(await appDb(), user) : null,
    cart: await customerCart(request),
    vat_display: await vatDisplayOf({
      sessionVat: handle.session.vatDisplay,
      userId: user?.id ?? null,
    }),
  });
  if (handle.created) await setSessionCookies(response, request, handle);
  return response;
});

export const POST = methodNotAllowed(['GET']);
export const PUT = POST;
export const PATCH = POST;
export const DELETE = POST;
