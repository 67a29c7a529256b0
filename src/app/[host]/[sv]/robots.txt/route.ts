import { notFoundText, robotsTxt, storeForFile } from '@/features/seo/server/site-files.server';

/** Per-host robots.txt. */
export async function GET(
  _request: Request,
  { params }: { params: Promise<{ host: string; sv: string }> },
) {
  const store = await storeForFile(params);
  return store ? robotsTxt(store) : notFoundText();
}
