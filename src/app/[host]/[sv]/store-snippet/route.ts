import { notFoundText, storeForFile } from '@/features/seo/server/site-files.server';
import { snippetResponse } from '@/features/shell/server/snippet-document.server';

/**
 * The store's custom snippet, framed by its footer. A document of its own rather than the frame's
 * srcdoc: a srcdoc frame inherits the page's Content-Security-Policy, which runs only the page's
 * own scripts (docs/decisions/0130-security-headers.md).
 */
export async function GET(
  _request: Request,
  { params }: { params: Promise<{ host: string; sv: string }> },
) {
  const store = await storeForFile(params);
  const snippet = store?.variables.customSnippet;
  return snippet ? snippetResponse(snippet) : notFoundText();
}
