'use client';
import { ConfirmButton } from '@/components/form/confirm-button';
import { useRouter } from 'next/navigation';
import { useState, type FormEvent } from 'react';
import formStyles from '@/components/form/form.module.css';
import { FormStatus } from '@/components/form/form-error';
import { FormError } from '@/components/form/field';
import { useFormAction } from '@/components/form/use-form-action';
import { browserApi } from '@/lib/browser-api';
import styles from '../../components/admin.module.css';

export type RefundableLine = { id: string; label: string; amount: string };

/**
 * What staff may do with an order, as the server says it may be done and the role allows: mark a
 * bank transfer paid, cancel an unpaid order, refund every line left or the lines ticked. Each
 * asks the call and then reloads the page from the server, which shows the outcome.
 */
export function OrderActions({
  orderId,
  markPaid,
  cancel,
  refundLines,
}: {
  orderId: string;
  markPaid: boolean;
  cancel: boolean;
  /** The lines not refunded yet, when the role may refund and the order is paid; else empty. */
  refundLines: RefundableLine[];
}) {
  const router = useRouter();
  const action = useFormAction('Check the lines marked below.');
  const [notice, setNotice] = useState<string | null>(null);

  async function post(path: string, body: unknown, done: string) {
    setNotice(null);
    if (
      await action.run(() => browserApi.post(`/api/store-admin/orders/${orderId}/${path}`, body))
    ) {
      setNotice(done);
      router.refresh();
    }
  }

  function refund(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const ticked = new FormData(event.currentTarget).getAll('line').map(String);
    const all = ticked.length === 0 || ticked.length === refundLines.length;
    if (ticked.length === 0) {
      action.setError('Tick the lines to refund, or use “Refund every line”.');
      return;
    }
    void post('refund', all ? {} : { lines: ticked }, 'Refunded: the credit note is listed below.');
  }

  // After the last action the server offers nothing more; what it did stays said.
  if (!markPaid && !cancel && refundLines.length === 0 && !notice && !action.error) return null;
  return (
    <section aria-labelledby="actions-title">
      <h2 id="actions-title">Actions</h2>
      <FormStatus message={notice} />
      <FormError message={action.error} />
      {markPaid || cancel ? (
        <p className={styles.row}>
          {markPaid ? (
            <button
              type="button"
              className={formStyles.button}
              disabled={action.waiting}
              onClick={() => post('mark-paid', {}, 'Marked paid: the order is invoiced.')}
            >
              Mark the bank transfer paid
            </button>
          ) : null}
          {cancel ? (
            <ConfirmButton
              label="Cancel the order"
              name=""
              question="Cancel the order? It can no longer be paid, and this cannot be undone."
              confirm="Yes, cancel"
              disabled={action.waiting}
              onConfirm={() => post('cancel', {}, 'The order is cancelled.')}
            />
          ) : null}
        </p>
      ) : null}
      {refundLines.length > 0 ? (
        <form method="post" onSubmit={refund} className={styles.panel} noValidate>
          <fieldset>
            <legend>Refund by line</legend>
            {refundLines.map((l) => (
              <div key={l.id} className={formStyles.check}>
                <input
                  type="checkbox"
                  id={`line-${l.id}`}
                  name="line"
                  value={l.id}
                  className={formStyles.checkbox}
                  aria-invalid={action.fields.lines ? true : undefined}
                />
                <label htmlFor={`line-${l.id}`}>
                  {l.label} ({l.amount})
                </label>
              </div>
            ))}
          </fieldset>
          <p className={styles.row}>
            <button type="submit" className={formStyles.button} disabled={action.waiting}>
              Refund the ticked lines
            </button>
            <ConfirmButton
              label="Refund every line"
              name=""
              question="Refund every line? The payment goes back to the customer, the order’s services end and a credit note is issued. This cannot be undone."
              confirm="Yes, refund"
              disabled={action.waiting}
              onConfirm={() =>
                post('refund', {}, 'Refunded in full: the credit note is listed below.')
              }
            />
          </p>
        </form>
      ) : null}
    </section>
  );
}
