import { dataResponse } from '@/lib/http/api-response';
import { apiRoute, methodNotAllowed } from '@/lib/http/api-route';
import { clientIp } from '@/lib/http/client-ip';
import { readJson } from '@/lib/http/read-json';
import { readQuery } from '@/lib/http/read-query';
import {
  challengeAnswerSchema,
  challengeQuerySchema,
  challengeSwitchSchema,
} from '@/features/auth/schemas';
import { logSignIn } from '@/features/auth/server/auth-log.server';
import {
  answerChallenge,
  destinationOf,
  liveChallenge,
  methodsOf,
  switchMethod,
} from '@/features/auth/server/challenge.server';
import { getSession } from '@/features/auth/server/session.server';
import { signedInResponse } from '@/features/auth/server/sign-in.server';
import { requireStore } from '@/features/tenancy/server/request-store.server';
import type { ChallengeMethod } from '@/features/auth/schemas';

/** The state of a sign-in's second step: `{challenge, method, methods, destination, is_ctd}`. */
export const GET = apiRoute(async (request) => {
  await requireStore(request);
  const query = readQuery(request, challengeQuerySchema);
  const handle = await getSession(request);
  const { row, user } = await liveChallenge(query.challenge, handle?.session.id ?? null);
  const method = row.method as ChallengeMethod;
  return dataResponse({
    challenge: query.challenge,
    method,
    methods: methodsOf(user),
    destination: destinationOf(user, method),
    is_ctd: row.isCtd || query.is_ctd,
    expires_at: row.expiresAt.toISOString(),
  });
});

/** Switches to `alternative_method`; e-mail and SMS get a new code and the old one dies. */
export const PUT = apiRoute(async (request) => {
  const { store } = await requireStore(request);
  const input = await readJson(request, challengeSwitchSchema);
  const handle = await getSession(request);
  return dataResponse(
    await switchMethod(
      store,
      input.challenge,
      handle?.session.id ?? null,
      input.alternative_method,
    ),
  );
});

/** Answers the code; a right one signs in with a new session id. */
export const POST = apiRoute(async (request) => {
  const { store } = await requireStore(request);
  const input = await readJson(request, challengeAnswerSchema);
  const handle = await getSession(request);
  const ip = clientIp(request);
  let result;
  try {
    result = await answerChallenge(input.challenge, handle?.session.id ?? null, input.code, ip);
  } catch (error) {
    logSignIn({
      outcome: 'failure',
      method: 'totp',
      store: store.key,
      ip,
      reason: 'second_factor',
    });
    throw error;
  }
  logSignIn({
    outcome: 'success',
    method: result.method,
    store: store.key,
    ip,
    userId: result.user.id,
  });
  return signedInResponse(request, result.user, {
    remember: input.remember_me || result.rememberMe,
    ctd: input.is_ctd || result.isCtd,
  });
});

export const PATCH = methodNotAllowed(['GET', 'PUT', 'POST']);
export const DELETE = PATCH;
