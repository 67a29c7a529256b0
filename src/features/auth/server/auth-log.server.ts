import 'server-only';
import { logger } from '@/lib/logger';
import type { ChallengeMethod } from '../schemas';

/**
 * One log line per sign-in outcome. Only ids, kinds and reasons: never a
 * password, code, token or e-mail address.
 */
export function logSignIn(entry: {
  outcome: 'success' | 'failure' | 'challenge';
  method: 'password' | 'google' | 'passkey' | ChallengeMethod;
  store: string;
  ip: string;
  userId?: string | null;
  reason?: string;
}): void {
  const line = { event: 'sign_in', ...entry };
  if (entry.outcome === 'failure') logger.warn(line, 'sign-in failed');
  else logger.info(line, entry.outcome === 'success' ? 'signed in' : 'second factor required');
}

/**
 * One log line per desktop-client token event: codes and tokens issued, refreshed, revoked, and
 * the reuse of a used refresh token (which revokes its family). Ids only, never a token.
 */
export function logOAuth(entry: {
  event:
    | 'code_issued'
    | 'tokens_issued'
    | 'tokens_refreshed'
    | 'refresh_reused'
    | 'code_replayed'
    | 'token_revoked'
    | 'grant_refused'
    | 'bearer_refused';
  store: string;
  ip: string;
  userId?: string | null;
  clientId?: string;
  reason?: string;
}): void {
  const line = { ...entry, event: `oauth_${entry.event}` };
  const warn = ['refresh_reused', 'code_replayed', 'grant_refused', 'bearer_refused'];
  if (warn.includes(entry.event)) logger.warn(line, `oauth ${entry.event.replace('_', ' ')}`);
  else logger.info(line, `oauth ${entry.event.replace('_', ' ')}`);
}
