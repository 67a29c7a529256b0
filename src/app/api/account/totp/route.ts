import { dataResponse } from '@/lib/http/api-response';
import { apiRoute, methodNotAllowed } from '@/lib/http/api-route';
import { readJson } from '@/lib/http/read-json';
import { requestInput } from '@/lib/http/request-input';
import { requireCaller } from '@/features/access/server/caller.server';
import { totpDisableSchema, totpEnableSchema, totpSetupSchema } from '@/features/auth/schemas';
import { credentialsOf } from '@/features/auth/server/current-user.server';
import {
  disableTotp,
  finishTotpSetup,
  startTotpSetup,
} from '@/features/auth/server/security.server';
import { requestContext } from '@/features/session/server/request-context.server';
import { markSecondFactor } from '@/features/session/server/second-factor.server';

/** Starts enabling the authenticator app: `{password}` -> `{secret, otpauth_uri, qr_svg, setup_token}`. */
export const POST = apiRoute(async (request) => {
  const ctx = await requestContext(requestInput(request));
  const user = await credentialsOf(await requireCaller(ctx));
  const { password } = await readJson(request, totpSetupSchema);
  return dataResponse(await startTotpSetup(ctx.store, user, password));
});

/** Finishes it: `{setup_token, code}` -> `{second_factor: true, backup_codes}` (shown once). */
export const PUT = apiRoute(async (request) => {
  const ctx = await requestContext(requestInput(request));
  const user = await credentialsOf(await requireCaller(ctx));
  const input = await readJson(request, totpEnableSchema);
  const { backup_codes } = await finishTotpSetup(ctx.store, user, input.setup_token, input.code);
  // A right code from the new app is a second factor shown on this session (decision 0161).
  await markSecondFactor(ctx, 'totp_enrolled');
  return dataResponse({ second_factor: true, backup_codes });
});

/** Turns it off, with its backup codes: `{password}`. */
export const DELETE = apiRoute(async (request) => {
  const ctx = await requestContext(requestInput(request));
  const user = await credentialsOf(await requireCaller(ctx));
  const { password } = await readJson(request, totpDisableSchema);
  await disableTotp(ctx.store, user, password);
  return dataResponse({ second_factor: false });
});

export const GET = methodNotAllowed(['POST', 'PUT', 'DELETE']);
export const PATCH = GET;
