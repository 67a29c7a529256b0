import type { NextRequest } from 'next/server';
import { getEnv } from '@/lib/env';
import { secureEqual } from '@/lib/secure-compare';
import { ApiError, errorResponse } from './api-response';

/**
 * The operator calls (`/api/admin/...`) are authorised by `Authorization: Bearer
 * <ADMIN_API_TOKEN>`, compared in constant time; without a configured token they do not exist
 * (404, as an unknown path). They carry no cookie, so they need no CSRF token.
 */
export function requireOperator(request: NextRequest): void {
  const token = getEnv().ADMIN_API_TOKEN;
  if (!token) throw new ApiError(404, 'not_found', 'There is no such API path.');
  const given = /^Bearer (.+)$/.exec(request.headers.get('authorization') ?? '')?.[1] ?? '';
  if (!secureEqual(given, token)) {
    throw new ApiError(401, 'unauthorized', 'A valid operator token is required.', undefined, {
      'www-authenticate': 'Bearer',
    });
  }
}

type Handler<C> = (request: NextRequest, context: C) => Promise<Response>;

/**
 * Wraps an operator call: the bearer token is checked first, and an ApiError becomes its
 * documented error body. Not `apiRoute`: its CSRF check is for cookie-based browser sessions.
 */
export function operatorRoute<C>(handler: Handler<C>): Handler<C> {
  return async (request, context) => {
    try {
      requireOperator(request);
      return await handler(request, context);
    } catch (error) {
      if (error instanceof ApiError) return errorResponse(error);
      throw error;
    }
  };
}
