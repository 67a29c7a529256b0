/**
 * The server's time as the browser can know it: the offset between the `Date` header of the last
 * API answers (the product's time, src/lib/http/api-response.ts) and the browser's own clock. Countdowns to a time the server set (a number's hold)
 * count with it, so they are right even when the visitor's clock is not, or when a test
 * deployment moved the product's clock (docs/decisions/0042).
 */
let offsetMs = 0;

/** Takes note of an answer's `Date` header; jitter under 2 s (the header's resolution) is ignored. */
export function noteServerDate(header: string | null | undefined): void {
  if (!header) return;
  const told = Date.parse(header);
  if (Number.isNaN(told)) return;
  const offset = told - Date.now();
  if (Math.abs(offset - offsetMs) > 2_000) offsetMs = offset;
}

/** The server's time now, in ms since the epoch. */
export function serverNow(): number {
  return Date.now() + offsetMs;
}
