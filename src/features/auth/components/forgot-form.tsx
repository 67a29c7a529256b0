'use client';
import Link from 'next/link';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { takeEmailForReset } from '../email-for-reset';
import { authApi } from '../api/auth-api';
import { useFormAction } from '@/components/form/use-form-action';
import styles from '@/components/form/form.module.css';
import { Field, FormError } from '@/components/form/field';
import { FormNotice } from '@/components/form/form-error';

/** Asks for a reset link; the answer is the same for every address. */
export function ForgotForm() {
  const { waiting, error, fields, run } = useFormAction('Check the field marked below.');
  const [done, setDone] = useState<string | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  // The address typed on the sign-in form of this tab, unless the customer typed one already.
  useEffect(() => {
    const email = takeEmailForReset();
    const input = formRef.current?.elements.namedItem('email');
    if (email && input instanceof HTMLInputElement && input.value === '') input.value = email;
  }, []);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const email = String(new FormData(event.currentTarget).get('email') ?? '');
    await run(async () => {
      const { data } = await authApi.post('/api/forgot-password', { email });
      setDone(data.data.message);
    });
  }

  if (done) {
    return <FormNotice>{done} The link works once, within 60 minutes.</FormNotice>;
  }
  return (
    <form ref={formRef} method="post" className={styles.form} onSubmit={submit} noValidate>
      <FormError message={error} />
      <Field
        id="email"
        label="E-mail address"
        type="email"
        autoComplete="email"
        required
        errors={fields.email}
      />
      <button type="submit" className={styles.button} disabled={waiting}>
        Send reset link
      </button>
      <div className={styles.links}>
        <Link prefetch={false} className={styles.link} href="/login">
          Back to sign in
        </Link>
      </div>
    </form>
  );
}
