import type { Metadata } from 'next';
import { DnsPage } from '@/features/dashboard/components/dns-page';

export const metadata: Metadata = { title: 'DNS', robots: { index: false } };
export const dynamic = 'force-dynamic';

type Props = { params: Promise<{ id: string }> };

export default async function ServiceDnsPage({ params }: Props) {
  const { id } = await params;
  return <DnsPage id={id} />;
}
