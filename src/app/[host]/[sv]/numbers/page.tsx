import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { pageStore } from '@/features/tenancy/server/page-store.server';
import { NumbersPage } from '@/features/shop/components/numbers-page';

type Props = { params: Promise<{ host: string; sv: string }> };

export const metadata: Metadata = { title: 'Phone numbers' };
// The page of free numbers, cached; expired when a number is held, and kept 15 seconds at most
// (docs/decisions/0111). A search's page is `[query]/page.tsx`.
export const revalidate = 15;

/** Virtual phone numbers of the site version's country, the first page of free ones. */
export default async function FreeNumbersPage({ params }: Props) {
  const { host, sv } = await params;
  const { store, siteVersion } = await pageStore(host, sv);
  if (store.config.dashboard_only) notFound();
  return <NumbersPage siteVersion={siteVersion} query={{ area: '', contains: '' }} />;
}
