import 'server-only';
import type { NextRequest } from 'next/server';
import { invalidHost, storeNotFound } from '@/lib/http/api-response';
import { getEnv } from '@/lib/env';
import { noteRequestStore } from '@/lib/request-context';
import {
  resolveSiteVersion,
  SITE_VERSION_COOKIE,
  type SiteVersionId,
} from '@/features/site-version/site-version';
import { matchHost, storeKeyOf } from '../host';
import { hostOfRequest } from '../request-host';
import type { Store } from '../store-types';
import { storeService } from './store-service.server';

/** The site version a request asks for: the visitor's cookie, else the locale rule. */
export function siteVersionOf(request: NextRequest): SiteVersionId {
  return resolveSiteVersion({
    cookie: request.cookies.get(SITE_VERSION_COOKIE)?.value,
    acceptLanguage: request.headers.get('accept-language'),
  });
}

/**
 * The store and site version of an API request. Throws 400 invalid_host for an unusable Host
 * header and 404 store_not_found when no store has the host.
 */
export async function requireStore(
  request: NextRequest,
): Promise<{ store: Store; siteVersion: SiteVersionId }> {
  const env = getEnv();
  const host = hostOfRequest(request.headers, env.HOST_OVERRIDE_SECRET);
  if (!host.ok) throw invalidHost();
  const store = await storeService().byHost(host.host);
  if (!store) throw storeNotFound();
  const groups = { nameport: env.DOMAIN_BRAND_HOSTS, callwave: env.TELEPHONY_BRAND_HOSTS };
  noteRequestStore(storeKeyOf(matchHost(host.host, groups)));
  return { store, siteVersion: siteVersionOf(request) };
}
