import 'server-only';
import { logger } from '@/lib/logger';

/**
 * One log line per sign-in outcome (issue 4, point 11). Only ids, kinds and reasons: never a
 * password, code, token or e-mail address.
 */
export function logSignIn(entry: {
  outcome: 'success' | 'failure' | 'challenge';
  method: 'password' | 'totp' | 'email' | 'sms' | 'google';
  store: string;
  ip: string;
  userId?: string | null;
  reason?: string;
}): void {
  const line = { event: 'sign_in', ...entry };
  if (entry.outcome === 'failure') logger.warn(line, 'sign-in failed');
  else logger.info(line, entry.outcome === 'success' ? 'signed in' : 'second factor required');
}
