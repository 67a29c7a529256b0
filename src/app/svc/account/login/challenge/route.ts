import { dataResponse } from '@/lib/http/api-response';
import { apiRoute, methodNotAllowed } from '@/lib/http/api-route';
import { readJson } from '@/lib/http/read-json';
import { readQuery } from '@/lib/http/read-query';
import { requestInput } from '@/lib/http/request-input';
import { withSessionCookies } from '@/lib/http/session-cookie';
import {
  challengeAnswerSchema,
  challengeQuerySchema,
  challengeSwitchSchema,
} from '@/features/auth/schemas';
import { challengeState, switchMethod } from '@/features/auth/server/challenge.server';
import { finishChallenge } from '@/features/auth/server/sign-in.server';
import { requestContext } from '@/features/session/server/request-context.server';

/** The state of a sign-in's second step: `{challenge, method, methods, destination, is_ctd}`. */
export const GET = apiRoute(async (request) => {
  const ctx = await requestContext(requestInput(request));
  const query = readQuery(request, challengeQuerySchema);
  return dataResponse(await challengeState(query.challenge, ctx.session?.id ?? null, query.is_ctd));
});

/** Switches to `alternative_method`; e-mail and SMS get a new code and the old one dies. */
export const PUT = apiRoute(async (request) => {
  const ctx = await requestContext(requestInput(request));
  const input = await readJson(request, challengeSwitchSchema);
  return dataResponse(
    await switchMethod(ctx, input.challenge, ctx.session?.id ?? null, input.alternative_method),
  );
});

/** Answers the code; a right one signs in with a new session id. */
export const POST = apiRoute(async (request) => {
  const ctx = await requestContext(requestInput(request));
  const input = await readJson(request, challengeAnswerSchema);
  return withSessionCookies(dataResponse(await finishChallenge(ctx, input)), ctx);
});

export const PATCH = methodNotAllowed(['GET', 'PUT', 'POST']);
export const DELETE = PATCH;
