import { z } from 'zod';

/**
 * Parses stored data against an object schema whose every field has a default, keeping each valid
 * value and replacing each invalid one by its default. Stored themes and variables are edited by
 * people; one bad colour must cost that colour, not the page.
 *
 * Returns the parsed value and the dotted paths of the fields that fell back.
 */
export function lenientParse<S extends z.ZodObject>(
  schema: S,
  input: unknown,
): { value: z.output<S>; invalid: string[] } {
  const invalid: string[] = [];
  const value = parseObject(schema, input, '', invalid) as z.output<S>;
  return { value, invalid };
}

function unwrapDefault(field: z.ZodType): z.ZodType {
  return field instanceof z.ZodDefault ? (field.unwrap() as z.ZodType) : field;
}

function parseObject(
  schema: z.ZodObject,
  input: unknown,
  prefix: string,
  invalid: string[],
): Record<string, unknown> {
  const source =
    input !== null && typeof input === 'object' && !Array.isArray(input)
      ? (input as Record<string, unknown>)
      : undefined;
  if (input !== undefined && source === undefined) invalid.push(prefix || '(root)');
  const out: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(schema.shape) as [string, z.ZodType][]) {
    const path = prefix ? `${prefix}.${key}` : key;
    const raw = source?.[key];
    const inner = unwrapDefault(field);
    if (inner instanceof z.ZodObject) {
      out[key] = parseObject(inner, raw, path, invalid);
      continue;
    }
    const parsed = field.safeParse(raw);
    if (parsed.success) {
      out[key] = parsed.data;
    } else {
      invalid.push(path);
      out[key] = field.parse(undefined);
    }
  }
  return out;
}
