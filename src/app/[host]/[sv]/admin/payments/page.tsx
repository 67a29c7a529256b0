import type { Metadata } from 'next';
import { AdminFrame } from '@/features/store-admin/components/admin-frame';
import { OwnersOnly } from '@/features/store-admin/components/owners-only';
import { connectAvailable } from '@/features/payments/server/stripe-connect.server';
import { PaymentsPanel } from '@/features/store-admin/components/payments-panel';
import { paymentsState } from '@/features/store-admin/payments/server/payments-admin.server';
import { adminViewer } from '@/features/store-admin/server/admin-viewer.server';
import { pageSection } from '@/features/store-admin/server/page-staff.server';

export const metadata: Metadata = { title: 'Payments', robots: { index: false } };
export const dynamic = 'force-dynamic';

/** Who is paid and named on the invoices; connect or disconnect the store's Stripe account (owners). */
export default async function AdminPaymentsPage() {
  const access = await pageSection('payouts.manage', '/admin/payments');
  if (!access.allowed) return <OwnersOnly viewer={adminViewer(access.staff)} title="Payments" />;
  const { staff } = access;
  const state = await paymentsState(staff);
  return (
    <AdminFrame current="/admin/payments" viewer={adminViewer(staff)} title="Payments">
      <p>
        The one who is paid is the one who sells: connect the store’s own Stripe account to sell in
        its own name, or sell under the platform, which is then paid and named on the invoices.
      </p>
      <PaymentsPanel
        merchantOfRecord={state.merchant_of_record}
        account={state.account ? { id: state.account.id, status: state.account.status } : null}
        supplier={{ legal_name: state.supplier.legal_name, vat_number: state.supplier.vat_number }}
        storeName={staff.store.config.store_name}
        connectAvailable={connectAvailable()}
      />
    </AdminFrame>
  );
}
