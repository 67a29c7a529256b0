'use client';
import { useRouter } from 'next/navigation';
import { useState, type FormEvent } from 'react';
import authStyles from '@/components/form/form.module.css';
import { Field, FormError } from '@/components/form/field';
import { useFormAction } from '@/components/form/use-form-action';
import { browserApi } from '@/lib/browser-api';
import styles from './dashboard.module.css';
import { Saved } from './settings-parts';

/** The account's name, which invitations show ("X invited you to <name>"); PUT /api/account/name. */
export function AccountNameForm({ name }: { name: string }) {
  const router = useRouter();
  const form = useFormAction('Check the name.');
  const [saved, setSaved] = useState<string | null>(null);
  async function save(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    setSaved(null);
    const value = String(new FormData(e.currentTarget).get('account_name') ?? '');
    if (await form.run(() => browserApi.put('/api/account/name', { name: value }))) {
      setSaved('The account’s name is saved.');
      router.refresh();
    }
  }
  return (
    <form method="post" className={styles.panel} onSubmit={save} noValidate>
      <h2>Account name</h2>
      <p>Invitations say who invited the person to this account, by this name.</p>
      <FormError message={form.error} />
      <Field
        id="account_name"
        label="Name of the account"
        defaultValue={name}
        key={name}
        maxLength={100}
        autoComplete="organization"
        required
        errors={form.fields.name}
      />
      <button type="submit" className={authStyles.button} disabled={form.waiting}>
        Save the name
      </button>
      <Saved message={saved} />
    </form>
  );
}
