'use client';
import Link from 'next/link';
import { useRouter, useSearchParams } from 'next/navigation';
import type { FormEvent } from 'react';
import { useSWRConfig } from 'swr';
import { authApi } from '../api/auth-api';
import { useFormAction } from '../hooks/use-form-action';
import { CUSTOMER_KEY } from '../hooks/use-customer';
import styles from './auth.module.css';
import { Field, FormError } from './field';

/**
 * Step one of signing in: e-mail and password; a second factor continues on the challenge screen.
 * `next` is where to go once signed in (the checkout), else the dashboard.
 */
export function LoginForm({ next }: { next?: string } = {}) {
  const router = useRouter();
  const isCtd = useSearchParams().get('is_ctd') === 'true';
  const { mutate } = useSWRConfig();
  const { busy, error, fields, run } = useFormAction('Check the fields marked below.');

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const rememberMe = form.get('remember_me') === 'on';
    await run(
      async () => {
        const { data } = await authApi.post('/api/login', {
          email: String(form.get('email') ?? ''),
          password: String(form.get('password') ?? ''),
          remember_me: rememberMe,
          is_ctd: isCtd,
        });
        if (data.data.challenge) {
          const query = new URLSearchParams({
            challenge: data.data.challenge,
            remember_me: String(rememberMe),
            is_ctd: String(isCtd),
            ...(next ? { next } : {}),
          });
          router.push(`/login/challenge?${query}`);
          return;
        }
        await mutate(CUSTOMER_KEY);
        // A full load: the page after sign-in is rendered with the customer's data.
        if (next) window.location.assign(next);
        else router.push('/dashboard');
      },
      { leaving: true },
    );
  }

  return (
    <form method="post" className={styles.form} onSubmit={submit} noValidate>
      <FormError message={error} />
      <Field
        id="email"
        label="E-mail address"
        type="email"
        autoComplete="username"
        required
        errors={fields.email}
      />
      <Field
        id="password"
        label="Password"
        type="password"
        autoComplete="current-password"
        required
        errors={fields.password}
      />
      <label className={styles.check}>
        <input type="checkbox" name="remember_me" className={styles.checkbox} /> Keep me signed in
        for 30 days
      </label>
      <button type="submit" className={styles.button} disabled={busy}>
        {busy ? 'Signing in…' : 'Sign in'}
      </button>
      <div className={styles.links}>
        <Link className={styles.link} href="/forgot-password">
          Forgot your password?
        </Link>
        <Link className={styles.link} href="/register">
          Create an account
        </Link>
      </div>
    </form>
  );
}
