import { apiRoute, methodNotAllowed } from '@/lib/http/api-route';
import { readJson } from '@/lib/http/read-json';
import { loginSchema } from '@/features/auth/schemas';
import { passwordSignIn } from '@/features/auth/server/sign-in.server';
import { requireStore } from '@/features/tenancy/server/request-store.server';

/**
 * Sign-in with e-mail and password: `{data:{user}}` with a new session, or
 * `{data:{challenge, methods}}` when the account has a second factor.
 */
export const POST = apiRoute(async (request) => {
  const { store } = await requireStore(request);
  const input = await readJson(request, loginSchema);
  return passwordSignIn(request, store, input);
});

export const GET = methodNotAllowed(['POST']);
export const PUT = GET;
export const PATCH = GET;
export const DELETE = GET;
