import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { decodeNumbersSegment } from '@/features/catalog/search-address';
import { pageStore } from '@/features/tenancy/server/page-store.server';
import { NumbersPage } from '@/features/shop/components/numbers-page';

type Props = { params: Promise<{ host: string; sv: string; query: string }> };

export const metadata: Metadata = { title: 'Phone numbers', robots: { index: false } };
// One number search (`?area=&contains=`, which proxy.ts turns into the `query` segment), cached
// like the page of free numbers (docs/decisions/0111).
export const revalidate = 15;

export async function generateStaticParams(): Promise<{ query: string }[]> {
  return [];
}

/** The numbers that match a search by area code or prefix and digits. */
export default async function NumbersSearchPage({ params }: Props) {
  const { host, sv, query: segment } = await params;
  const { store, siteVersion } = await pageStore(host, sv);
  const query = decodeNumbersSegment(segment);
  if (query === null || store.config.dashboard_only) notFound();
  return <NumbersPage siteVersion={siteVersion} query={query} />;
}
