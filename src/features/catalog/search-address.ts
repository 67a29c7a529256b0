// Where a domain search's page lives inside the application (docs/decisions/0111). Shoppers use
// `/domains/search?q=…`; proxy.ts rewrites that to `/domains/search/{query}` so that Next's page
// cache, which keys pages by path and never by query string, keeps one results page per store,
// site version and query. Used by proxy.ts (edge-safe: no Node APIs) and by the results page.

/** The longest query a page searches for (the box allows 253 characters). */
export const SEARCH_QUERY_MAX = 300;

/** The query a search page is for: `?q=` trimmed and bounded; empty when there is none. */
export function searchQueryOf(raw: string | null | undefined): string {
  return (raw ?? '').trim().slice(0, SEARCH_QUERY_MAX);
}

/** The path segment of a query: base64url of its UTF-8, so `/`, `%` and `.` cannot route. */
export function encodeSearchSegment(query: string): string {
  let binary = '';
  for (const byte of new TextEncoder().encode(query)) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** The query of a path segment, or null when the segment is not one this module wrote. */
export function decodeSearchSegment(segment: string): string | null {
  if (!/^[A-Za-z0-9_-]{1,500}$/.test(segment)) return null;
  let binary: string;
  try {
    binary = atob(segment.replace(/-/g, '+').replace(/_/g, '/'));
  } catch {
    return null;
  }
  const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
  let query: string;
  try {
    query = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
  // Exactly one segment per query: anything else is not an address this module made.
  return query !== '' && query === searchQueryOf(query) && encodeSearchSegment(query) === segment
    ? query
    : null;
}

/** The cache tag of every search page that lists a domain whose name (first label) is `label`. */
export const domainSearchTag = (label: string): string => `domain-search:${label.toLowerCase()}`;
