import type { Metadata } from 'next';
import { ActivityPage } from '@/features/dashboard/components/account-pages';

export const metadata: Metadata = { title: 'Activity', robots: { index: false } };
export const dynamic = 'force-dynamic';

export default function Page() {
  return <ActivityPage />;
}
