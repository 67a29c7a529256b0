'use client';
import Link from 'next/link';
import { usePathname, useRouter } from 'next/navigation';
import { useEffect, useState } from 'react';
import { useSWRConfig } from 'swr';
import { SESSION_LOST_EVENT, SESSION_LOST_MESSAGE } from '@/lib/session-lost';
import { CUSTOMER_KEY } from '../hooks/use-customer';
import styles from './session-lost-notice.module.css';

/**
 * Shown on any store page once a call finds the session gone (the browser's HTTP client announces
 * it): says so in plain words, with the way on, signing in again and coming back to this page.
 * The header learns it is a visitor now, and the page is rendered again on the server, so
 * nothing keeps saying "Signed in as…". Fixed over the page's foot, so nothing below it moves.
 */
export function SessionLostNotice() {
  const [lost, setLost] = useState(false);
  const pathname = usePathname();
  const router = useRouter();
  const { mutate } = useSWRConfig();

  useEffect(() => {
    const onLost = () => {
      setLost(true);
      void mutate(CUSTOMER_KEY);
      router.refresh();
    };
    window.addEventListener(SESSION_LOST_EVENT, onLost);
    return () => window.removeEventListener(SESSION_LOST_EVENT, onLost);
  }, [mutate, router]);

  // Signing in again from the sign-in screens themselves needs no second offer.
  if (!lost || pathname.startsWith('/login')) return null;
  const here = `${window.location.pathname}${window.location.search}`;
  return (
    <div role="alert" className={styles.notice}>
      <p>{SESSION_LOST_MESSAGE}</p>
      <p className={styles.actions}>
        <Link prefetch={false} href={`/login?${new URLSearchParams({ next: here })}`}>
          Sign in again
        </Link>
        <button type="button" onClick={() => setLost(false)}>
          Close
        </button>
      </p>
    </div>
  );
}
