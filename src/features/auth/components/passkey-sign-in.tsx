'use client';
import { useSyncExternalStore } from 'react';
import { useSWRConfig } from 'swr';
import { authApi } from '../api/auth-api';
import { CUSTOMER_KEY } from '../hooks/use-customer';
import { useFormAction } from '@/components/form/use-form-action';
import styles from '@/components/form/form.module.css';
import authStyles from './auth.module.css';
import { FormError } from '@/components/form/field';
import type { SignInOutcome } from './login-form';

const noSubscription = () => () => {};

/** True once on the client when the browser can use passkeys at all. */
export function usePasskeySupport(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => typeof window.PublicKeyCredential === 'function',
    () => false,
  );
}

export const PASSKEY_UNAVAILABLE =
  'This browser or device could not use a passkey here. Try another way to sign in.';

/** The browser's words when the customer closes its passkey dialog: not an error to show. */
export const isCancelled = (error: unknown) =>
  error instanceof Error && (error.name === 'NotAllowedError' || error.name === 'AbortError');

/**
 * "Sign in with a passkey": the browser offers the passkeys it holds for this host,
 * the customer confirms with a fingerprint, face or PIN, and no password is typed.
 */
export function PasskeySignIn({
  isCtd,
  onOutcome,
}: {
  isCtd: boolean;
  onOutcome: (outcome: SignInOutcome) => void;
}) {
  // The button is drawn with the page, disabled until it hydrates, so nothing below it moves when
  // the scripts arrive; a browser without passkeys is told so when it asks.
  const supported = usePasskeySupport();
  const { mutate } = useSWRConfig();
  const { waiting, error, setError, run } = useFormAction('The passkey could not be used.');

  const signIn = () =>
    run(async () => {
      if (!supported) {
        setError(PASSKEY_UNAVAILABLE);
        return;
      }
      const { startAuthentication } = await import('@simplewebauthn/browser');
      const { data: options } = await authApi.post('/api/passkey/options');
      let response;
      try {
        response = await startAuthentication({ optionsJSON: options.data });
      } catch (e) {
        if (!isCancelled(e)) setError(PASSKEY_UNAVAILABLE);
        return;
      }
      const { data } = await authApi.post('/api/passkey/login', { response, is_ctd: isCtd });
      await mutate(CUSTOMER_KEY);
      onOutcome({ kind: 'signed_in', user: data.data.user });
    });

  return (
    <div className={authStyles.alternatives}>
      <FormError message={error} />
      <button type="button" className={styles.secondary} onClick={signIn} disabled={waiting}>
        Sign in with a passkey
      </button>
    </div>
  );
}
