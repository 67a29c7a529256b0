import { notFoundText, webManifest, storeForFile } from '@/features/seo/server/site-files.server';

/** Per-host manifest.webmanifest. */
export async function GET(
  _request: Request,
  { params }: { params: Promise<{ host: string; sv: string }> },
) {
  const store = await storeForFile(params);
  return store ? webManifest(store) : notFoundText();
}
