'use client';
import { useState, type FormEvent } from 'react';
import { authApi } from '../api/auth-api';
import { useFormAction } from '@/components/form/use-form-action';
import type { PasskeyInfo } from '../hooks/use-security';
import styles from '@/components/form/form.module.css';
import { Field, FormError } from '@/components/form/field';
import { dayInWords } from './day-in-words';
import { isCancelled, PASSKEY_UNAVAILABLE, usePasskeySupport } from './passkey-sign-in';

/**
 * Passkeys: the list with each one's name and last use, adding one (password, then
 * the browser's own dialog) and removing one (its own password field, shown on Remove). They sign in without a password on
 * this store's address, and stand in for the app's code at the second step.
 */
export function PasskeysSection({
  passkeys,
  onChange,
}: {
  passkeys: PasskeyInfo[];
  onChange: () => Promise<unknown>;
}) {
  const supported = usePasskeySupport();
  const { waiting, error, setError, fields, run } = useFormAction('Check the fields marked below.');
  const [notice, setNotice] = useState<string | null>(null);

  const add = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const password = String(data.get('passkey_password') ?? '');
    const name = String(data.get('passkey_name') ?? '').trim();
    setNotice(null);
    return run(async () => {
      const { startRegistration } = await import('@simplewebauthn/browser');
      const { data: options } = await authApi.post('/api/account/passkeys/options', { password });
      let response;
      try {
        response = await startRegistration({ optionsJSON: options.data });
      } catch (e) {
        if (!isCancelled(e)) setError(PASSKEY_UNAVAILABLE);
        return;
      }
      const { data: added } = await authApi.post('/api/account/passkeys', {
        response,
        ...(name ? { name } : {}),
      });
      setNotice(`The passkey “${added.data.name}” is added.`);
      form.reset();
      await onChange();
    });
  };

  // Removing asks for the password right there, in a field of its own: the add form's field is
  // for adding, and a Remove that failed until it was filled said nothing beforehand.
  const [removing, setRemoving] = useState<PasskeyInfo | null>(null);
  const remove = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const passkey = removing;
    if (!passkey) return;
    const password = String(new FormData(event.currentTarget).get('remove_password') ?? '');
    setNotice(null);
    return run(async () => {
      await authApi.delete(`/api/account/passkeys/${passkey.id}`, { data: { password } });
      setRemoving(null);
      setNotice(`The passkey “${passkey.name}” is removed.`);
      await onChange();
    });
  };

  return (
    <section className={styles.section} aria-labelledby="passkeys-title">
      <h2 id="passkeys-title" className={styles.title}>
        Passkeys
      </h2>
      <p className={styles.lead}>
        Sign in with your fingerprint, face or device PIN instead of a password.
      </p>
      {notice ? (
        <p role="status" className={styles.success}>
          {notice}
        </p>
      ) : null}
      <FormError message={error} />
      {passkeys.length > 0 ? (
        <ul className={styles.list} aria-label="Your passkeys">
          {passkeys.map((passkey) => (
            <li key={passkey.id} className={styles.row}>
              <span>
                {passkey.name}
                <span className={styles.hint}>
                  {' '}
                  added {dayInWords(passkey.created_at)}
                  {passkey.last_used_at ? `, last used ${dayInWords(passkey.last_used_at)}` : ''}
                </span>
              </span>
              {removing?.id === passkey.id ? null : (
                <button
                  type="button"
                  className={styles.secondary}
                  onClick={() => {
                    setError(null);
                    setRemoving(passkey);
                  }}
                  disabled={waiting}
                  aria-label={`Remove the passkey ${passkey.name}`}
                >
                  Remove
                </button>
              )}
              {removing?.id === passkey.id ? (
                <form method="post" className={styles.form} onSubmit={remove} noValidate>
                  <Field
                    id="remove_password"
                    label={`Your password, to remove “${passkey.name}”`}
                    hint="Removing a passkey asks for your password."
                    type="password"
                    autoComplete="current-password"
                    required
                    autoFocus
                    errors={fields.password}
                  />
                  <div className={styles.actions}>
                    <button type="submit" className={styles.secondary} disabled={waiting}>
                      Remove passkey
                    </button>
                    <button
                      type="button"
                      className={styles.secondary}
                      onClick={() => setRemoving(null)}
                    >
                      Keep it
                    </button>
                  </div>
                </form>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
      <form method="post" className={styles.form} onSubmit={add} noValidate>
        <Field
          id="passkey_name"
          label="Name of the new passkey (optional)"
          maxLength={60}
          autoComplete="off"
          errors={fields.name}
        />
        <Field
          id="passkey_password"
          label="Your password"
          type="password"
          autoComplete="current-password"
          errors={fields.password}
        />
        {supported ? (
          <button type="submit" className={styles.button} disabled={waiting}>
            Add a passkey
          </button>
        ) : (
          <p className={styles.hint}>This browser cannot make passkeys.</p>
        )}
      </form>
    </section>
  );
}
