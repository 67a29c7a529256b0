import { apiRoute, methodNotAllowed } from '@/lib/http/api-route';
import { readJson } from '@/lib/http/read-json';
import { googleSchema } from '@/features/auth/schemas';
import { googleSignIn } from '@/features/auth/server/google.server';
import { requireStore } from '@/features/tenancy/server/request-store.server';

/** Google sign-in with an ID token: `{credential}` -> `{data:{user}}` or a challenge; 401 for a bad token. */
export const POST = apiRoute(async (request) => {
  const { store } = await requireStore(request);
  const { credential } = await readJson(request, googleSchema);
  return googleSignIn(request, store, credential);
});

export const GET = methodNotAllowed(['POST']);
export const PUT = GET;
export const PATCH = GET;
export const DELETE = GET;
