import 'server-only';
import type { LimitRule } from '@/lib/rate-limit/limiter';
import { hashToken } from '@/lib/security/tokens';

const MIN = 60;
const HOUR = 60 * MIN;

/**
 * The credential rate limits. Per-account counters reset when their window
 * ends, so an account is slowed after a handful of failures and never locked for good.
 * RATE_LIMIT_SCALE multiplies every `points`.
 */
export const LIMITS = {
  loginIp: { name: 'login:ip', points: 20, duration: 15 * MIN },
  loginAccount: { name: 'login:account', points: 10, duration: 15 * MIN },
  codeIp: { name: 'code:ip', points: 30, duration: 15 * MIN },
  codeAccount: { name: 'code:account', points: 15, duration: 15 * MIN },
  codeSend: { name: 'code:send', points: 5, duration: 15 * MIN },
  forgotIp: { name: 'forgot:ip', points: 10, duration: HOUR },
  forgotAccount: { name: 'forgot:account', points: 3, duration: HOUR },
  resetIp: { name: 'reset:ip', points: 30, duration: 15 * MIN },
  activationCheckIp: { name: 'activation-check:ip', points: 30, duration: 15 * MIN },
  registerIp: { name: 'register:ip', points: 10, duration: HOUR },
  registerAccount: { name: 'register:account', points: 3, duration: HOUR },
  googleIp: { name: 'google:ip', points: 30, duration: 15 * MIN },
  // Options and answer each count: 30 passwordless sign-ins per address.
  passkeyIp: { name: 'passkey:ip', points: 60, duration: 15 * MIN },
  tokenIp: { name: 'oauth:ip', points: 30, duration: 15 * MIN },
  revokeIp: { name: 'oauth-revoke:ip', points: 30, duration: 15 * MIN },
  /** Counted only for bearer tokens that fail, so a working desktop client never meets it. */
  bearerIp: { name: 'bearer:ip', points: 30, duration: 15 * MIN },
  invite: { name: 'invite:user', points: 20, duration: HOUR },
  reauth: { name: 'reauth:user', points: 10, duration: 15 * MIN },
  emailChange: { name: 'email-change:user', points: 5, duration: HOUR },
  emailConfirmIp: { name: 'email-confirm:ip', points: 30, duration: 15 * MIN },
} satisfies Record<string, LimitRule>;

/** The key of a per-account counter: the store and a hash of the e-mail, never the address. */
export function accountKey(storeKey: string, email: string): string {
  return hashToken(`${storeKey}\0${email}`);
}
