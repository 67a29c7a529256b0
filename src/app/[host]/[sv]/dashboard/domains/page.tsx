import type { Metadata } from 'next';
import { ServicesPage } from '@/features/dashboard/components/services-page';

export const metadata: Metadata = { title: 'Domains', robots: { index: false } };
export const dynamic = 'force-dynamic';

export default function DomainsPage() {
  return <ServicesPage kind="domains" />;
}
