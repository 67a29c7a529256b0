// The security headers of every answer (docs/decisions/0130-security-headers.md): no framing but
// where the product frames itself, no MIME sniffing, a strict referrer policy, and a
// Content-Security-Policy whose scripts are exactly the page's own.
//
// A page from Next's page cache is the same text for every visitor, so its inline scripts are
// allowed by their hashes, worked out once per page text (page-cache-handler.mjs). A page rendered per
// request is streamed, its headers leave before its scripts are written: Next gives its scripts
// the nonce this server puts in the request, and the answer's policy names that nonce. Either
// way `'strict-dynamic'` lets those scripts load the rest (Next's chunks, Stripe.js, Google's
// sign-in, the store's tag manager), and nothing a page did not start itself runs.
import { createHash, randomBytes } from 'node:crypto';

export const REFERRER_POLICY = 'strict-origin-when-cross-origin';

/**
 * Where the product frames its own pages: the reseller's theme preview, under /admin on the
 * store's own host. Everything else refuses every frame.
 */
export const SELF_FRAMED_PREFIX = '/admin/preview';

/** The frame-ancestors source of a path. @param {string} pathname */
export function frameAncestorsOf(pathname) {
  return pathname === SELF_FRAMED_PREFIX || pathname.startsWith(`${SELF_FRAMED_PREFIX}/`)
    ? "'self'"
    : "'none'";
}

