import type { z } from 'zod';
import { ApiError } from './api-response';
import { controlCharacterFields } from './control-characters';

/** Request bodies of this product are small; anything larger is refused before parsing. */
export const DEFAULT_MAX_BODY_BYTES = 16 * 1024;

/** The deepest nesting of arrays and objects a body may have; this product's bodies use a few. */
export const MAX_JSON_DEPTH = 32;

export const NESTED_TOO_DEEP = `must not nest arrays and objects more than ${MAX_JSON_DEPTH} deep`;

/**
 * True when a parsed JSON value nests arrays and objects deeper than `max` (`{}` is 1 deep).
 * Walked with a stack of its own: the value may be nested thousands deep (16 KB of brackets).
 */
export function nestsDeeperThan(value: unknown, max: number): boolean {
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length > 0) {
    const [v, above] = stack.pop()!;
    if (v === null || typeof v !== 'object') continue;
    if (above + 1 > max) return true;
    for (const item of Array.isArray(v) ? v : Object.values(v)) stack.push([item, above + 1]);
  }
  return false;
}

/** Turns zod issues into `fields`: dotted path to messages. */
export function fieldsOf(error: z.ZodError): Record<string, string[]> {
  const fields: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const key = issue.path.length > 0 ? issue.path.join('.') : '(body)';
    (fields[key] ??= []).push(issue.message);
  }
  return fields;
}

/**
 * Reads a JSON body and validates it. Refuses a non-JSON content type (415), a body over the
 * limit, declared or actual (413), malformed JSON (400 invalid_json), and data the schema rejects
 * or text with a control character (400 validation_failed with fields). The body is read as a stream and abandoned at the limit.
 */
export async function readJson<S extends z.ZodType>(
  request: Request,
  schema: S,
  maxBytes = DEFAULT_MAX_BODY_BYTES,
  options: { emptyIs?: unknown } = {},
): Promise<z.output<S>> {
  const type = request.headers.get('content-type') ?? '';
  if (!/^application\/(?:[\w.+-]+\+)?json\s*(?:;|$)/i.test(type)) {
    throw new ApiError(415, 'unsupported_media_type', 'Send the body as application/json.');
  }
  const declared = Number(request.headers.get('content-length') ?? '0');
  const tooLarge = () =>
    new ApiError(413, 'payload_too_large', `The body must be at most ${maxBytes} bytes.`);
  if (declared > maxBytes) throw tooLarge();

  const chunks: Uint8Array[] = [];
  let size = 0;
  if (request.body) {
    const reader = request.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > maxBytes) {
        await reader.cancel();
        throw tooLarge();
      }
      chunks.push(value);
    }
  }

  let parsed: unknown;
  try {
    const text = new TextDecoder('utf-8', { fatal: true }).decode(Buffer.concat(chunks));
    const empty = options.emptyIs !== undefined && text.trim() === '';
    parsed = empty ? options.emptyIs : JSON.parse(text);
  } catch {
    throw new ApiError(400, 'invalid_json', 'The body is not valid JSON.');
  }
  return validated(parsed, schema);
}

function validated<S extends z.ZodType>(parsed: unknown, schema: S): z.output<S> {
  // Nothing here or in a schema walks a value nested deeper than any body of this product needs.
  if (nestsDeeperThan(parsed, MAX_JSON_DEPTH)) {
    throw new ApiError(400, 'validation_failed', 'The request is not valid.', {
      '(body)': [NESTED_TOO_DEEP],
    });
  }
  // A control character is refused wherever it is, along with what the schema finds.
  const fields = controlCharacterFields(parsed);
  const result = schema.safeParse(parsed);
  if (!result.success) {
    for (const [key, messages] of Object.entries(fieldsOf(result.error))) {
      fields[key] ??= messages;
    }
  }
  if (!result.success || Object.keys(fields).length > 0) {
    throw new ApiError(400, 'validation_failed', 'The request is not valid.', fields);
  }
  return result.data;
}

/**
 * Reads a body that may be left out: no body (no content type, no length) is read as `{}`, as is
 * an empty JSON body; anything else is read as `readJson` reads it. What clients
 * send for "no options" differs (nothing, or `{}` from axios and most others): all are one.
 */
export async function readOptionalJson<S extends z.ZodType>(
  request: Request,
  schema: S,
  maxBytes = DEFAULT_MAX_BODY_BYTES,
): Promise<z.output<S>> {
  const declared = Number(request.headers.get('content-length') ?? '0');
  if (!request.headers.has('content-type') && declared === 0) return validated({}, schema);
  return readJson(request, schema, maxBytes, { emptyIs: {} });
}
