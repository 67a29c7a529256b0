import type { Metadata } from 'next';
import Link from 'next/link';
import { AuthCard } from '@/components/form/auth-card';
import {
  EnrolSecondFactor,
  SignInAgain,
} from '@/features/store-admin/components/second-factor-view';
import { pageStaffEnrolling } from '@/features/store-admin/server/page-staff.server';

export const metadata: Metadata = { title: 'Second factor', robots: { index: false } };
export const dynamic = 'force-dynamic';

/**
 * The admin asks every staff member for a second factor (decision 0161): set one up here at the
 * first sign-in, or sign in again with the one you have.
 */
export default async function SecondFactorPage() {
  const state = await pageStaffEnrolling();
  return (
    <AuthCard title="A second factor for the admin" wide>
      {state.ready ? (
        <p>
          This session signed in with a second factor.{' '}
          <Link prefetch={false} href="/admin">
            Open the admin
          </Link>
          .
        </p>
      ) : state.hasFactor ? (
        <>
          <p>
            The admin of {state.storeName} needs a sign-in with your authenticator app, a passkey, a
            text message or a backup code; a code by e-mail does not count. This session signed in
            without one.
          </p>
          <SignInAgain />
        </>
      ) : (
        <>
          <p>
            The admin of {state.storeName} needs a second factor for {state.email}: an authenticator
            app or a passkey. Set one up to go on.
          </p>
          <EnrolSecondFactor />
        </>
      )}
    </AuthCard>
  );
}
