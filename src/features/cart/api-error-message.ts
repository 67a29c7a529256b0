/**
 * What a refused cart call says to the shopper (docs/contract/constants-and-errors.md), in the
 * browser.
 */
type ErrorBody = { error?: { message?: string; fields?: Record<string, string[] | undefined> } };

/**
 * The server's reason for a refusal: a field's own reason when it names one ("a whole number of
 * users, 1-1000"), which says more than the request-wide "The request is not valid."; else the
 * error's message; else the HTTP client's own message (docs/contract/constants-and-errors.md).
 */
export function apiErrorMessage(error: unknown): string {
  const body = (error as { response?: { data?: ErrorBody } }).response?.data?.error;
  const reason = Object.values(body?.fields ?? {})
    .flatMap((reasons) => reasons ?? [])
    .find((r) => r.trim() !== '');
  if (reason)
    return `${reason.charAt(0).toUpperCase()}${reason.slice(1)}${/[.!?]$/.test(reason) ? '' : '.'}`;
  if (body?.message) return body.message;
  return error instanceof Error ? error.message : 'Something went wrong.';
}
