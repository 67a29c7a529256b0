'use client';
import { useState } from 'react';
import { problemOf } from '@/features/auth/api/auth-api';
import authStyles from '@/components/form/form.module.css';
import { FormError } from '@/components/form/field';
import { browserApi } from '@/lib/browser-api';
import { useHydrated } from '@/lib/use-hydrated';

/** Starts a new payment attempt for an order awaiting payment and goes to its pay page. */
export function PayNow({ orderId, label }: { orderId: string; label: string }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const hydrated = useHydrated();
  async function pay() {
    setBusy(true);
    setError(null);
    try {
      const { data } = await browserApi.post(`/api/orders/${orderId}/pay`);
      window.location.assign(data.data.payment.redirect_url);
    } catch (e) {
      setError(problemOf(e).message);
      setBusy(false);
    }
  }
  return (
    <>
      <FormError message={error} />
      <button
        type="button"
        className={authStyles.button}
        disabled={busy || !hydrated}
        onClick={pay}
      >
        {label}
      </button>
    </>
  );
}
