'use client';
import Link from 'next/link';
import { useState, type FormEvent } from 'react';
import { authApi, problemOf } from '../api/auth-api';
import styles from './auth.module.css';
import { Field, FormError } from './field';

/** Asks for a reset link; the answer is the same for every address. */
export function ForgotForm() {
  const [error, setError] = useState<string | null>(null);
  const [fields, setFields] = useState<Record<string, string[]>>({});
  const [done, setDone] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    setFields({});
    try {
      const { data } = await authApi.post('/api/forgot-password', {
        email: String(new FormData(event.currentTarget).get('email') ?? ''),
      });
      setDone(data.data.message);
    } catch (e) {
      const problem = problemOf(e);
      setFields(problem.fields);
      setError(
        problem.code === 'validation_failed' ? 'Check the field marked below.' : problem.message,
      );
    } finally {
      setBusy(false);
    }
  }

  if (done) {
    return (
      <p role="status" className={styles.success}>
        {done} The link works once, within 60 minutes.
      </p>
    );
  }
  return (
    <form method="post" className={styles.form} onSubmit={submit} noValidate>
      <FormError message={error} />
      <Field
        id="email"
        label="E-mail address"
        type="email"
        autoComplete="email"
        required
        errors={fields.email}
      />
      <button type="submit" className={styles.button} disabled={busy}>
        Send reset link
      </button>
      <div className={styles.links}>
        <Link className={styles.link} href="/login">
          Back to sign in
        </Link>
      </div>
    </form>
  );
}
