import type { Metadata } from 'next';
import { ServicesPage } from '@/features/dashboard/components/services-page';

export const metadata: Metadata = { title: 'Numbers', robots: { index: false } };
export const dynamic = 'force-dynamic';

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function NumbersPage({ searchParams }: Props) {
  return <ServicesPage kind="numbers" searchParams={await searchParams} />;
}
