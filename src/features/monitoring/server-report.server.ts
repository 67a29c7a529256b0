import 'server-only';
import * as Sentry from '@sentry/nextjs';
import { getEnv } from '@/lib/env';
import { logger } from '@/lib/logger';
import { resolveSiteVersion } from '@/features/site-version/site-version';
import { hostOfRequest } from '@/lib/http/host';
import { storeService } from '@/features/tenancy/server/store-service.server';
import { sharedOptions, type ReportTags } from './sentry-options';

let started = false;

/** Starts server-side error reporting when SENTRY_DSN is set; otherwise does nothing. */
export function startServerReporting(): void {
  const { SENTRY_DSN, NODE_ENV } = getEnv();
  if (!SENTRY_DSN || started) return;
  started = true;
  Sentry.init(sharedOptions(SENTRY_DSN, NODE_ENV));
}

type RequestInfo = {
  path: string;
  method: string;
  headers: Record<string, string | string[] | undefined>;
};

/** The store, host and site version of a request, for tagging its reports. */
export async function tagsOf(headers: Headers): Promise<ReportTags> {
  const host = hostOfRequest(headers, getEnv().HOST_OVERRIDE_SECRET);
  const cookie = /(?:^|;\s*)site_version=([12])/.exec(headers.get('cookie') ?? '')?.[1];
  const siteVersion = resolveSiteVersion({
    cookie,
    acceptLanguage: headers.get('accept-language'),
  });
  let store = 'unknown';
  try {
    store = (await storeService().forRequest(headers))?.config.store_uuid ?? 'none';
  } catch (error) {
    // The report goes out with store "unknown"; the lookup's failure is worth a line of its own.
    logger.warn({ err: String(error) }, 'store lookup for an error report failed');
  }
  return { store, host: host.ok ? host.host : 'invalid', site_version: String(siteVersion) };
}

/** Reports an error Next caught while handling a request, tagged with store, host and version. */
export async function reportRequestError(
  error: unknown,
  request: RequestInfo,
  context: Parameters<typeof Sentry.captureRequestError>[2],
): Promise<void> {
  if (!started) return;
  const headers = new Headers();
  for (const [k, v] of Object.entries(request.headers)) {
    if (typeof v === 'string') headers.set(k, v);
  }
  const tags = await tagsOf(headers);
  Sentry.withScope((scope) => {
    scope.setTags(tags);
    Sentry.captureRequestError(error, request, context);
  });
  await Sentry.flush(2_000);
}
