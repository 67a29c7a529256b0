'use client';
import { useRouter } from 'next/navigation';
import authStyles from '@/features/auth/components/auth.module.css';
import { FormError } from '@/features/auth/components/field';
import { useFormAction } from '@/features/auth/hooks/use-form-action';
import type { PaymentMethodView } from '@/features/payments/payment-types';
import { browserApi } from '@/lib/browser-api';
import styles from './checkout.module.css';

/**
 * The pay page's other way: the account's kept payment methods, each paying the order at once
 * (POST /api/orders/{id}/pay `{payment_method_id}`). A decline is said here and the order stays
 * to pay; paid, the order page shows it.
 */
export function SavedCardPay({
  orderId,
  amount,
  methods,
}: {
  orderId: string;
  amount: string;
  methods: PaymentMethodView[];
}) {
  const router = useRouter();
  const { waiting, error, run } = useFormAction('Try again.');
  async function pay(methodId: string) {
    const ok = await run(
      () => browserApi.post(`/api/orders/${orderId}/pay`, { payment_method_id: methodId }),
      { leaving: true },
    );
    if (ok) router.push(`/orders/${orderId}`);
  }
  return (
    <section aria-labelledby="saved-cards" className={authStyles.form}>
      <h3 id="saved-cards" className={styles.subheading}>
        Pay with a kept payment method
      </h3>
      <FormError message={error} />
      <div className={styles.actions}>
        {methods.map((m) => (
          <button
            key={m.id}
            type="button"
            className={m.is_default ? authStyles.button : authStyles.secondary}
            disabled={waiting}
            onClick={() => pay(m.id)}
          >
            Pay {amount} with {m.label}
          </button>
        ))}
      </div>
    </section>
  );
}
