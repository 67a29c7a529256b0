'use client';
import { useState, type FormEvent } from 'react';
import { authApi } from '../api/auth-api';
import { useFormAction } from '@/components/form/use-form-action';
import { PASSWORD_MAX, PASSWORD_MIN } from '../schemas';
import styles from '@/components/form/form.module.css';
import { Field, FormError } from '@/components/form/field';

const field = (form: HTMLFormElement, name: string) => String(new FormData(form).get(name) ?? '');

/** Changing the password: the current one first; other devices are signed out. */
export function PasswordSection() {
  const { waiting, error, fields, run } = useFormAction('Check the fields marked below.');
  const [done, setDone] = useState(false);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    setDone(false);
    return run(async () => {
      await authApi.put('/api/account/password', {
        current_password: field(form, 'current_password'),
        password: field(form, 'new_password'),
        password_confirmation: field(form, 'new_password_confirmation'),
      });
      form.reset();
      setDone(true);
    });
  };

  return (
    <section className={styles.section} aria-labelledby="password-title">
      <h2 id="password-title" className={styles.title}>
        Password
      </h2>
      {done ? (
        <p role="status" className={styles.success}>
          Your password is changed. Other devices were signed out.
        </p>
      ) : null}
      <FormError message={error} />
      <form method="post" className={styles.form} onSubmit={submit} noValidate>
        <Field
          id="current_password"
          label="Current password"
          type="password"
          autoComplete="current-password"
          required
          errors={fields.current_password}
        />
        <Field
          id="new_password"
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
          id="new_password_confirmation"
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
    </section>
  );
}

/**
 * Changing the e-mail address: confirmed from the new address by a mailed link. `pending` is the
 * address whose link still works, if any.
 */
export function EmailSection({
  email,
  pending,
  onChange,
}: {
  email: string;
  pending: string | null;
  onChange: () => Promise<unknown>;
}) {
  const { waiting, error, fields, run } = useFormAction('Check the fields marked below.');
  const [done, setDone] = useState<string | null>(null);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    setDone(null);
    return run(async () => {
      const { data } = await authApi.post('/api/account/email', {
        email: field(form, 'new_email'),
        password: field(form, 'email_password'),
      });
      form.reset();
      setDone(data.data.message);
      await onChange();
    });
  };

  return (
    <section className={styles.section} aria-labelledby="email-title">
      <h2 id="email-title" className={styles.title}>
        E-mail address
      </h2>
      <p className={styles.lead}>Mail about your account goes to {email}.</p>
      {pending && !done ? (
        <p className={styles.lead}>
          A confirmation was sent to {pending}; the change takes effect once it is confirmed.
        </p>
      ) : null}
      {done ? (
        <p role="status" className={styles.success}>
          {done}
        </p>
      ) : null}
      <FormError message={error} />
      <form method="post" className={styles.form} onSubmit={submit} noValidate>
        <Field
          id="new_email"
          label="New e-mail address"
          type="email"
          autoComplete="email"
          required
          errors={fields.email}
        />
        <Field
          id="email_password"
          label="Your password"
          type="password"
          autoComplete="current-password"
          required
          errors={fields.password}
        />
        <button type="submit" className={styles.button} disabled={waiting}>
          Change e-mail address
        </button>
      </form>
    </section>
  );
}
