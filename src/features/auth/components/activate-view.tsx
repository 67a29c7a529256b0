'use client';
import Link from 'next/link';
import { useSearchParams } from 'next/navigation';
import { useEffect, useState } from 'react';
import { useHydrated } from '@/lib/use-hydrated';
import { authApi, problemOf } from '../api/auth-api';
import styles from '@/components/form/form.module.css';
import { FormError } from '@/components/form/field';
import { useCustomer } from '../hooks/use-customer';

/**
 * Activation asks for a click rather than activating on load, so a mail scanner that opens the
 * link does not use it up. A cart waiting in this browser (registered at checkout) is said, and
 * signing in then leads back to the checkout instead of the dashboard. A link known to be spent
 * (410, from the check that uses nothing up or from the click, decision 0330) loses its button
 * and leads on to sign-in; whoever is signed in is told their account is active.
 */
export function ActivateView() {
  const token = useSearchParams().get('token');
  const [state, setState] = useState<'idle' | 'busy' | 'done'>('idle');
  const [spent, setSpent] = useState(false);
  // The link's state is asked first; only a 410 takes the button away (any other failure
  // leaves it, and the click answers for itself).
  const [checked, setChecked] = useState(!token);
  const hydrated = useHydrated();
  const customer = useCustomer().data;
  const cartWaiting = (customer?.cart.items.length ?? 0) > 0;
  const [error, setError] = useState<string | null>(
    token ? null : 'This activation link is incomplete. Open the link from the mail again.',
  );

  useEffect(() => {
    if (!token) return;
    authApi
      .post('/api/check-activation-link', { token })
      .catch((e) => {
        const problem = problemOf(e);
        if (problem.status !== 410) return;
        setError(problem.message);
        setSpent(true);
      })
      .finally(() => setChecked(true));
  }, [token]);

  async function activate() {
    setState('busy');
    setError(null);
    try {
      await authApi.put('/api/account/activate', { token });
      setState('done');
    } catch (e) {
      const problem = problemOf(e);
      setError(problem.message);
      // A used or expired link (410) stays so: its button goes, the way on is a link.
      if (problem.status === 410) setSpent(true);
      setState('idle');
    }
  }

  if (state === 'done') {
    return (
      <div className={styles.form}>
        <p role="status" className={styles.success}>
          Your account is active.
          {cartWaiting ? ' Your cart is waiting: sign in to check out.' : ''}
        </p>
        <Link
          prefetch={false}
          className={styles.link}
          href={cartWaiting ? '/login?next=/checkout' : '/login'}
        >
          {cartWaiting ? 'Sign in and check out' : 'Sign in'}
        </Link>
      </div>
    );
  }
  // Signed in, a spent link has nothing left to do: the account is active (sign-in needs that).
  if (spent && customer?.user) {
    return (
      <div className={styles.form}>
        <p role="status" className={styles.success}>
          Your account is active.
        </p>
        <Link prefetch={false} className={styles.link} href="/dashboard">
          Go to your dashboard
        </Link>
      </div>
    );
  }
  return (
    <div className={styles.form}>
      {token && !spent ? (
        <p className={styles.lead}>One click, and your account is ready.</p>
      ) : null}
      <FormError message={error} />
      {spent ? (
        <Link
          prefetch={false}
          className={styles.link}
          href={cartWaiting ? '/login?next=/checkout' : '/login'}
        >
          Sign in
        </Link>
      ) : token ? (
        <button
          type="button"
          className={styles.button}
          onClick={activate}
          disabled={state === 'busy' || !hydrated || !checked}
        >
          Activate my account
        </button>
      ) : null}
    </div>
  );
}
