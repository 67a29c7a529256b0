import type { Metadata } from 'next';
import { ServicesPage } from '@/features/dashboard/components/services-page';

export const metadata: Metadata = { title: 'Plans', robots: { index: false } };
export const dynamic = 'force-dynamic';

export default function PlansPage() {
  return <ServicesPage kind="plans" />;
}
