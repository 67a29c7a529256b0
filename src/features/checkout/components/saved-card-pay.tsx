import authStyles from '@/components/form/form.module.css';
import type { PaymentMethodView } from '@/features/payments/payment-types';
import { PayButton } from '@/features/purchase/components/pay-button';
import styles from './checkout.module.css';

/**
 * The pay page's other way: the account's kept payment methods, each paying the order at once
 * through the one pay button. A decline is said next to it and the order stays to pay; paid, the
 * order page shows it.
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
  return (
    <section aria-labelledby="saved-cards" className={authStyles.form}>
      <h3 id="saved-cards" className={styles.subheading}>
        Pay with a kept payment method
      </h3>
      <div className={styles.actions}>
        {methods.map((m) => (
          <PayButton
            key={m.id}
            orderId={orderId}
            methodId={m.id}
            paidHref={`/orders/${orderId}`}
            secondary={!m.is_default}
            label={`Pay ${amount} with ${m.label}`}
          />
        ))}
      </div>
    </section>
  );
}
