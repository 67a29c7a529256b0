import type { CSSProperties, ReactNode } from 'react';
import type { Metadata } from 'next';
import { themeCssVariables } from '@/features/theme/css-vars';
import { pageStore } from '@/features/tenancy/server/page-store.server';

type Props = { children: ReactNode; params: Promise<{ host: string; sv: string }> };

export async function generateMetadata({ params }: Omit<Props, 'children'>): Promise<Metadata> {
  const { host, sv } = await params;
  const { store } = await pageStore(host, sv);
  return {
    title: { default: store.config.store_name, template: `%s | ${store.config.store_name}` },
  };
}

/** Every storefront page: the store's theme as CSS custom properties around the content. */
export default async function StoreLayout({ children, params }: Props) {
  const { host, sv } = await params;
  const { store } = await pageStore(host, sv);
  return (
    <div className="store-root" style={themeCssVariables(store.theme) as CSSProperties}>
      {children}
    </div>
  );
}
