'use client';
import { useId, useState } from 'react';
import Link from 'next/link';
import { useCartActions } from '@/features/cart/hooks/use-cart';
import { useOwnedDomains } from '../hooks/use-owned-domains';
import styles from './shop.module.css';

/**
 * Transfer of a registered domain: the auth code from the current registrar, then the add (with
 * the fly-out). Shown behind a button so a results list stays short; not offered for a domain
 * the customer's account already holds here, which links to it instead.
 */
export function TransferForm({ domain, display }: { domain: string; display: string }) {
  const id = useId();
  const call = useCartActions();
  const owned = useOwnedDomains();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  if (owned.has(display) || owned.has(domain)) {
    return (
      <p className={styles.status}>
        In your account ·{' '}
        <Link prefetch={false} href="/dashboard/domains">
          Manage {display}
        </Link>
      </p>
    );
  }

  if (!open) {
    return (
      <button
        type="button"
        className={styles.button}
        aria-label={`Transfer ${display}`}
        onClick={() => setOpen(true)}
      >
        Transfer
      </button>
    );
  }

  async function submit(form: HTMLFormElement) {
    if (busy) return;
    setBusy(true);
    setError(null);
    const authCode = String(new FormData(form).get('auth_code') ?? '').trim();
    const result = await call(
      'post',
      '/api/cart',
      { type: 'domain_transfer', domain, auth_code: authCode },
      { flash: true },
    );
    setBusy(false);
    if (!result.ok) setError(result.message);
  }

  return (
    <form
      className={styles.form}
      onSubmit={(e) => {
        e.preventDefault();
        void submit(e.currentTarget);
      }}
    >
      <div className={styles.field}>
        <label htmlFor={id}>Auth code for {display}</label>
        <input
          id={id}
          name="auth_code"
          required
          minLength={6}
          maxLength={64}
          autoComplete="off"
          className={styles.input}
          autoFocus
        />
      </div>
      <button type="submit" className={styles.button} aria-disabled={busy || undefined}>
        Add transfer
      </button>
      <span role="status" className={styles.error}>
        {error}
      </span>
    </form>
  );
}
