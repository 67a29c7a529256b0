'use client';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useEffect } from 'react';
import { useCustomer } from '../hooks/use-customer';

/**
 * The account part of a dashboard-only brand's home page. The page is cached per store and reads
 * nothing of the visitor, so who is signed in is known only here, in the browser: a signed-in
 * customer is taken to the overview at once (their home on such a brand, decision 0135); a
 * visitor may sign in or create an account.
 */
export function DashboardOnlyHome({
  loginText,
  className,
  primary,
  secondary,
}: {
  loginText: string;
  className?: string;
  primary?: string;
  secondary?: string;
}) {
  const { data } = useCustomer();
  const router = useRouter();
  const signedIn = Boolean(data?.user);
  useEffect(() => {
    if (signedIn) router.replace('/dashboard');
  }, [signedIn, router]);

  if (signedIn) {
    return (
      <p aria-live="polite">
        Opening your overview…{' '}
        <Link prefetch={false} href="/dashboard">
          Go to your dashboard
        </Link>
      </p>
    );
  }
  return (
    <>
      {loginText ? <p>{loginText}</p> : null}
      <p className={className}>
        <Link prefetch={false} href="/login" className={primary}>
          Sign in
        </Link>
        <Link prefetch={false} href="/register" className={secondary}>
          Create an account
        </Link>
      </p>
    </>
  );
}
