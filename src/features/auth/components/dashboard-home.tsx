'use client';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { authApi } from '../api/auth-api';
import { useCustomer } from '../hooks/use-customer';
import styles from '@/components/form/form.module.css';
import { InvitesPanel } from './invites-panel';
import { ROLE_LABELS, roleOf } from '@/features/access/roles';

/** The signed-in customer's start page. */
export function DashboardHome() {
  const { data, mutate } = useCustomer();
  const router = useRouter();
  const [leaving, setLeaving] = useState(false);

  async function signOut() {
    setLeaving(true);
    try {
      await authApi.post('/api/logout');
    } finally {
      await mutate({ user: null, cart: { items: [] } }, { revalidate: true });
      router.push('/login');
    }
  }

  if (!data) return <p aria-live="polite">Loading…</p>;
  const user = data.user;
  if (!user) {
    return (
      <p>
        <Link prefetch={false} className={styles.link} href="/login">
          Sign in
        </Link>{' '}
        to see your account.
      </p>
    );
  }
  return (
    <>
      <p className={styles.lead}>
        Signed in as {user.name} ({user.email}). Your role in “{user.account_name}”:{' '}
        {ROLE_LABELS[roleOf(user.role)]}.
      </p>
      <div className={styles.actions}>
        <button type="button" className={styles.secondary} onClick={signOut} disabled={leaving}>
          Sign out
        </button>
      </div>
      {user.role === 'owner' ? <InvitesPanel /> : null}
    </>
  );
}
