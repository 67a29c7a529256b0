import { NextResponse, type NextRequest } from 'next/server';
import type { z } from 'zod';
import { ApiError } from './api-response';
import { readJson } from './read-json';

/** RFC 6749 section 5.2 error, answered as `{error, error_description}`. */
export class OAuthError extends Error {
  constructor(
    readonly status: number,
    readonly error: string,
    readonly description: string,
  ) {
    super(description);
    this.name = 'OAuthError';
  }
}

const HEADERS = { 'cache-control': 'no-store', pragma: 'no-cache' };

/** An OAuth error body `{error, error_description}` with its status. */
export function oauthErrorResponse(error: OAuthError): NextResponse {
  return NextResponse.json(
    { error: error.error, error_description: error.description },
    { status: error.status, headers: HEADERS },
  );
}

export function oauthJson(body: unknown): NextResponse {
  return NextResponse.json(body, { headers: HEADERS });
}

/**
 * Reads an OAuth body, form-encoded (RFC 6749) or JSON. Errors of the body are OAuth errors
 * (`invalid_request`), as the calls' clients expect.
 */
export async function readOAuthBody<S extends z.ZodType>(
  request: NextRequest,
  schema: S,
): Promise<z.output<S>> {
  const type = request.headers.get('content-type') ?? '';
  try {
    if (/^application\/x-www-form-urlencoded\s*(;|$)/i.test(type)) {
      const text = await request.text();
      if (text.length > 16 * 1024)
        throw new OAuthError(413, 'invalid_request', 'The body is too large.');
      const parsed = schema.safeParse(Object.fromEntries(new URLSearchParams(text)));
      if (!parsed.success) throw new OAuthError(400, 'invalid_request', describe(parsed.error));
      return parsed.data;
    }
    return await readJson(request, schema);
  } catch (error) {
    if (error instanceof ApiError) {
      const fields = error.fields
        ? Object.entries(error.fields)
            .map(([k, v]) => `${k} ${v.join(', ')}`)
            .join('; ')
        : '';
      throw new OAuthError(error.status, 'invalid_request', fields || error.message);
    }
    throw error;
  }
}

function describe(error: z.ZodError): string {
  return error.issues.map((i) => `${i.path.join('.') || 'body'} ${i.message}`).join('; ');
}

/** Runs an OAuth handler body, turning OAuthError into its response. */
export async function oauthHandle(run: () => Promise<NextResponse>): Promise<NextResponse> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof OAuthError) return oauthErrorResponse(error);
    throw error;
  }
}
