import { NextResponse, type NextRequest } from 'next/server';
import { getEnv } from '@/lib/env';
import { errorResponse, invalidHost } from '@/lib/http/api-response';
import { SITE_VERSION_COOKIE } from '@/lib/http/cookie-names';
import { hostOfRequest } from '@/lib/http/host';
import { STORE_HEADER } from '@/lib/http/internal-headers';
import { resolveSiteVersion, SITE_VERSIONS } from '@/features/site-version/site-version';
import { matchHost, storeKeyOf } from '@/features/tenancy/host';
import {
  encodeSearchSegment,
  numbersSegmentOf,
  searchQueryOf,
} from '@/features/catalog/search-address';

const SEARCH_PATH = '/domains/search';
/**
 * The theme preview's frame (docs/decisions/0165): `/admin/preview/{path}` shows the store's page
 * `{path}`; security-headers.mjs lets the store frame this prefix, and only it.
 */
const PREVIEW_PREFIX = '/admin/preview';
const isPreview = (pathname: string) =>
  pathname === PREVIEW_PREFIX || pathname.startsWith(`${PREVIEW_PREFIX}/`);
const NUMBERS_PATH = '/numbers';
/** Search pages whose query becomes a path segment: the query string is not passed on. */
const QUERY_PAGES = new Set([SEARCH_PATH, NUMBERS_PATH]);

/**
 * The application path of a page. A domain or number search's query becomes a path segment, so
 * its results page is cached per query (docs/decisions/0111); that internal form is not an
 * address of its own from outside (it answers the store's 404 page).
 */
function pagePath(pathname: string, params: URLSearchParams): string {
  if (isPreview(pathname)) {
    const shown = pathname.slice(PREVIEW_PREFIX.length) || '/';
    // The admin is not previewed in itself.
    return shown === '/admin' || shown.startsWith('/admin/')
      ? `/not-found${shown}`
      : pagePath(shown, params);
  }
  if (pathname === '/') return '';
  if (pathname === SEARCH_PATH) {
    const query = searchQueryOf(params.get('q'));
    return query ? `${SEARCH_PATH}/${encodeSearchSegment(query)}` : SEARCH_PATH;
  }
  if (pathname === NUMBERS_PATH) {
    const segment = numbersSegmentOf(params);
    return segment ? `${NUMBERS_PATH}/${segment}` : NUMBERS_PATH;
  }
  if (pathname.startsWith(`${SEARCH_PATH}/`) || pathname.startsWith(`${NUMBERS_PATH}/`))
    return `/not-found${pathname}`;
  return pathname;
}

/**
 * The request gate (docs/contract/architecture.md "One request, end to end"):
 * - any path containing /check-health is answered here, before any store or database work;
 * - the host (or its override) is checked; a malformed one gets 400;
 * - pages are rewritten to /{host}/{siteVersion}/{path}, so rendering can be cached per store and
 *   site version; API paths pass through and resolve their store themselves.
 * No database access happens here.
 */
export function proxy(request: NextRequest): NextResponse {
  const { pathname, search } = request.nextUrl;
  const siteVersion = resolveSiteVersion({
    cookie: request.cookies.get(SITE_VERSION_COOKIE)?.value,
    acceptLanguage: request.headers.get('accept-language'),
  });

  if (pathname.includes('/check-health')) {
    const { id, currency } = SITE_VERSIONS[siteVersion];
    return NextResponse.json(
      { data: { status: 'ok', path: pathname, site_version: { id, currency } } },
      { headers: { 'cache-control': 'no-store' } },
    );
  }

  const env = getEnv();
  const isApi = /^\/(api|svc)(\/|$)/.test(pathname);
  const host = hostOfRequest(request.headers, env.HOST_OVERRIDE_SECRET);
  if (!host.ok) {
    return isApi
      ? errorResponse(invalidHost())
      : new NextResponse('Bad request: the Host header is not a valid host name.', {
          status: 400,
          headers: { 'content-type': 'text/plain; charset=utf-8' },
        });
  }

  if (isApi) return NextResponse.next();

  // RFC 8414's address of the OAuth metadata; Next routes no folder whose name starts with a dot.
  if (pathname === '/.well-known/oauth-authorization-server') {
    const url = request.nextUrl.clone();
    url.pathname = '/api/oauth/metadata';
    return NextResponse.rewrite(url);
  }

  const match = matchHost(host.host, {
    nameport: env.DOMAIN_BRAND_HOSTS,
    callwave: env.TELEPHONY_BRAND_HOSTS,
  });
  const url = request.nextUrl.clone();
  url.pathname = `/${match.host}/${siteVersion}${pagePath(pathname, request.nextUrl.searchParams)}`;
  const shownPath = isPreview(pathname)
    ? pathname.slice(PREVIEW_PREFIX.length) || '/'
    : pathname;
  url.search = QUERY_PAGES.has(shownPath) ? '' : search;
  // No request-header changes: overriding them makes Next re-encode every header of every page
  // request, and cached pages read nothing from the request anyway. The response header names the
  // store for the request log; serve.mjs removes it (docs/decisions/0045).
  return NextResponse.rewrite(url, { headers: { [STORE_HEADER]: storeKeyOf(match) } });
}

export const config = {
  // API paths skip the proxy (their handlers resolve and check the host themselves, and every
  // proxy pass costs throughput), except any path containing /check-health.
  matcher: [
    '/((?!_next/static|_next/image|brands/|favicon\\.ico|api/(?!.*check-health)|svc/(?!.*check-health)).*)',
  ],
};
