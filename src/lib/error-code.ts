/**
 * Errors that decide an answer are told apart by the `code` they carry, never by `instanceof`:
 * Next loads some modules once per bundle (a route's, a page's), and a class from one copy is not
 * the class of another, so `instanceof` would miss an error thrown across them.
 */
export function hasErrorCode(error: unknown, code: string): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === code;
}
