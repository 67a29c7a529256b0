'use client';
import Link from 'next/link';
import { useSearchParams } from 'next/navigation';
import { useEffect, useState, type FormEvent } from 'react';
import { authApi, problemOf } from '../api/auth-api';
import { useFormAction } from '@/components/form/use-form-action';
import { PASSWORD_MAX, PASSWORD_MIN } from '../schemas';
import styles from '@/components/form/form.module.css';
import { Field, FormError } from '@/components/form/field';
import { FormNotice } from '@/components/form/form-error';

/** Choosing a new password from a reset link, checked first so a dead link says so at once. */
export function ResetForm() {
  const token = useSearchParams().get('token');
  const [valid, setValid] = useState<boolean | null>(token ? null : false);
  const { waiting, error, setError, fields, run } = useFormAction(
    'Check the fields marked below.',
    token ? null : 'This reset link is incomplete.',
  );
  const [done, setDone] = useState(false);

  useEffect(() => {
    if (!token) return;
    authApi
      .post('/api/check-reset-link', { token })
      .then(() => setValid(true))
      .catch((e) => {
        setValid(false);
        setError(problemOf(e).message);
      });
  }, [token, setError]);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    await run(async () => {
      await authApi.post('/api/reset-password', {
        token,
        password: String(form.get('password') ?? ''),
        password_confirmation: String(form.get('password_confirmation') ?? ''),
      });
      setDone(true);
    });
  }

  if (done) {
    return (
      <div className={styles.form}>
        <FormNotice>
          Your password is changed and your account is active. Every session it had has ended.
        </FormNotice>
        <Link prefetch={false} className={styles.link} href="/login">
          Sign in with the new password
        </Link>
      </div>
    );
  }
  if (valid === null) return <p aria-live="polite">Checking the link…</p>;
  if (!valid) {
    return (
      <div className={styles.form}>
        <FormError message={error} />
        <Link prefetch={false} className={styles.link} href="/forgot-password">
          Ask for a new link
        </Link>
      </div>
    );
  }
  return (
    <form method="post" className={styles.form} onSubmit={submit} noValidate>
      <FormError message={error} />
      <Field
        id="password"
        label="New password"
        type="password"
        autoComplete="new-password"
        hint={`At least ${PASSWORD_MIN} characters, and not a common password or your e-mail address.`}
        minLength={PASSWORD_MIN}
        maxLength={PASSWORD_MAX}
        required
        errors={fields.password}
      />
      <Field
        id="password_confirmation"
        label="New password again"
        type="password"
        autoComplete="new-password"
        required
        errors={fields.password_confirmation}
      />
      <button type="submit" className={styles.button} disabled={waiting}>
        Change password
      </button>
    </form>
  );
}
