import { z } from 'zod';

/** A change to an object: any field may be left out, nested objects likewise. */
export type DeepPartial<T> = T extends readonly unknown[]
  ? T
  : T extends object
    ? { [K in keyof T]?: DeepPartial<T[K]> }
    : T;

function withoutDefaults(schema: z.ZodType): z.ZodType {
  const inner = schema instanceof z.ZodDefault ? (schema.unwrap() as z.ZodType) : schema;
  if (!(inner instanceof z.ZodObject)) return inner;
  const shape = Object.fromEntries(
    Object.entries(inner.shape as Record<string, z.ZodType>).map(([key, field]) => [
      key,
      withoutDefaults(field).optional(),
    ]),
  );
  return z.strictObject(shape);
}

/**
 * The schema of a change to objects of `schema`: every field optional, nested objects too, no
 * default filled in for what the change leaves out (zod's `.partial()` keeps the defaults, which
 * would overwrite every setting a change does not name), unknown fields refused.
 */
export function changeSchemaOf<S extends z.ZodObject>(
  schema: S,
): z.ZodType<DeepPartial<z.output<S>>> {
  return withoutDefaults(schema) as z.ZodType<DeepPartial<z.output<S>>>;
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/**
 * Applies a change to a stored object: what the change names is set (nested objects merged the
 * same way, arrays replaced whole), everything else stays as it was.
 */
export function applyChange(current: unknown, change: unknown): Record<string, unknown> {
  const result: Record<string, unknown> = isPlainObject(current) ? { ...current } : {};
  if (!isPlainObject(change)) return result;
  for (const [key, value] of Object.entries(change)) {
    if (value === undefined) continue;
    result[key] = isPlainObject(value) ? applyChange(result[key], value) : value;
  }
  return result;
}
