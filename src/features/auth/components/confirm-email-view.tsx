'use client';
import Link from 'next/link';
import { useSearchParams } from 'next/navigation';
import { useState } from 'react';
import { useSWRConfig } from 'swr';
import { useHydrated } from '@/lib/use-hydrated';
import { authApi, problemOf } from '../api/auth-api';
import { CUSTOMER_KEY } from '../hooks/use-customer';
import styles from '@/components/form/form.module.css';
import { FormError } from '@/components/form/field';

/**
 * Confirms a new e-mail address by a click rather than on load, so a mail scanner that opens
 * the link does not use it up (as activation does).
 */
export function ConfirmEmailView() {
  const token = useSearchParams().get('token');
  const { mutate } = useSWRConfig();
  const [state, setState] = useState<'idle' | 'busy' | string>('idle');
  const [spent, setSpent] = useState(false);
  const hydrated = useHydrated();
  const [error, setError] = useState<string | null>(
    token ? null : 'This link is incomplete. Open the link from the mail again.',
  );

  async function confirm() {
    setState('busy');
    setError(null);
    try {
      const { data } = await authApi.put('/api/account/email', { token });
      await mutate(CUSTOMER_KEY);
      setState(data.data.email);
    } catch (e) {
      const problem = problemOf(e);
      setError(problem.message);
      // A used, replaced or expired link (410) or an address taken meanwhile (409) stays so.
      if (problem.status === 410 || problem.status === 409) setSpent(true);
      setState('idle');
    }
  }

  if (state !== 'idle' && state !== 'busy') {
    return (
      <div className={styles.form}>
        <p role="status" className={styles.success}>
          Your account now uses {state}.
        </p>
        <Link prefetch={false} className={styles.link} href="/dashboard">
          Go to your account
        </Link>
      </div>
    );
  }
  return (
    <div className={styles.form}>
      <FormError message={error} />
      {spent ? (
        <Link prefetch={false} className={styles.link} href="/dashboard/security">
          Go to your security settings
        </Link>
      ) : token ? (
        <button
          type="button"
          className={styles.button}
          onClick={confirm}
          disabled={state === 'busy' || !hydrated}
        >
          Use this address
        </button>
      ) : null}
    </div>
  );
}
