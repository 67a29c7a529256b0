import type { Metadata } from 'next';
import { OrdersPage } from '@/features/dashboard/components/billing-pages';

export const metadata: Metadata = { title: 'Orders', robots: { index: false } };
export const dynamic = 'force-dynamic';

export default function Page() {
  return <OrdersPage />;
}
