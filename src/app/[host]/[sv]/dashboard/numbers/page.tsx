import type { Metadata } from 'next';
import { ServicesPage } from '@/features/dashboard/components/services-page';

export const metadata: Metadata = { title: 'Numbers', robots: { index: false } };
export const dynamic = 'force-dynamic';

export default function NumbersPage() {
  return <ServicesPage kind="numbers" />;
}
