'use client';
import { useRouter } from 'next/navigation';
import authStyles from '@/components/form/form.module.css';
import { FormError } from '@/components/form/field';
import { useFormAction } from '@/components/form/use-form-action';
import type { PaymentMethodView } from '@/features/payments/payment-types';
import { browserApi } from '@/lib/browser-api';
import styles from './dashboard.module.css';

/** The kept payment methods: make one the default, remove one. */
export function PaymentMethodsList({
  methods,
  manage,
}: {
  methods: PaymentMethodView[];
  manage: boolean;
}) {
  const router = useRouter();
  const action = useFormAction('Try again.');
  const act = async (call: () => Promise<unknown>) => {
    if (await action.run(call)) router.refresh();
  };
  if (methods.length === 0) {
    return (
      <p className={styles.empty}>
        No payment method is kept. Tick “Keep my payment method for renewals” when you pay to renew
        automatically.
      </p>
    );
  }
  return (
    <>
      <FormError message={action.error} />
      <ul className={styles.panel}>
        {methods.map((m) => (
          <li key={m.id} className={styles.row}>
            <span>
              {m.label}
              {m.is_default ? ' (default)' : ''}
            </span>
            {manage && !m.is_default ? (
              <button
                type="button"
                className={authStyles.secondary}
                disabled={action.waiting}
                onClick={() =>
                  act(() =>
                    browserApi.patch(`/api/account/payment-methods/${m.id}`, { is_default: true }),
                  )
                }
              >
                Make {m.label} the default
              </button>
            ) : null}
            {manage ? (
              <button
                type="button"
                className={authStyles.secondary}
                disabled={action.waiting}
                onClick={() => act(() => browserApi.delete(`/api/account/payment-methods/${m.id}`))}
              >
                Remove {m.label}
              </button>
            ) : null}
          </li>
        ))}
      </ul>
    </>
  );
}
