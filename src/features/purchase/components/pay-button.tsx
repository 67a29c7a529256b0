'use client';
import { useRouter } from 'next/navigation';
import authStyles from '@/components/form/form.module.css';
import { FormError } from '@/components/form/field';
import { useFormAction } from '@/components/form/use-form-action';
import { browserApi } from '@/lib/browser-api';

/**
 * The one "pay" button of an order awaiting payment, wherever it shows (the pay page after a
 * decline, the order page, the dashboard's bills). Without a method it starts a new attempt and
 * goes to its pay page; with a kept method it pays at once and shows the page again, paid. A
 * refusal (declined, already paid) is said next to it.
 */
export function PayButton({
  orderId,
  label,
  methodId,
  paidHref,
  secondary = false,
}: {
  orderId: string;
  label: string;
  /** A kept payment method to charge now, instead of paying on the pay page. */
  methodId?: string;
  /** Where to go once a kept method paid; without it the page is shown again, paid. */
  paidHref?: string;
  secondary?: boolean;
}) {
  const router = useRouter();
  const action = useFormAction('Try again.');
  async function pay() {
    if (methodId) {
      const ok = await action.run(
        () => browserApi.post(`/api/orders/${orderId}/pay`, { payment_method_id: methodId }),
        paidHref ? { leaving: true } : undefined,
      );
      if (ok && paidHref) router.push(paidHref);
      else if (ok) router.refresh();
      return;
    }
    await action.run(
      async () => {
        const { data } = await browserApi.post(`/api/orders/${orderId}/pay`);
        window.location.assign(data.data.payment.redirect_url);
      },
      { leaving: true },
    );
  }
  return (
    <>
      <FormError message={action.error} />
      <button
        type="button"
        className={secondary ? authStyles.secondary : authStyles.button}
        disabled={action.waiting}
        onClick={pay}
      >
        {label}
      </button>
    </>
  );
}
