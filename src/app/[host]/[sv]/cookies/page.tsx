import type { Metadata } from 'next';
import { pageStore } from '@/features/tenancy/server/page-store.server';
import { LEGAL_PAGES } from '@/features/tenancy/legal-pages';
import { LegalDocument } from '@/features/shell/components/legal-document';

type Props = { params: Promise<{ host: string; sv: string }> };

export const metadata: Metadata = {
  title: LEGAL_PAGES.cookies.title,
  alternates: { canonical: LEGAL_PAGES.cookies.path },
};

/** The store's cookie notice: a cached store page like any other (0010). */
export default async function CookiesPage({ params }: Props) {
  const { host, sv } = await params;
  const { store } = await pageStore(host, sv);
  return <LegalDocument store={store} page="cookies" />;
}
