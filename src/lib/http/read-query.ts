import type { NextRequest } from 'next/server';
import type { z } from 'zod';
import { ApiError } from './api-response';
import { CONTROL_CHARACTERS, hasControlCharacter } from './control-characters';
import { fieldsOf } from './read-json';

/**
 * Validates the query string against a schema of single-valued parameters. A parameter given
 * twice, or with a control character, is refused rather than guessed at (400 validation_failed).
 */
export function readQuery<S extends z.ZodType>(request: NextRequest, schema: S): z.output<S> {
  const params = request.nextUrl.searchParams;
  const raw: Record<string, string> = {};
  const fields: Record<string, string[]> = {};
  for (const key of new Set(params.keys())) {
    const values = params.getAll(key);
    if (values.length > 1) fields[key] = ['must be given once'];
    raw[key] = values[0]!;
  }
  const result = schema.safeParse(raw);
  if (!result.success) Object.assign(fields, fieldsOf(result.error));
  for (const key of params.keys()) {
    if (hasControlCharacter(key) || params.getAll(key).some(hasControlCharacter)) {
      fields[key] = [CONTROL_CHARACTERS];
    }
  }
  if (Object.keys(fields).length > 0 || !result.success) {
    throw new ApiError(400, 'validation_failed', 'The request is not valid.', fields);
  }
  return result.data;
}
