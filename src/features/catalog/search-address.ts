// Where a search's page lives inside the application (docs/decisions/0111). Shoppers use
// `/domains/search?q=…` and `/numbers?area=…&contains=…`; proxy.ts rewrites them to
// `/domains/search/{query}` and `/numbers/{query}` so that Next's page cache, which keys pages by
// path and never by query string, keeps one results page per store, site version and query.
// Used by proxy.ts (edge-safe: no Node APIs) and by the results pages.

/** The longest query a page searches for (the box allows 253 characters). */
export const SEARCH_QUERY_MAX = 300;

/** The query a search page is for: `?q=` trimmed and bounded; empty when there is none. */
export function searchQueryOf(raw: string | null | undefined): string {
  return (raw ?? '').trim().slice(0, SEARCH_QUERY_MAX);
}

/** The path segment of a text: base64url of its UTF-8, so `/`, `%` and `.` cannot route. */
export function encodeSearchSegment(query: string): string {
  let binary = '';
  for (const byte of new TextEncoder().encode(query)) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** The text of a path segment, or null when it is not exactly what encodeSearchSegment writes. */
function decodeSegment(segment: string): string | null {
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
  // Exactly one segment per text: anything else is not an address this module made.
  return encodeSearchSegment(query) === segment ? query : null;
}

/** The domain query of a path segment, or null when the segment is not one proxy.ts writes. */
export function decodeSearchSegment(segment: string): string | null {
  const query = decodeSegment(segment);
  return query && query === searchQueryOf(query) ? query : null;
}

/** A number search: the area code or prefix, and digits the number contains (either may be ''). */
export type NumbersQuery = { area: string; contains: string };

/** The longest area or digits a numbers page searches for (the form allows 6 and 10). */
const NUMBERS_FIELD_MAX = 20;
const numbersField = (raw: string | null | undefined) =>
  (raw ?? '').trim().slice(0, NUMBERS_FIELD_MAX);

/** The path segment of `?area=&contains=`, or null when both are empty (the page of free numbers). */
export function numbersSegmentOf(params: URLSearchParams): string | null {
  const area = numbersField(params.get('area'));
  const contains = numbersField(params.get('contains'));
  return area || contains ? encodeSearchSegment(JSON.stringify([area, contains])) : null;
}

/** The number search of a path segment, or null when the segment is not one proxy.ts writes. */
export function decodeNumbersSegment(segment: string): NumbersQuery | null {
  const text = decodeSegment(segment);
  if (text === null) return null;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (!Array.isArray(value) || value.length !== 2) return null;
  const [area, contains] = value as unknown[];
  if (typeof area !== 'string' || typeof contains !== 'string') return null;
  if (area !== numbersField(area) || contains !== numbersField(contains) || !(area || contains))
    return null;
  return { area, contains };
}

/** The cache tag of every numbers page of a site version: expired when a number is held. */
export const numbersPageTag = (siteVersion: number): string => `numbers-on-sale:${siteVersion}`;

/** The cache tag of every search page that lists a domain whose name (first label) is `label`. */
export const domainSearchTag = (label: string): string => `domain-search:${label.toLowerCase()}`;
