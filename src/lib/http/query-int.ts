import { z } from 'zod';

/**
 * A whole number of a query string, in decimal digits only, from `min` to `max`; `fallback` when
 * the parameter is left out. `z.coerce.number()` took `0x10` as 16, `1e2` as 100 and ` 5` as 5.
 */
export function queryInt(
  min: number,
  max: number,
  fallback: number,
  message = `must be a whole number from ${min} to ${max}`,
) {
  return z
    .string()
    .regex(/^\d{1,9}$/, message)
    .transform(Number)
    .pipe(z.number().min(min, message).max(max, message))
    .optional()
    .transform((value) => value ?? fallback);
}
