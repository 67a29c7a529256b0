/**
 * A day with its month in words, in the reader's own order (3 December 2026, or December 3,
 * 2026): 03/12/2026 reads as March to half the world. For parts rendered in the browser only.
 */
export function dayInWords(iso: string): string {
  return new Date(iso).toLocaleDateString(undefined, {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  });
}
