'use client';
import { useState, type FormEvent } from 'react';
import { authApi } from '../api/auth-api';
import { useFormAction } from '@/components/form/use-form-action';
import type { SecurityOverview } from '../hooks/use-security';
import styles from '@/components/form/form.module.css';
import { Field, FormError } from '@/components/form/field';

/**
 * The phone that receives sign-in codes by text message: a number and the password
 * send it a code; the number counts once that code is entered here.
 */
export function PhoneSection({
  security,
  onChange,
}: {
  security: SecurityOverview;
  onChange: () => Promise<unknown>;
}) {
  const { waiting, error, fields, run } = useFormAction('Check the fields marked below.');
  const [notice, setNotice] = useState<string | null>(null);
  const [changing, setChanging] = useState(false);
  const value = (event: FormEvent<HTMLFormElement>, name: string) =>
    String(new FormData(event.currentTarget).get(name) ?? '');

  const start = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const phone = value(event, 'phone');
    const password = value(event, 'phone_password');
    setNotice(null);
    return run(async () => {
      const { data } = await authApi.post('/api/account/phone', { phone, password });
      setNotice(`We sent a code to ${data.data.phone_pending}.`);
      setChanging(false);
      await onChange();
    });
  };
  const confirm = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const code = value(event, 'phone_code').replace(/\s+/g, '');
    setNotice(null);
    return run(async () => {
      const { data } = await authApi.put('/api/account/phone', { code });
      setNotice(`${data.data.phone} now receives sign-in codes by text message.`);
      await onChange();
    });
  };
  const remove = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const password = value(event, 'phone_remove_password');
    setNotice(null);
    return run(async () => {
      await authApi.delete('/api/account/phone', { data: { password } });
      setNotice('The phone number is removed.');
      await onChange();
    });
  };

  const pending = security.phone_pending && !changing;
  return (
    <section className={styles.section} aria-labelledby="phone-title">
      <h2 id="phone-title" className={styles.title}>
        Text message codes
      </h2>
      {notice ? (
        <p role="status" className={styles.success}>
          {notice}
        </p>
      ) : null}
      <FormError message={error} />
      {pending ? (
        <form method="post" className={styles.form} onSubmit={confirm} noValidate>
          <p className={styles.lead}>
            Enter the code we sent to {security.phone_pending}. It is valid for 10 minutes.
          </p>
          <Field
            id="phone_code"
            label="Code from the text message"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            required
            errors={fields.code}
          />
          <div className={styles.actions}>
            <button type="submit" className={styles.button} disabled={waiting}>
              Confirm the number
            </button>
            <button type="button" className={styles.secondary} onClick={() => setChanging(true)}>
              Use another number
            </button>
          </div>
        </form>
      ) : security.phone && !changing ? (
        <form method="post" className={styles.form} onSubmit={remove}>
          <p className={styles.lead}>Sign-in codes can go by text message to {security.phone}.</p>
          <Field
            id="phone_remove_password"
            label="Your password"
            type="password"
            autoComplete="current-password"
            required
          />
          <div className={styles.actions}>
            <button type="submit" className={styles.secondary} disabled={waiting}>
              Remove the number
            </button>
            <button type="button" className={styles.secondary} onClick={() => setChanging(true)}>
              Use another number
            </button>
          </div>
        </form>
      ) : (
        <form method="post" className={styles.form} onSubmit={start} noValidate>
          <p className={styles.lead}>
            Add a mobile number to get sign-in codes by text message when you need them.
          </p>
          <Field
            id="phone"
            label="Mobile number"
            type="tel"
            autoComplete="tel"
            hint="With the country code, like +44 7700 900123."
            required
            errors={fields.phone}
          />
          <Field
            id="phone_password"
            label="Your password"
            type="password"
            autoComplete="current-password"
            required
            errors={fields.password}
          />
          <button type="submit" className={styles.button} disabled={waiting}>
            Send a code
          </button>
        </form>
      )}
    </section>
  );
}
