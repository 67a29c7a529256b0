'use client';
import Link from 'next/link';
import { useState, type FormEvent } from 'react';
import { authApi } from '../api/auth-api';
import { useFormAction } from '@/components/form/use-form-action';
import { PASSWORD_MAX, PASSWORD_MIN } from '../schemas';
import { LegalAgreement } from '@/features/tenancy/components/legal-links';
import styles from '@/components/form/form.module.css';
import { Field, FormError } from '@/components/form/field';
import { FormNotice } from '@/components/form/form-error';

/** Registration; with an invite token the new user joins the inviting account, active at once. */
export function RegisterForm({
  inviteToken,
  email,
  signInHref = '/login',
}: {
  inviteToken?: string;
  email?: string;
  /** Where "Already registered? Sign in" leads (the checkout keeps its own sign-in step). */
  signInHref?: string;
}) {
  const { waiting, error, fields, run } = useFormAction('Check the fields marked below.');
  const [done, setDone] = useState<{ message: string; active: boolean; email: string } | null>(
    null,
  );

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    await run(async () => {
      const { data } = await authApi.post('/svc/account', {
        name: String(form.get('name') ?? ''),
        email: String(form.get('email') ?? ''),
        password: String(form.get('password') ?? ''),
        ...(inviteToken ? { invite_token: inviteToken } : {}),
      });
      setDone({
        message: data.data.message,
        active: data.data.status === 'active',
        email: String(form.get('email') ?? ''),
      });
    });
  }

  if (done?.active) {
    return (
      <div className={styles.form}>
        <FormNotice>{done.message}</FormNotice>
        <Link prefetch={false} className={styles.link} href="/login">
          Sign in
        </Link>
      </div>
    );
  }
  if (done) {
    // The address the mail went to, so a typo shows (the same words for any address).
    return (
      <div className={styles.form}>
        <FormNotice>{done.message}</FormNotice>
        <p className={styles.hint}>
          Sent to <strong>{done.email}</strong>. Not your address?{' '}
          <button type="button" className={styles.linkButton} onClick={() => setDone(null)}>
            Register with another one
          </button>
        </p>
      </div>
    );
  }

  return (
    <form method="post" className={styles.form} onSubmit={submit} noValidate>
      <FormError message={error} />
      <Field
        id="name"
        label="Your name"
        autoComplete="name"
        required
        maxLength={100}
        errors={fields.name}
      />
      <Field
        id="email"
        label="E-mail address"
        type="email"
        autoComplete="email"
        required
        defaultValue={email}
        readOnly={Boolean(email)}
        errors={fields.email}
      />
      <Field
        id="password"
        label="Password"
        type="password"
        autoComplete="new-password"
        hint={`At least ${PASSWORD_MIN} characters, and not a common password or your e-mail address.`}
        required
        minLength={PASSWORD_MIN}
        maxLength={PASSWORD_MAX}
        errors={fields.password}
      />
      <LegalAgreement action="creating an account" />
      <button type="submit" className={styles.button} disabled={waiting}>
        Create account
      </button>
      <div className={styles.links}>
        <Link prefetch={false} className={styles.link} href={signInHref}>
          Already registered? Sign in
        </Link>
      </div>
    </form>
  );
}
