import 'server-only';
import { invalidHost } from '@/lib/http/api-response';
import type { RequestInput } from '@/lib/http/request-input';
import type { SessionCookie, SessionCookieSource } from '@/lib/http/session-cookie';
import { resolveSiteVersion, type SiteVersionId } from '@/features/site-version/site-version';
import { requireStoreOfHost } from '@/features/tenancy/server/store-service.server';
import type { Store } from '@/features/tenancy/store-types';
import {
  createSession,
  endSession,
  loadSession,
  rotateSession,
  signInSession,
  type Session,
  type SessionHandle,
} from './session-service.server';

/**
 * The store and site version a request is for, and the client's address. `host` is the host the
 * request named (after the override); a passkey's relying party is that host.
 */
export type StoreContext = { store: Store; siteVersion: SiteVersionId; ip: string; host: string };

/**
 * The store and site version of a request, for calls that need no session. Throws 400
 * invalid_host for an unusable Host header and 404 store_not_found when no store has the host.
 */
export async function storeContext(input: RequestInput): Promise<StoreContext> {
  if (!input.host.ok) throw invalidHost();
  const store = await requireStoreOfHost(input.host.host);
  return {
    store,
    siteVersion: resolveSiteVersion({
      cookie: input.siteVersionCookie,
      acceptLanguage: input.acceptLanguage,
    }),
    ip: input.ip,
    host: input.host.host,
  };
}

/**
 * What an access token (a desktop client's `Authorization: Bearer`) lets a request do: act for
 * a user within some scopes. The auth feature checks the token and builds the context with it.
 */
export type TokenGrant = { userId: string; clientId: string; scopes: readonly string[] };

/**
 * One request's store, site version and session, resolved once by the route and passed down
 * (docs/decisions/0050). Changes to the session made through it (created, signed in, rotated,
 * ended) are remembered in `sessionCookie`, which the route writes with `withSessionCookies`.
 * A request authorised by an access token has `grant` and no session.
 */
export class RequestContext implements StoreContext, SessionCookieSource {
  sessionCookie: SessionCookie | null = null;

  readonly store: Store;
  readonly siteVersion: SiteVersionId;
  readonly ip: string;
  readonly host: string;
  readonly https: boolean;
  /** The browser's Origin header and User-Agent, as the request gave them. */
  readonly origin: string | null;
  readonly userAgent: string | null;
  /** What an access token lets this request do; null for a browser's request. */
  readonly grant: TokenGrant | null;
  private handle: SessionHandle | null;

  constructor(
    where: StoreContext,
    input: Pick<RequestInput, 'https' | 'origin' | 'userAgent'>,
    handle: SessionHandle | null,
    grant: TokenGrant | null = null,
  ) {
    this.store = where.store;
    this.siteVersion = where.siteVersion;
    this.ip = where.ip;
    this.host = where.host;
    this.https = input.https;
    this.origin = input.origin;
    this.userAgent = input.userAgent;
    this.handle = handle;
    this.grant = grant;
  }

  /** The live session the request came with or made, or null. */
  get session(): Session | null {
    return this.handle?.session ?? null;
  }

  /** The signed-in user's id (of the session, or of the access token), or null for a visitor. */
  get userId(): string | null {
    return this.grant?.userId ?? this.handle?.session.userId ?? null;
  }

  private use(handle: SessionHandle): SessionHandle {
    this.handle = handle;
    this.sessionCookie = {
      token: handle.token,
      expiresAt: handle.session.remember ? handle.session.expiresAt : null,
      signedIn: handle.session.userId !== null,
    };
    return handle;
  }

  /** The request's session, made anew when there is none (only API calls do this, never pages). */
  async ensureSession(): Promise<SessionHandle> {
    // A token is not a browser: it never gets a session (and so never a cookie).
    if (this.grant) throw new Error('a request authorised by an access token has no session');
    return this.handle ?? this.use(await createSession(this.store.key));
  }

  /** Signs a user in on this request's session, with a new cookie id. */
  async signIn(input: { userId: string; remember: boolean; ctd: boolean }): Promise<SessionHandle> {
    const { session } = await this.ensureSession();
    return this.use(
      await signInSession(session.id, { ...input, userAgent: this.userAgent, ip: this.ip }),
    );
  }

  /** Sends the session's cookies again (GET /api/token restores a lost XSRF-TOKEN cookie). */
  async renewCookies(): Promise<SessionHandle> {
    return this.use(await this.ensureSession());
  }

  /** Gives the session a new cookie id without signing anyone in. */
  async rotate(): Promise<SessionHandle> {
    const { session } = await this.ensureSession();
    return this.use(await rotateSession(session.id));
  }

  /** Ends the session on the server and tells the browser to forget it. */
  async end(): Promise<void> {
    if (this.handle) await endSession(this.handle.session.id);
    this.forget();
  }

  /** Tells the browser to forget its session (after the server ended it another way). */
  forget(): void {
    this.handle = null;
    this.sessionCookie = { clear: true };
  }
}

/** Resolves a request's store, site version and session, once. */
export async function requestContext(input: RequestInput): Promise<RequestContext> {
  const where = await storeContext(input);
  const handle = input.sessionToken
    ? await loadSession({ storeKey: where.store.key, token: input.sessionToken })
    : null;
  return new RequestContext(where, input, handle);
}

/**
 * The context of a request authorised by an access token that the caller (auth) has checked:
 * the token's user and scopes, no session, no cookies.
 */
export async function tokenContext(
  input: RequestInput,
  grant: TokenGrant,
): Promise<RequestContext> {
  return new RequestContext(await storeContext(input), input, null, grant);
}