/** @param {string | Buffer} text */
export const sha256Source = (text) =>
  `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

/**
 * The root layout's boot script (BOOT_SCRIPT, src/features/pricing/vat-display.ts): a page
 * rendered per request carries it without a nonce (React gives none to a plain script element).
 * tests/server/security-headers.test.ts fails when the two part.
 */
export const BOOT_HASH = "'sha256-gJziHGojrXRglousxiIwL9Mwl5OEqeAcInZDvx29A60='";

/** Script types a browser runs; any other type is a data block (JSON-LD, paint-first's marks). */
const RUNNABLE = new Set(['', 'text/javascript', 'application/javascript', 'module']);
const SCRIPT_OPEN = Buffer.from('<script');
const SCRIPT_CLOSE = Buffer.from('</script>');
const ATTRIBUTE_END = new Set([0x20, 0x3e, 0x09, 0x0a, 0x0d, 0x2f]); // space > tab LF CR /

/**
 * The hash sources of every inline script a page's HTML runs, in their order, once each.
 * @param {Buffer} html
 * @returns {string[]}
 */
export function inlineScriptHashes(html) {
  const hashes = new Set();
  let at = html.indexOf(SCRIPT_OPEN);
  while (at !== -1) {
    const next = html[at + SCRIPT_OPEN.length];
    const tagEnd = html.indexOf(0x3e, at);
    if (tagEnd === -1) break;
    if (next === undefined || !ATTRIBUTE_END.has(next)) {
      at = html.indexOf(SCRIPT_OPEN, at + 1);
      continue;
    }
    const close = html.indexOf(SCRIPT_CLOSE, tagEnd);
    if (close === -1) break;
    const tag = html.toString('latin1', at, tagEnd + 1);
    const type = /\stype\s*=\s*"([^"]*)"/i.exec(tag)?.[1].trim().toLowerCase() ?? '';
    if (!/\ssrc\s*=/i.test(tag) && RUNNABLE.has(type))
      hashes.add(sha256Source(html.subarray(tagEnd + 1, close)));
    at = html.indexOf(SCRIPT_OPEN, close + SCRIPT_CLOSE.length);
  }
  return [...hashes];
}

const NONCE_BYTES = 16;
const POOL_NONCES = 256;
let pool = Buffer.alloc(0);
let taken = POOL_NONCES;

/**
 * A nonce for a page request: 128 random bits. Drawn from a pool filled 256 nonces at a time, as
 * Node's randomUUID does: one randomBytes call costs as much as the rest of a cached page's
 * headers together.
 */
export function newNonce() {
  if (taken === POOL_NONCES) {
    pool = randomBytes(NONCE_BYTES * POOL_NONCES);
    taken = 0;
  }
  const at = NONCE_BYTES * taken++;
  return pool.toString('base64', at, at + NONCE_BYTES);
}

/** @param {string | undefined} url */
function originOf(url) {
  if (!url) return null;
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

/**
 * The outside origins a page may talk to and frame, by what this server is configured to load:
 * Stripe on the pay page, Google's sign-in, the stores' tag manager, error reporting. They let
 * nothing run: only the page's own scripts run, and these are what those scripts reach.
 * @param {NodeJS.ProcessEnv} env
 */
export function outsideOrigins(env) {
  const connect = [
    'https://*.googletagmanager.com',
    'https://*.google-analytics.com',
    'https://*.analytics.google.com',
  ];
  const frame = ['https://www.googletagmanager.com'];
  const style = [];
  if (env.PAYMENT_PROVIDER === 'stripe') {
    const js = originOf(env.STRIPE_JS_URL) ?? 'https://js.stripe.com';
    connect.push('https://api.stripe.com', js);
    frame.push('https://js.stripe.com', 'https://*.js.stripe.com', 'https://hooks.stripe.com', js);
  }
  if (env.GOOGLE_CLIENT_ID) {
    connect.push('https://accounts.google.com/gsi/');
    frame.push('https://accounts.google.com/gsi/');
    style.push('https://accounts.google.com/gsi/style');
  }
  const sentry = originOf(env.SENTRY_DSN);
  if (sentry) connect.push(sentry);
  const unique = (list) => [...new Set(list)].join(' ');
  return { connect: unique(connect), frame: unique(frame), style: unique(style) };
}

/**
 * A page's policy. `strictDynamic: false` (only for a cached page served without the paint-first
 * loader, which bench/lighthouse-sweep.mjs --compare measures) lets the page's own scripts load
 * from the site itself instead of from a script the policy trusts.
 * @param {{ scripts: string[], frameAncestors: string, origins: ReturnType<typeof outsideOrigins>, strictDynamic?: boolean }} p
 */
export function pagePolicy({ scripts, frameAncestors, origins, strictDynamic = true }) {
  return [
    "default-src 'self'",
    `script-src ${strictDynamic ? "'strict-dynamic'" : "'self'"} ${scripts.join(' ')}`,
    // Next inlines the pages' CSS, and themes and layout set style attributes.
    `style-src 'self' 'unsafe-inline' ${origins.style}`.trimEnd(),
    "img-src 'self' data: blob: https:",
    "font-src 'self' data:",
    `connect-src 'self' ${origins.connect}`,
    `frame-src 'self' ${origins.frame}`,
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    `frame-ancestors ${frameAncestors}`,
  ].join('; ');
}

/** The policy of an answer that is not a page (JSON, PDF, files): it may load and run nothing. */
export const nonPagePolicy = (frameAncestors) =>
  `default-src 'none'; frame-ancestors ${frameAncestors}`;

/** The headers every answer carries, whatever its type. @param {import('node:http').ServerResponse} res @param {string} frameAncestors */
export function setCommonHeaders(res, frameAncestors) {
  res.setHeader('x-content-type-options', 'nosniff');
  res.setHeader('referrer-policy', REFERRER_POLICY);
  res.setHeader('x-frame-options', frameAncestors === "'self'" ? 'SAMEORIGIN' : 'DENY');
}

/** HSTS's default lifetime: a year (docs/decisions/0242). */
export const HSTS_DEFAULT_MAX_AGE = 31_536_000;

/**
 * The Strict-Transport-Security value of an answer sent over HTTPS, or null when HSTS_MAX_AGE=0
 * turns it off. No includeSubDomains (a reseller's other names are not the product's), no
 * preload (a list browsers ship cannot be left in a hurry): docs/decisions/0242.
 * @param {NodeJS.ProcessEnv} env
 */
export function hstsValue(env) {
  const raw = env.HSTS_MAX_AGE ?? '';
  const maxAge = raw === '' ? HSTS_DEFAULT_MAX_AGE : Number(raw);
  if (!/^\d*$/.test(raw) || !Number.isSafeInteger(maxAge) || maxAge > 63_072_000)
    throw new Error('HSTS_MAX_AGE must be a whole number of seconds, 0 to 63072000 (two years)');
  return maxAge === 0 ? null : `max-age=${maxAge}`;
}

/**
 * Whether the client spoke HTTPS: scripts/serve.mjs sets X-Forwarded-Proto from the socket, or
 * leaves a trusted proxy's (TRUSTED_PROXY_HOPS), before this reads it.
 * @param {import('node:http').IncomingMessage} req
 */
export const cameOverHttps = (req) => req.headers['x-forwarded-proto'] === 'https';

/** Paths Next renders as pages (the rest are calls, files and chunks). */
const NOT_A_PAGE = /^\/(?:api|svc|_next)(?:\/|$)/;

/**
 * How long requests for one page that overlap share the first one's page context, its nonce and
 * the script hashes noted in it (docs/decisions/0311): Next looks a page up in its cache, or
 * renders it, once for all the requests that ask for it meanwhile, inside the first request, and
 * hands each the same answer (a render written with the first request's nonce, or a cached page
 * whose hashes only the first request's context was told). A render takes far less; past this
 * the next request starts a context of its own, so no nonce lives long.
 */
const SHARED_NONCE_MS = 10_000;

/** @typedef {{ nonce: string, scriptHashes: string[], since: number, open: number }} SharedPage */

/** A page as Next's cache knows it, or coarser: the host without its port, and the path. */
function pageKeyOf(req, pathname) {
  const host = String(req.headers.host ?? '')
    .toLowerCase()
    .replace(/:\d+$/, '');
  return `${host}${pathname}`;
}

/**
 * The headers of every answer of one server.
 * @param {{ env: NodeJS.ProcessEnv, loaderHash: string, withoutLoader?: boolean }} options
 *   `loaderHash`: the paint-first loader's hash source, which the page cache writes into every
 *   cached page. `withoutLoader`: PAINT_FIRST=off, and a cached page's chunks are plain script
 *   tags with another request's nonce, which load as the site's own.
 */
export function createSecurityHeaders({ env, loaderHash, withoutLoader = false }) {
  const origins = outsideOrigins(env);
  const hsts = hstsValue(env);
  /** @type {Map<string, SharedPage>} page -> the context its overlapping requests share */
  const overlapping = new Map();
  return {
    /**
     * Before Next sees the request: a page request gets a nonce, which Next reads from the
     * request's policy and gives to the scripts it writes. Whatever a client sent there is
     * replaced. Requests for one page that overlap share one context (SHARED_NONCE_MS): the
     * answer Next hands them may be one lookup's or one render's. Returns the page context to run
     * the request in (page-context.mjs), with its nonce, or null for a request that is no page.
     * @param {import('node:http').IncomingMessage} req
     * @param {import('node:http').ServerResponse} res
     * @returns {{ nonce: string, scriptHashes: string[] } | null}
     */
    prepare(req, res) {
      delete req.headers['content-security-policy'];
      delete req.headers['content-security-policy-report-only'];
      const pathname = (req.url ?? '/').split('?', 1)[0] ?? '/';
      if (NOT_A_PAGE.test(pathname)) return null;
      const key = pageKeyOf(req, pathname);
      const at = performance.now();
      let shared = overlapping.get(key);
      if (!shared || at - shared.since > SHARED_NONCE_MS) {
        shared = { nonce: newNonce(), scriptHashes: [], since: at, open: 0 };
        overlapping.set(key, shared);
      }
      const mine = shared;
      mine.open += 1;
      let done = false;
      const release = () => {
        if (done) return;
        done = true;
        mine.open -= 1;
        if (mine.open === 0 && overlapping.get(key) === mine) overlapping.delete(key);
      };
      res.once('finish', release);
      res.once('close', release);
      req.headers['content-security-policy'] = `script-src 'nonce-${mine.nonce}'`;
      return mine;
    },

    /**
     * Just before the headers are written. A policy the application set (the store snippet's
     * document) is its own and stays.
     * @param {import('node:http').IncomingMessage} req
     * @param {import('node:http').ServerResponse} res
     * @param {{ nonce: string | null, scriptHashes?: readonly string[], cached?: boolean }} page
     *   the request's nonce; the hashes of the inline scripts of the cached page Next handed out
     *   for it (page-context.mjs); whether Next sent that page (its x-nextjs-cache said HIT or
     *   STALE) rather than one it rendered now
     */
    apply(req, res, { nonce, scriptHashes = [], cached = false }) {
      const pathname = (req.url ?? '/').split('?', 1)[0] ?? '/';
      const frameAncestors = frameAncestorsOf(pathname);
      setCommonHeaders(res, frameAncestors);
      // Over HTTPS only: a browser ignores it over plain HTTP, and it must not pin a host that
      // has no certificate yet.
      if (hsts && cameOverHttps(req)) res.setHeader('strict-transport-security', hsts);
      if (res.getHeader('content-security-policy') !== undefined) return;
      // A 304 (Next answers If-None-Match itself) carries no type, and whatever policy it named
      // would replace the one the browser keeps with its copy of the page (RFC 9111 section
      // 4.3.4). Without one, the copy keeps its own, made for its very scripts.
      if (res.statusCode === 304) return;
      const html = String(res.getHeader('content-type') ?? '').startsWith('text/html');
      if (!html) {
        res.setHeader('content-security-policy', nonPagePolicy(frameAncestors));
        return;
      }
      // A cached page (Next says HIT or STALE), rendered with another request's nonce, runs by
      // its scripts' hashes (the loader's among them), and names no nonce: a shared cache in
      // front (nginx) hands the same answer to many visitors. A page rendered now runs by this
      // request's nonce.
      const scripts =
        cached && scriptHashes.length > 0
          ? [...new Set([loaderHash, BOOT_HASH, ...scriptHashes])]
          : [...(nonce ? [`'nonce-${nonce}'`] : []), loaderHash, BOOT_HASH];
      res.setHeader(
        'content-security-policy',
        pagePolicy({ scripts, frameAncestors, origins, strictDynamic: !withoutLoader }),
      );
    },
  };
}
