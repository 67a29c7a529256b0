import 'server-only';
import { createHash } from 'node:crypto';

/** Where a store's custom snippet is served, framed by its footer. */
export const SNIPPET_PATH = '/store-snippet';

/** Inline script elements as a parser sees them, closely enough for the reseller's own HTML. */
const INLINE_SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;

/**
 * The hash sources of the snippet's inline scripts. A script the pattern misreads is only
 * refused (the snippet's own loss): a hash lets nothing run but the text it was made from.
 */
export function snippetScriptHashes(snippet: string): string[] {
  const hashes = new Set<string>();
  for (const [, attributes = '', body = ''] of snippet.matchAll(INLINE_SCRIPT)) {
    if (/\bsrc\s*=/i.test(attributes)) continue;
    hashes.add(`'sha256-${createHash('sha256').update(body).digest('base64')}'`);
  }
  return [...hashes];
}

/**
 * The snippet's policy. It is the reseller's HTML, so its external scripts, styles and images
 * may come from any https origin; its inline scripts run by hash only. It is sandboxed whether
 * framed or opened on its own, so it never acts as the store's origin (no cookies, no calls).
 */
export function snippetPolicy(snippet: string): string {
  return [
    "default-src 'none'",
    `script-src https: ${snippetScriptHashes(snippet).join(' ')}`.trimEnd(),
    "style-src https: 'unsafe-inline'",
    'img-src https: data:',
    'font-src https: data:',
    'connect-src https:',
    'frame-src https:',
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'self'",
    'sandbox allow-scripts allow-popups',
  ].join('; ');
}

/** The snippet as its own document: framed by the store's pages, never by another site. */
export function snippetResponse(snippet: string): Response {
  const html = `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"></head><body>${snippet}</body></html>`;
  return new Response(html, {
    headers: {
      'content-type': 'text/html; charset=utf-8',
      'content-security-policy': snippetPolicy(snippet),
      // A reseller's change shows at the next page view.
      'cache-control': 'no-store',
    },
  });
}
