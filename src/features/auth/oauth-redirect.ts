/**
 * The loopback redirect of an authorization error (RFC 6749 section 4.1.2.1): `error`, an
 * optional description, the client's `state` and the issuer (RFC 9207). Used by the server for
 * malformed requests and by the consent screen for a refusal.
 */
export function oauthErrorRedirect(
  redirectUri: string,
  issuer: string,
  error: { error: string; error_description?: string },
  state: string | undefined,
): string {
  const url = new URL(redirectUri);
  url.searchParams.set('error', error.error);
  if (error.error_description) url.searchParams.set('error_description', error.error_description);
  if (state) url.searchParams.set('state', state);
  url.searchParams.set('iss', issuer);
  return url.toString();
}
