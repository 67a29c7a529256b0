'use client';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import formStyles from '@/components/form/form.module.css';
import { FormError } from '@/components/form/field';
import { useFormAction } from '@/components/form/use-form-action';
import { PasskeysSection } from '@/features/auth/components/passkeys-section';
import { TotpSection } from '@/features/auth/components/totp-section';
import { browserApi } from '@/lib/browser-api';

/**
 * Enrolling a second factor for the admin: the account's own authenticator-app and passkey
 * sections; the first one set up here counts for this session and opens the admin. The
 * authenticator app's backup codes are shown once, so the admin opens only when the person
 * asks, after keeping them; a passkey has none, and opens it at once.
 */
export function EnrolSecondFactor() {
  const router = useRouter();
  const [appOn, setAppOn] = useState(false);
  const toAdmin = async () => router.push('/admin');
  return (
    <>
      <TotpSection
        enabled={appOn}
        onChange={async () => setAppOn(true)}
        continueWith={
          <p>
            <Link prefetch={false} href="/admin" className={formStyles.button}>
              Open the admin
            </Link>
          </p>
        }
      />
      {appOn ? null : <PasskeysSection passkeys={[]} onChange={toAdmin} />}
    </>
  );
}

/**
 * For staff who have a second factor but signed in without it (a mailed code, or before it was
 * set up elsewhere): sign in again, with it.
 */
export function SignInAgain() {
  const router = useRouter();
  const { waiting, error, run } = useFormAction('Signing out did not work.');
  async function again() {
    await run(
      async () => {
        await browserApi.post('/api/logout');
        router.push('/login?next=%2Fadmin');
      },
      { leaving: true },
    );
  }
  return (
    <>
      <FormError message={error} />
      <button type="button" className={formStyles.button} disabled={waiting} onClick={again}>
        Sign in again
      </button>
    </>
  );
}
