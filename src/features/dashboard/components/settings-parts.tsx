'use client';
import { useRouter } from 'next/navigation';
import { useRef, useState } from 'react';
import authStyles from '@/components/form/form.module.css';
import { FormError } from '@/components/form/field';
import { useFormAction } from '@/components/form/use-form-action';
import { useTakeLostFocus } from '@/components/form/take-lost-focus';
import type { ServiceDetail } from '@/features/services/service-types';
import Link from 'next/link';
import type { DomainLife } from '../domain-life';
import { browserApi } from '@/lib/browser-api';
import styles from './dashboard.module.css';

/** What every settings form of a service page is given. */
export type Props = {
  service: ServiceDetail;
  members: { id: string; name: string; email: string }[];
  canManage: boolean;
  canBill: boolean;
  canSecret: boolean;
  /** A domain's next steps and the forms that can work in its status; null for other kinds. */
  life: DomainLife | null;
  /** Whether the account keeps a payment method auto-renew can charge. */
  hasPaymentMethod: boolean;
};

/** A form's saved message, announced; it takes the focus the busy button lost. */
export function Saved({ message }: { message: string | null }) {
  const ref = useRef<HTMLParagraphElement>(null);
  useTakeLostFocus(ref, message);
  return (
    <p
      ref={ref}
      tabIndex={-1}
      role="status"
      aria-live="polite"
      className={message ? authStyles.success : undefined}
    >
      {message}
    </p>
  );
}

/** A form's PATCH of the service, its busy state, errors and saved message. */
export function useSettings(serviceId: string) {
  const router = useRouter();
  const form = useFormAction('Check the fields marked below.');
  const [saved, setSaved] = useState<string | null>(null);
  async function patch(body: object, done: string) {
    setSaved(null);
    if (await form.run(() => browserApi.patch(`/api/services/${serviceId}`, body))) {
      setSaved(done);
      router.refresh();
    }
  }
  return { ...form, saved, patch, setSaved };
}

/** Auto-renew, and for numbers and plans the cancellation at the period's end. */
export function AutoRenew({
  service,
  hasPaymentMethod,
}: {
  service: ServiceDetail;
  hasPaymentMethod: boolean;
}) {
  const s = useSettings(service.id);
  const cancelable = service.type === 'number' || service.type === 'plan';
  return (
    <div className={styles.panel}>
      <h2>Renewal</h2>
      <FormError message={s.error} />
      {hasPaymentMethod ? (
        <div className={authStyles.check}>
          <input
            id="auto-renew"
            type="checkbox"
            className={authStyles.checkbox}
            defaultChecked={service.auto_renew}
            disabled={s.waiting}
            onChange={(e) => s.patch({ auto_renew: e.target.checked }, 'Auto-renew saved.')}
          />
          <label htmlFor="auto-renew">Renew automatically with my default payment method</label>
        </div>
      ) : (
        // With nothing to charge, "auto-renew on" would promise what cannot happen. What to do
        // before the due day is said once, under "What happens next".
        <p>
          Automatic renewal needs a payment method kept on this account: tick “Keep my payment
          method for renewals” when you next pay (see{' '}
          <Link prefetch={false} href="/dashboard/payment-methods">
            Payment methods
          </Link>
          ).
        </p>
      )}
      {cancelable ? (
        <div className={authStyles.check}>
          <input
            id="cancel-at-end"
            type="checkbox"
            className={authStyles.checkbox}
            defaultChecked={service.cancel_at_period_end}
            disabled={s.waiting}
            onChange={(e) =>
              s.patch({ cancel_at_period_end: e.target.checked }, 'Cancellation saved.')
            }
          />
          <label htmlFor="cancel-at-end">Cancel at the end of this period</label>
        </div>
      ) : null}
      <Saved message={s.saved} />
    </div>
  );
}
