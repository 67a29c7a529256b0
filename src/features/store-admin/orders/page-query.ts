import type { z } from 'zod';
import { hasErrorCode } from '@/lib/error-code';
import { CONTROL_CHARACTERS, hasControlCharacter } from '@/lib/http/control-characters';
import { fieldsOf } from '@/lib/http/read-json';

type SearchParams = Record<string, string | string[] | undefined>;

/**
 * A list page's address read with its call's schema: only the parameters the call knows (others,
 * like a tracking tag, are left aside), empty ones left out as the filter form sends them, the
 * first of a repeated one, control characters refused. The page shows `fields` instead of a list.
 */
export function pageQuery<S extends z.ZodType>(
  params: SearchParams,
  schema: S,
  keys: readonly string[],
): { data: z.output<S> } | { fields: Record<string, string[]> } {
  const raw: Record<string, string> = {};
  const fields: Record<string, string[]> = {};
  for (const key of keys) {
    const value = params[key];
    const one = Array.isArray(value) ? value[0] : value;
    if (one === undefined || one === '') continue;
    if (hasControlCharacter(one)) fields[key] = [CONTROL_CHARACTERS];
    raw[key] = one;
  }
  const result = schema.safeParse(raw);
  if (!result.success) Object.assign(fields, fieldsOf(result.error));
  if (Object.keys(fields).length > 0 || !result.success) return { fields };
  return { data: result.data };
}

/**
 * What a list page shows for its address: the list, or instead the fields the address breaks or
 * the call refused (a cursor of another list, say). Any other error is the page's error.
 */
export async function listForPage<Q, T>(
  query: { data: Q } | { fields: Record<string, string[]> },
  load: (data: Q) => Promise<T>,
): Promise<{ page: T | null; problem: Record<string, string[]> | null }> {
  if ('fields' in query) return { page: null, problem: query.fields };
  try {
    return { page: await load(query.data), problem: null };
  } catch (error) {
    if (!hasErrorCode(error, 'validation_failed')) throw error;
    return { page: null, problem: (error as { fields?: Record<string, string[]> }).fields ?? {} };
  }
}
