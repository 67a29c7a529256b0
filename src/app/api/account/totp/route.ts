import { dataResponse } from '@/lib/http/api-response';
import { apiRoute, methodNotAllowed } from '@/lib/http/api-route';
import { readJson } from '@/lib/http/read-json';
import { totpDisableSchema, totpEnableSchema, totpSetupSchema } from '@/features/auth/schemas';
import {
  disableTotp,
  finishTotpSetup,
  startTotpSetup,
} from '@/features/auth/server/security.server';
import { requireUser } from '@/features/auth/server/session.server';
import { requireStore } from '@/features/tenancy/server/request-store.server';

/** Starts enabling the authenticator app: `{password}` -> `{secret, otpauth_uri, qr_svg, setup_token}`. */
export const POST = apiRoute(async (request) => {
  const { store } = await requireStore(request);
  const { user } = await requireUser(request);
  const { password } = await readJson(request, totpSetupSchema);
  return dataResponse(await startTotpSetup(store, user, password));
});

/** Finishes it: `{setup_token, code}`. */
export const PUT = apiRoute(async (request) => {
  const { user } = await requireUser(request);
  const input = await readJson(request, totpEnableSchema);
  await finishTotpSetup(user, input.setup_token, input.code);
  return dataResponse({ second_factor: true });
});

/** Turns it off: `{password}`. */
export const DELETE = apiRoute(async (request) => {
  const { user } = await requireUser(request);
  const { password } = await readJson(request, totpDisableSchema);
  await disableTotp(user, password);
  return dataResponse({ second_factor: false });
});

export const GET = methodNotAllowed(['POST', 'PUT', 'DELETE']);
export const PATCH = GET;
