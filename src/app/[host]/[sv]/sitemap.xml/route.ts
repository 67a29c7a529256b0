import { notFoundText, sitemapXml, storeForFile } from '@/features/seo/server/site-files.server';

/** Per-host sitemap.xml. */
export async function GET(
  _request: Request,
  { params }: { params: Promise<{ host: string; sv: string }> },
) {
  const store = await storeForFile(params);
  return store ? sitemapXml(store) : notFoundText();
}
