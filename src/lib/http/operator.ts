import type { NextRequest } from 'next/server';
import { getEnv } from '@/lib/env';
import { secureEqual } from '@/lib/secure-compare';
import { ApiError, errorResponse, isApiError } from './api-response';

/**
 * The operator calls (`/api/admin/...`) are authorised by `Authorization: Bearer
 * <ADMIN_API_TOKEN>`, compared in constant time; without a configured token they do not exist
 * (404, as an unknown path). They carry no cookie, so they need no CSRF token.
 */
export function requireOperator(request: NextRequest): void {
  const token = getEnv().ADMIN_API_TOKEN;
  if (!token) throw noSuchPath();
  const given = /^Bearer (.+)$/.exec(request.headers.get('authorization') ?? '')?.[1] ?? '';
  if (!secureEqual(given, token)) {
    throw new ApiError(401, 'unauthorized', 'A valid operator token is required.', undefined, {
      'www-authenticate': 'Bearer',
    });
  }
}

const noSuchPath = () => new ApiError(404, 'not_found', 'There is no such API path.');

type Handler<C> = (request: NextRequest, context: C) => Promise<Response>;

/**
 * Wraps an operator call: the bearer token is checked first, and an ApiError becomes its
 * documented error body. Not `apiRoute`: its CSRF check is for cookie-based browser sessions.
 * A call that exists only in some configurations (`available`) answers 404 otherwise, before
 * any token is looked at.
 */
export function operatorRoute<C>(
  handler: Handler<C>,
  options: { available?: () => boolean } = {},
): Handler<C> {
  return async (request, context) => {
    try {
      if (options.available && !options.available()) throw noSuchPath();
      requireOperator(request);
      return await handler(request, context);
    } catch (error) {
      if (isApiError(error)) return errorResponse(error);
      throw error;
    }
  };
}

/** The answer for a method an operator call does not take: 405 where it exists, else 404. */
export function operatorMethodNotAllowed(allowed: string[], available: () => boolean = () => true) {
  return async () => {
    const exists = Boolean(getEnv().ADMIN_API_TOKEN) && available();
    return errorResponse(
      exists
        ? new ApiError(
            405,
            'method_not_allowed',
            `Use ${allowed.join(' or ')} on this path.`,
            undefined,
            {
              allow: allowed.join(', '),
            },
          )
        : noSuchPath(),
    );
  };
}
