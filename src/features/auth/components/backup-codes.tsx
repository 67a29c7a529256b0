'use client';
import { useState, type FormEvent } from 'react';
import { authApi } from '../api/auth-api';
import { useFormAction } from '@/components/form/use-form-action';
import styles from '@/components/form/form.module.css';
import authStyles from './auth.module.css';
import { Field, FormError } from '@/components/form/field';

/** Backup codes just made: shown this once, to be kept somewhere safe. */
export function BackupCodeList({ codes }: { codes: string[] }) {
  return (
    <div className={styles.success} role="status">
      <p className={authStyles.noMargin}>
        Keep these backup codes somewhere safe. Each signs you in once when your authenticator app
        is not at hand; they are shown only now.
      </p>
      <ol className={authStyles.codes} aria-label="Backup codes">
        {codes.map((code) => (
          <li key={code} className={authStyles.secret}>
            {code}
          </li>
        ))}
      </ol>
    </div>
  );
}

/** How many backup codes are left, and a new set on request (the old ones then stop working). */
export function BackupCodesSection({
  left,
  onChange,
}: {
  left: number;
  onChange: () => Promise<unknown>;
}) {
  const { waiting, error, run } = useFormAction('Enter your password.');
  const [codes, setCodes] = useState<string[] | null>(null);

  const regenerate = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const password = String(new FormData(form).get('backup_password') ?? '');
    return run(async () => {
      const { data } = await authApi.post('/api/account/backup-codes', { password });
      setCodes(data.data.backup_codes);
      form.reset();
      await onChange();
    });
  };

  return (
    <section className={styles.section} aria-labelledby="backup-title">
      <h2 id="backup-title" className={styles.title}>
        Backup codes
      </h2>
      <p className={styles.lead} data-testid="backup-codes-left">
        {left === 1 ? '1 backup code is left.' : `${left} backup codes are left.`}
      </p>
      {codes ? <BackupCodeList codes={codes} /> : null}
      <FormError message={error} />
      <form method="post" className={styles.form} onSubmit={regenerate}>
        <Field
          id="backup_password"
          label="Your password"
          type="password"
          autoComplete="current-password"
          required
        />
        <button type="submit" className={styles.secondary} disabled={waiting}>
          Make new backup codes
        </button>
      </form>
    </section>
  );
}
