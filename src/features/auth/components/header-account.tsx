'use client';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useEffect, useState } from 'react';
import { VAT_COOKIE } from '@/features/pricing/vat-display';
import { SIGNED_IN_COOKIE } from '@/lib/http/cookie-names';
import { vatChoice } from '@/features/pricing/vat-choice';
import { useCustomer } from '../hooks/use-customer';
import authStyles from './auth.module.css';

/**
 * The header's account entry: "Sign in" for an anonymous visitor, the customer's name and a
 * sign-out button once /api/customer answers a user. Filled on the client, so cached pages
 * carry nothing personal. Until it answers, a browser signed in on its last page sees "Account"
 * instead of "Sign in" (SIGNED_IN_COOKIE, read before first paint by BOOT_SCRIPT).
 */
export function HeaderAccount() {
  const { data, mutate } = useCustomer();
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  const user = data?.user;
  const accountVat = user ? data?.vat_display : undefined;

  // Signed in, the account's VAT choice wins (it may come from another device): apply it to the
  // page and the cookie the page reads before first paint; unless the visitor has used the switch
  // in this tab since, whose choice is newer and is being saved to the account.
  useEffect(() => {
    if (!accountVat || vatChoice.madeHere || document.documentElement.dataset.vat === accountVat)
      return;
    document.documentElement.dataset.vat = accountVat;
    document.cookie = `${VAT_COOKIE}=${accountVat}; path=/; max-age=31536000; samesite=lax`;
  }, [accountVat]);

  // What the answer says about the browser, kept for the next page's first paint. A sign-in
  // sets the cookie with the session's own lifetime (session-cookie.ts), which is not replaced
  // here; a session signed in before the server wrote it gets one for this browser session.
  const signedIn = data === undefined ? undefined : Boolean(user);
  useEffect(() => {
    if (signedIn === undefined) return;
    const root = document.documentElement;
    if (signedIn) {
      if (!new RegExp(`(?:^|; )${SIGNED_IN_COOKIE}=1(?:;|$)`).test(document.cookie))
        document.cookie = `${SIGNED_IN_COOKIE}=1; path=/; samesite=lax`;
      root.dataset.account = 'in';
    } else if (root.dataset.account) {
      document.cookie = `${SIGNED_IN_COOKIE}=; path=/; max-age=0; samesite=lax`;
      delete root.dataset.account;
    }
  }, [signedIn]);

  if (data === undefined) {
    // Not answered yet: one of the two shows, as the boot script marked the page.
    return (
      <>
        <Link
          prefetch={false}
          href="/login"
          className={`${authStyles.headerName} ${authStyles.whenSignedOut}`}
        >
          Sign in
        </Link>
        <Link
          prefetch={false}
          href="/dashboard"
          className={`${authStyles.headerName} ${authStyles.whenSignedIn}`}
        >
          Account
        </Link>
      </>
    );
  }

  if (!user) {
    return (
      <Link prefetch={false} href="/login" className={authStyles.headerName}>
        Sign in
      </Link>
    );
  }

  async function signOut() {
    setBusy(true);
    try {
      const { browserApi } = await import('@/lib/browser-api');
      await browserApi.post('/api/logout');
    } finally {
      await mutate({ user: null, cart: { items: [] } }, { revalidate: true });
      setBusy(false);
      router.push('/');
    }
  }

  return (
    <span className={authStyles.headerAccount}>
      <Link prefetch={false} href="/dashboard" className={authStyles.headerName} title={user.name}>
        {user.name}
      </Link>
      <button type="button" className={authStyles.headerButton} onClick={signOut} disabled={busy}>
        Sign out
      </button>
    </span>
  );
}
