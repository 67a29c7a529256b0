'use client';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import formStyles from '@/components/form/form.module.css';
import { FormStatus } from '@/components/form/form-error';
import { FormError } from '@/components/form/field';
import { useFormAction } from '@/components/form/use-form-action';
import { browserApi } from '@/lib/browser-api';
import styles from './admin.module.css';

export type PaymentsPanelProps = {
  merchantOfRecord: 'platform' | 'store';
  account: { id: string; status: 'onboarding' | 'active' } | null;
  supplier: { legal_name: string; vat_number: string | null };
  storeName: string;
  /** The platform has Stripe keys: without them there is no account to connect. */
  connectAvailable: boolean;
};

/**
 * Who is paid and named on the store's invoices, with Connect (to Stripe's onboarding form) and
 * Disconnect (owners; issue 26 point 12).
 */
export function PaymentsPanel({
  merchantOfRecord,
  account,
  supplier,
  storeName,
  connectAvailable,
}: PaymentsPanelProps) {
  const router = useRouter();
  const action = useFormAction('The request was refused.');
  const [notice, setNotice] = useState<string | null>(null);

  async function connect() {
    setNotice(null);
    let url = '';
    const ok = await action.run(
      async () => {
        const { data } = await browserApi.post('/api/store-admin/payments/connect');
        url = data.data.url as string;
      },
      { leaving: true },
    );
    if (ok) window.location.assign(url);
  }

  async function disconnectAccount() {
    setNotice(null);
    if (await action.run(() => browserApi.delete('/api/store-admin/payments/connect'))) {
      setNotice('The Stripe account is disconnected: new orders are paid to the platform.');
      router.refresh();
    }
  }

  return (
    <>
      <FormStatus message={notice} />
      <FormError message={action.error} />
      <section className={styles.panel} aria-labelledby="merchant-title">
        <h2 id="merchant-title">Merchant of record</h2>
        {merchantOfRecord === 'store' ? (
          <p>
            {storeName} sells in its own name: customers pay into its own Stripe account, and its
            invoices name {supplier.legal_name}
            {supplier.vat_number ? ` (VAT number ${supplier.vat_number})` : ''} as the supplier.
          </p>
        ) : (
          <p>
            {storeName} sells under the platform: customers pay the platform, and invoices name{' '}
            {supplier.legal_name}
            {supplier.vat_number ? ` (VAT number ${supplier.vat_number})` : ''} as the supplier.
          </p>
        )}
        {account ? (
          <p>
            Stripe account <code>{account.id}</code>:{' '}
            <span
              className={`${styles.badge} ${account.status === 'active' ? styles.good : styles.warn}`}
            >
              {account.status === 'active' ? 'Connected' : 'Stripe needs more details'}
            </span>
          </p>
        ) : null}
        <p className={styles.empty}>
          Orders already placed keep the supplier and account they were placed with.
        </p>
        {!account && !connectAvailable ? (
          <p>
            Card payments through Stripe are not set up on this platform yet, so there is no account
            to connect: ask the platform’s operator to set them up.
          </p>
        ) : null}
      </section>
      <div className={styles.row}>
        {account?.status !== 'active' && connectAvailable ? (
          <button
            type="button"
            className={formStyles.button}
            disabled={action.waiting}
            onClick={connect}
          >
            {account ? 'Continue connecting with Stripe' : 'Connect a Stripe account'}
          </button>
        ) : null}
        {account ? (
          <button
            type="button"
            className={formStyles.secondary}
            disabled={action.waiting}
            onClick={disconnectAccount}
          >
            Disconnect the Stripe account
          </button>
        ) : null}
      </div>
    </>
  );
}
