'use client';
import { useState } from 'react';
import { problemOf } from '@/features/auth/api/auth-api';
import authStyles from '@/components/form/form.module.css';
import { FormError } from '@/components/form/field';
import type { DemoOutcome, Payment } from '@/features/payments/payment-types';
import { PayButton } from '@/features/purchase/components/pay-button';
import { browserApi } from '@/lib/browser-api';
import { useHydrated } from '@/lib/use-hydrated';
import styles from './checkout.module.css';

/**
 * The demo provider's pay page: the customer chooses what the "bank" answers. Labelled as a demo
 * wherever it shows: no money moves.
 */
export function DemoPay({ payment: initial, orderId }: { payment: Payment; orderId: string }) {
  const [payment, setPayment] = useState(initial);
  const [working, setBusy] = useState(false);
  // The page paints before its scripts load: until then a click would do nothing and be lost.
  const hydrated = useHydrated();
  const busy = working || !hydrated;
  const [error, setError] = useState<string | null>(null);

  async function choose(outcome: DemoOutcome) {
    setBusy(true);
    setError(null);
    try {
      const { data } = await browserApi.post(`/api/payments/${payment.id}/demo`, { outcome });
      if (data.data.payment.status === 'succeeded') {
        window.location.assign(data.data.redirect_url);
        return;
      }
      setPayment(data.data.payment);
    } catch (e) {
      setError(problemOf(e).message);
    }
    setBusy(false);
  }

  return (
    <div className={authStyles.form}>
      <p className={styles.demo}>Demo payment — no money moves.</p>
      <FormError message={error} />
      {payment.status === 'requires_payment' ? (
        <div className={styles.actions}>
          <button
            type="button"
            className={authStyles.button}
            disabled={busy}
            onClick={() => choose('succeed')}
          >
            Pay (demo: succeeds)
          </button>
          <button
            type="button"
            className={authStyles.secondary}
            disabled={busy}
            onClick={() => choose('decline')}
          >
            Decline (demo)
          </button>
          <button
            type="button"
            className={authStyles.secondary}
            disabled={busy}
            onClick={() => choose('authenticate')}
          >
            Needs authentication (demo)
          </button>
        </div>
      ) : null}
      {payment.status === 'requires_action' ? (
        <>
          <p role="status">Your bank asks you to confirm this payment (demo of 3-D Secure).</p>
          <div className={styles.actions}>
            <button
              type="button"
              className={authStyles.button}
              disabled={busy}
              onClick={() => choose('succeed')}
            >
              Confirm payment (demo)
            </button>
            <button
              type="button"
              className={authStyles.secondary}
              disabled={busy}
              onClick={() => choose('decline')}
            >
              Cancel (demo)
            </button>
          </div>
        </>
      ) : null}
      {payment.status === 'failed' ? (
        <>
          <FormError
            message={`${payment.failure_message ?? 'The payment failed.'} Your order is still waiting for payment.`}
          />
          <PayButton orderId={orderId} label="Try again" />
        </>
      ) : null}
      {payment.status === 'succeeded' ? (
        <p role="status">
          Paid. <a href={`/orders/${orderId}`}>See your order</a>.
        </p>
      ) : null}
    </div>
  );
}
