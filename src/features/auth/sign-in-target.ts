/** `next` when it is a path of this site; an absolute or protocol-relative URL would leave it. */
export function sameSitePath(next: string | null | undefined): string | null {
  return next && /^\/(?![/\\])/.test(next) ? next : null;
}

/**
 * The sign-in page that leads back to `path` (a path of this site, with its query if any) once
 * signed in, as a mailed link to an order or an invoice should (decision 0330). Anything that is
 * not a path of this site gets plain `/login`: the sign-in then ends on the dashboard.
 */
export function signInTo(path: string): string {
  const back = sameSitePath(path);
  return back ? `/login?next=${encodeURIComponent(back)}` : '/login';
}
