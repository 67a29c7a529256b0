'use client';
import { useRouter } from 'next/navigation';
import authStyles from '@/features/auth/components/auth.module.css';
import { FormError } from '@/features/auth/components/field';
import { useFormAction } from '@/features/auth/hooks/use-form-action';
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
