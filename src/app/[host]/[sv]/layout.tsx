import { Suspense, type CSSProperties, type ReactNode } from 'react';
import type { Metadata } from 'next';
import { themeCssVariables } from '@/features/theme/css-vars';
import { pageStore } from '@/features/tenancy/server/page-store.server';
import { Header } from '@/features/shell/components/header';
import { Footer } from '@/features/shell/components/footer';
import { ThirdPartyScripts } from '@/features/shell/components/third-party-scripts';
import { AccountSlot } from '@/features/shell/components/account-slot';
import { SessionLostNotice } from '@/features/auth/components/session-lost-notice';
import { DataProvider, HydrationMark } from '@/features/shell/components/data-provider';
import { faviconFor } from '@/features/tenancy/favicon';
import { StructuredData } from '@/features/seo/components/structured-data';
import { organizationJsonLd, websiteJsonLd } from '@/features/seo/json-ld';
import { storeOrigin } from '@/features/tenancy/store-address';
import { previewedStore } from '@/features/store-admin/theme/server/preview.server';
import { DraftPreviewBanner } from '@/features/store-admin/theme/components/draft-preview-banner';
import styles from './store-layout.module.css';

type Params = Promise<{ host: string; sv: string }>;

/**
 * Store pages are rendered on their first visit and then served from the cache, per (host, site
 * version), until the store changes (see page-store.server.ts). Nothing in them reads the
 * request: visitor state is filled in the browser.
 */
/** A safety net: even without a change notice, a cached page is rebuilt after an hour. */
export const revalidate = 3600;

export async function generateStaticParams(): Promise<{ host: string; sv: string }[]> {
  return [];
}

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  const { host, sv } = await params;
  const { store } = await pageStore(host, sv);
  const name = store.config.store_name;
  return {
    metadataBase: new URL(storeOrigin(store)),
    title: { default: name, template: `%s | ${name}` },
    description: store.variables.bannerText || `${name}: domains and business phone services.`,
    icons: { icon: { url: faviconFor(store), type: 'image/svg+xml' } },
    manifest: '/manifest.webmanifest',
    openGraph: { siteName: name, type: 'website' },
  };
}

/** Every storefront page: the store's theme as CSS custom properties, header, footer. */
export default async function StoreLayout({
  children,
  params,
}: {
  children: ReactNode;
  params: Params;
}) {
  const { host, sv } = await params;
  const page = await pageStore(host, sv);
  const { siteVersion } = page;
  // A staff member previewing the theme sees the draft (Draft Mode only; shoppers never).
  const { store, previewing, unpublished } = await previewedStore(page.store);
  return (
    <div
      className={styles.root}
      style={themeCssVariables(store.theme) as CSSProperties}
      data-store={store.config.store_uuid}
      data-site-version={siteVersion}
    >
      <DataProvider>
        <a href="#main" className={styles.skip}>
          Skip to content
        </a>
        {/* The header is never in a Suspense boundary: React may send a boundary's content after
            the page's (it does once the page is large), and the page would then move down when
            the header arrives (0113). The footer, below everything, hydrates on its own (0112). */}
        {previewing ? <DraftPreviewBanner unpublished={unpublished} /> : null}
        <Header store={store} siteVersion={siteVersion} account={<AccountSlot />} />
        {store.variables.bannerText ? (
          <p className={styles.banner}>{store.variables.bannerText}</p>
        ) : null}
        <main id="main" className={styles.main}>
          {children}
        </main>
        <SessionLostNotice />
        <Suspense>
          <Footer store={store} />
          <HydrationMark part="footer" />
        </Suspense>
      </DataProvider>
      <ThirdPartyScripts store={store} />
      <StructuredData data={websiteJsonLd(store)} />
      <StructuredData data={organizationJsonLd(store)} />
    </div>
  );
}
