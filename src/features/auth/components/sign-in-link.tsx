'use client';
import Link from 'next/link';
import type { ReactNode } from 'react';
import { useCustomer } from '../hooks/use-customer';
import authStyles from './auth.module.css';

/**
 * A "Sign in" link on a cached page that follows the visitor: once the
 * customer is known to be signed in it becomes a link to the dashboard (`whenSignedIn:
 * 'dashboard'`) or goes (`'hide'`, where the dashboard link is beside it already).
 */
export function SignInLink({
  className,
  whenSignedIn,
}: {
  className?: string;
  whenSignedIn: 'dashboard' | 'hide';
}) {
  const { data } = useCustomer();
  if (data?.user) {
    if (whenSignedIn === 'hide') return null;
    return (
      <Link prefetch={false} href="/dashboard" className={className}>
        Your dashboard
      </Link>
    );
  }
  return (
    <Link prefetch={false} href="/login" className={className}>
      Sign in
    </Link>
  );
}

/**
 * Words meant for a visitor who is not signed in ("Sign in to your account…"): hidden once
 * /api/customer answers a user, and before then in a browser signed in on its last page.
 */
export function SignedOutText({ children }: { children: ReactNode }) {
  const { data } = useCustomer();
  if (data?.user) return null;
  return <p className={data === undefined ? authStyles.whenSignedOut : undefined}>{children}</p>;
}
