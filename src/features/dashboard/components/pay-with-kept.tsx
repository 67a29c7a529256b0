'use client';
import { useRouter } from 'next/navigation';
import authStyles from '@/components/form/form.module.css';
import { FormError } from '@/components/form/field';
import { useFormAction } from '@/components/form/use-form-action';
import { browserApi } from '@/lib/browser-api';

/** Pays a bill at once with a kept payment method; a decline is said next to the button. */
export function PayWithKept({
  orderId,
  methodId,
  label,
}: {
  orderId: string;
  methodId: string;
  label: string;
}) {
  const router = useRouter();
  const action = useFormAction('Try again.');
  async function pay() {
    const ok = await action.run(() =>
      browserApi.post(`/api/orders/${orderId}/pay`, { payment_method_id: methodId }),
    );
    if (ok) router.refresh();
  }
  return (
    <>
      <FormError message={action.error} />
      <button
        type="button"
        className={authStyles.secondary}
        disabled={action.waiting}
        onClick={pay}
      >
        {label}
      </button>
    </>
  );
}
