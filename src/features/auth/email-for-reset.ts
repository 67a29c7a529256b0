/**
 * The e-mail address typed on the sign-in form, carried to the Forgot password page of the same
 * tab when the customer follows its link there (docs/decisions/0290). Kept in the tab's
 * sessionStorage, not in the link: an address in a URL reaches the request log, the proxy's log
 * and the browser's history.
 */
const STORAGE_KEY = 'storefront.email-for-reset';

/** Remembers the address for the next Forgot password page; an empty one forgets it. */
export function keepEmailForReset(email: string): void {
  try {
    if (email.trim()) window.sessionStorage.setItem(STORAGE_KEY, email.trim());
    else window.sessionStorage.removeItem(STORAGE_KEY);
  } catch {
    // Storage refused (a private window): the customer types the address again.
  }
}

/** The remembered address, once: the page that takes it forgets it. */
export function takeEmailForReset(): string | null {
  try {
    const email = window.sessionStorage.getItem(STORAGE_KEY);
    window.sessionStorage.removeItem(STORAGE_KEY);
    return email;
  } catch {
    return null;
  }
}
