import type { Metadata } from 'next';
import { PaymentMethodsPage } from '@/features/dashboard/components/account-pages';

export const metadata: Metadata = { title: 'Payment methods', robots: { index: false } };
export const dynamic = 'force-dynamic';

export default function Page() {
  return <PaymentMethodsPage />;
}
