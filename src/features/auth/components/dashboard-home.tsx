'use client';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useState, type FormEvent } from 'react';
import { authApi } from '../api/auth-api';
import { useCustomer } from '../hooks/use-customer';
import { useFormAction } from '../hooks/use-form-action';
import styles from './auth.module.css';
import { Field, FormError } from './field';

function InviteForm() {
  const { busy, error, run } = useFormAction('Enter an e-mail address.');
  const [done, setDone] = useState<string | null>(null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const formElement = event.currentTarget;
    const email = String(new FormData(formElement).get('invite_email') ?? '');
    setDone(null);
    await run(async () => {
      const { data } = await authApi.post('/api/account/invites', { email });
      setDone(`Invitation sent to ${data.data.email}. It works once, within 7 days.`);
      formElement.reset();
    });
  }

  return (
    <section className={styles.section} aria-labelledby="invite-title">
      <h2 id="invite-title" className={styles.title}>
        Invite a team member
      </h2>
      <form method="post" className={styles.form} onSubmit={submit} noValidate>
        {done ? (
          <p role="status" className={styles.success}>
            {done}
          </p>
        ) : null}
        <FormError message={error} />
        <Field
          id="invite_email"
          label="Their e-mail address"
          type="email"
          autoComplete="off"
          required
        />
        <button type="submit" className={styles.button} disabled={busy}>
          Send invitation
        </button>
      </form>
    </section>
  );
}

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
        <Link className={styles.link} href="/login">
          Sign in
        </Link>{' '}
        to see your account.
      </p>
    );
  }
  return (
    <>
      <p className={styles.lead}>
        Signed in as {user.name} ({user.email}), {user.role === 'owner' ? 'owner' : 'member'} of “
        {user.account_name}”.
      </p>
      <div className={styles.actions}>
        <Link className={styles.link} href="/dashboard/security">
          Security: authenticator app and sessions
        </Link>
        <button type="button" className={styles.secondary} onClick={signOut} disabled={leaving}>
          Sign out
        </button>
      </div>
      {user.role === 'owner' ? <InviteForm /> : null}
    </>
  );
}
