import type { Metadata } from 'next';
import { ServicePage } from '@/features/dashboard/components/service-page';

export const metadata: Metadata = { title: 'Service', robots: { index: false } };
export const dynamic = 'force-dynamic';

type Props = { params: Promise<{ id: string }> };

export default async function ServiceDetailPage({ params }: Props) {
  const { id } = await params;
  return <ServicePage id={id} />;
}
