'use client';
import { useState, type FormEvent, type ReactNode } from 'react';
import { authApi } from '../api/auth-api';
import { useFormAction } from '@/components/form/use-form-action';
import styles from '@/components/form/form.module.css';
import authStyles from './auth.module.css';
import { BackupCodeList } from './backup-codes';
import { Field, FormError } from '@/components/form/field';

type Setup = { secret: string; qr_svg: string; setup_token: string };

/**
 * Turns the authenticator app on (password again, QR code, first code) or off. `continueWith` is
 * what follows a first set-up that is a step of something else (the admin's enrolment): it is
 * shown under the new backup codes instead of the form that turns the app off, so the codes stay
 * on screen until the person moves on.
 */
export function TotpSection({
  enabled,
  onChange,
  continueWith,
}: {
  enabled: boolean;
  onChange: () => Promise<unknown>;
  continueWith?: ReactNode;
}) {
  const [setup, setSetup] = useState<Setup | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const action = useFormAction('Check what you entered.');
  const { waiting, error } = action;
  const run = (step: () => Promise<void>) => {
    setNotice(null);
    setCodes(null);
    return action.run(step);
  };

  const start = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const password = String(new FormData(event.currentTarget).get('totp_password') ?? '');
    return run(async () => {
      const { data } = await authApi.post('/api/account/totp', { password });
      setSetup(data.data);
    });
  };
  const confirm = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const code = String(new FormData(event.currentTarget).get('totp_code') ?? '').replace(
      /\s+/g,
      '',
    );
    return run(async () => {
      const { data } = await authApi.put('/api/account/totp', {
        setup_token: setup!.setup_token,
        code,
      });
      setSetup(null);
      setCodes(data.data.backup_codes);
      setNotice('The authenticator app is on. Sign-ins now ask for a code.');
      await onChange();
    });
  };
  const disable = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const password = String(new FormData(event.currentTarget).get('disable_password') ?? '');
    return run(async () => {
      await authApi.delete('/api/account/totp', { data: { password } });
      setNotice('The authenticator app is off.');
      await onChange();
    });
  };

  return (
    <section className={styles.section} aria-labelledby="totp-title">
      <h2 id="totp-title" className={styles.title}>
        Authenticator app
      </h2>
      {notice ? (
        <p role="status" className={styles.success}>
          {notice}
        </p>
      ) : null}
      {codes ? <BackupCodeList codes={codes} /> : null}
      <FormError message={error} />
      {enabled && codes && continueWith ? (
        continueWith
      ) : enabled ? (
        <form method="post" className={styles.form} onSubmit={disable}>
          <p className={styles.lead}>Sign-ins ask for a code from your authenticator app.</p>
          <Field
            id="disable_password"
            label="Your password"
            type="password"
            autoComplete="current-password"
            required
          />
          <button type="submit" className={styles.secondary} disabled={waiting}>
            Turn off the authenticator app
          </button>
        </form>
      ) : setup ? (
        <form method="post" className={styles.form} onSubmit={confirm}>
          <p className={styles.lead}>
            Scan this code with your authenticator app, then enter the code it shows.
          </p>
          {/* The SVG is made by the server from the otpauth address; it holds no markup of ours. */}
          <div
            className={authStyles.qr}
            role="img"
            aria-label="QR code for the authenticator app"
            dangerouslySetInnerHTML={{ __html: setup.qr_svg }}
          />
          <p className={styles.hint}>
            Cannot scan? Enter this key:{' '}
            <span className={authStyles.secret} data-testid="totp-secret">
              {setup.secret}
            </span>
          </p>
          <Field
            id="totp_code"
            label="Code from the app"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            required
          />
          <button type="submit" className={styles.button} disabled={waiting}>
            Turn on
          </button>
        </form>
      ) : (
        <form method="post" className={styles.form} onSubmit={start}>
          <p className={styles.lead}>
            Add a second step to signing in. Enter your password to start.
          </p>
          <Field
            id="totp_password"
            label="Your password"
            type="password"
            autoComplete="current-password"
            required
          />
          <button type="submit" className={styles.button} disabled={waiting}>
            Set up the authenticator app
          </button>
        </form>
      )}
    </section>
  );
}
