import 'server-only';
import { normaliseHost } from '@/lib/http/host';
import { storeService } from '@/features/tenancy/server/store-service.server';
import type { Store } from '@/features/tenancy/store-types';
import { faviconFor } from '@/features/tenancy/favicon';
import { storeOrigin } from '@/features/tenancy/store-address';
import { LEGAL_PAGE_KEYS, LEGAL_PAGES } from '@/features/tenancy/legal-pages';

/** The store of a per-host file (robots.txt, sitemap.xml, manifest), or null. */
export async function storeForFile(params: Promise<{ host: string }>): Promise<Store | null> {
  const host = normaliseHost((await params).host);
  return host ? storeService().byHost(host) : null;
}

const HEADERS = { 'cache-control': 'public, max-age=300' };

export function notFoundText(): Response {
  return new Response('Not found\n', {
    status: 404,
    headers: { 'content-type': 'text/plain; charset=utf-8' },
  });
}

/** robots.txt: everything but the API is crawlable; points at the store's sitemap. */
export function robotsTxt(store: Store): Response {
  const body = [
    'User-agent: *',
    'Allow: /',
    'Disallow: /api/',
    'Disallow: /svc/',
    'Disallow: /cart',
    '',
    `Sitemap: ${storeOrigin(store)}/sitemap.xml`,
    '',
  ].join('\n');
  return new Response(body, {
    headers: { ...HEADERS, 'content-type': 'text/plain; charset=utf-8' },
  });
}

/** sitemap.xml of the store's public pages, at its canonical address. */
export function sitemapXml(store: Store): Response {
  const base = storeOrigin(store);
  const paths = ['/'];
  if (!store.config.dashboard_only && store.prices.length > 0) paths.push('/domains/pricing');
  paths.push(...LEGAL_PAGE_KEYS.map((key) => LEGAL_PAGES[key].path));
  const urls = paths.map((p) => `  <url><loc>${base}${p}</loc></url>`).join('\n');
  const body = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
  return new Response(body, {
    headers: { ...HEADERS, 'content-type': 'application/xml; charset=utf-8' },
  });
}

/** The web app manifest of the store: its name, colours and icon. */
export function webManifest(store: Store): Response {
  const body = {
    name: store.config.store_name,
    short_name: store.config.store_name.slice(0, 12),
    start_url: '/',
    display: 'standalone',
    background_color: store.theme.backgroundColor,
    theme_color: store.theme.primaryColor,
    icons: [{ src: faviconFor(store), sizes: 'any', type: 'image/svg+xml' }],
  };
  return new Response(JSON.stringify(body), {
    headers: { ...HEADERS, 'content-type': 'application/manifest+json' },
  });
}
