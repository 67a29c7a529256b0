import { NextResponse, type NextRequest } from 'next/server';
import { z } from 'zod';
import { hasErrorCode } from '@/lib/error-code';
import { isApiError } from './api-response';
import { CONTROL_CHARACTERS, hasControlCharacter } from './control-characters';
import { readJson } from './read-json';

/** RFC 6749 section 5.2 error, answered as `{error, error_description}`. */
export class OAuthError extends Error {
  /** Told apart by this code, not instanceof (src/lib/error-code.ts). */
  readonly code = 'oauth_error';

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
 * Reads the parameters of an OAuth body, form-encoded (RFC 6749) or JSON, unchecked. Errors of
 * the body are OAuth errors (`invalid_request`), as the calls' clients expect. A form parameter
 * given twice is refused (RFC 6749 section 3.2).
 */
export async function readOAuthParams(request: NextRequest): Promise<Record<string, unknown>> {
  const type = request.headers.get('content-type') ?? '';
  try {
    if (/^application\/x-www-form-urlencoded\s*(;|$)/i.test(type)) {
      const text = await request.text();
      if (text.length > 16 * 1024)
        throw new OAuthError(413, 'invalid_request', 'The body is too large.');
      const form = new URLSearchParams(text);
      const repeated = [...new Set(form.keys())].filter((k) => form.getAll(k).length > 1);
      if (repeated.length > 0) {
        throw new OAuthError(400, 'invalid_request', `${repeated.join(', ')} given more than once`);
      }
      const control = [...form].find(([k, v]) => hasControlCharacter(k) || hasControlCharacter(v));
      if (control) {
        throw new OAuthError(400, 'invalid_request', `${control[0]} ${CONTROL_CHARACTERS}`);
      }
      return Object.fromEntries(form);
    }
    return await readJson(request, z.record(z.string(), z.unknown()));
  } catch (error) {
    if (isApiError(error)) {
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

/** Checks OAuth parameters against a schema; a failure is 400 `invalid_request`. */
export function parseOAuthParams<S extends z.ZodType>(
  params: Record<string, unknown>,
  schema: S,
): z.output<S> {
  const parsed = schema.safeParse(params);
  if (!parsed.success) throw new OAuthError(400, 'invalid_request', describe(parsed.error));
  return parsed.data;
}

/** Reads and checks an OAuth body, form-encoded or JSON. */
export async function readOAuthBody<S extends z.ZodType>(
  request: NextRequest,
  schema: S,
): Promise<z.output<S>> {
  return parseOAuthParams(await readOAuthParams(request), schema);
}

function describe(error: z.ZodError): string {
  return error.issues.map((i) => `${i.path.join('.') || 'body'} ${i.message}`).join('; ');
}

/** Runs an OAuth handler body, turning OAuthError into its response. */
export async function oauthHandle(run: () => Promise<NextResponse>): Promise<NextResponse> {
  try {
    return await run();
  } catch (error) {
    if (hasErrorCode(error, 'oauth_error')) return oauthErrorResponse(error as OAuthError);
    throw error;
  }
}
