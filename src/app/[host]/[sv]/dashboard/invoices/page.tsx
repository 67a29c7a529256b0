import type { Metadata } from 'next';
import { InvoicesPage } from '@/features/dashboard/components/billing-pages';

export const metadata: Metadata = { title: 'Invoices', robots: { index: false } };
export const dynamic = 'force-dynamic';

export default function Page() {
  return <InvoicesPage />;
}
