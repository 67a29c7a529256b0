import { dataResponse } from '@/lib/http/api-response';
import { apiRoute, methodNotAllowed } from '@/lib/http/api-route';
import { readJson } from '@/lib/http/read-json';
import { registerSchema } from '@/features/auth/schemas';
import { register } from '@/features/auth/server/registration.server';
import { rotateSession, setSessionCookies } from '@/features/auth/server/session.server';
import { requireStore } from '@/features/tenancy/server/request-store.server';

/**
 * Registration `{name, email, password, invite_token?}`. Always 202 with the same body: whether
 * the address was free (activation mail) or taken (notice to its owner) is told only by mail.
 */
export const POST = apiRoute(async (request) => {
  const { store } = await requireStore(request);
  const input = await readJson(request, registerSchema);
  await register(request, store, input);
  const response = dataResponse(
    { status: 'check_your_email', message: 'Check your e-mail to activate your account.' },
    { status: 202 },
  );
  // A new id on registration, taken address or not, so the answer stays the same.
  await setSessionCookies(response, request, await rotateSession(request));
  return response;
});

export const GET = methodNotAllowed(['POST']);
export const PUT = GET;
export const PATCH = GET;
export const DELETE = GET;
