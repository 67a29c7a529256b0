import 'server-only';
import { appDb } from '@/lib/db/app-db';
import { now } from '@/lib/clock';
import type { RequestContext } from './request-context.server';
import { findSecondFactor, upsertSecondFactor } from './second-factor-repository.server';

/** How a session's user showed a second factor: a challenge's method, a passkey, or enrolling one. */
export type SecondFactorMethod =
  'totp' | 'email' | 'sms' | 'backup_code' | 'passkey' | 'totp_enrolled' | 'passkey_enrolled';

/**
 * Notes that the request's signed-in user showed a second factor on its session
 * (docs/decisions/0161): the store's admin asks for it. Does nothing without a signed-in session.
 */
export async function markSecondFactor(
  ctx: RequestContext,
  method: SecondFactorMethod,
): Promise<void> {
  const session = ctx.session;
  if (!session?.userId || ctx.grant) return;
  await upsertSecondFactor(await appDb(), {
    sessionId: session.id,
    userId: session.userId,
    method,
    at: now(),
  });
}

/**
 * Whether the request's signed-in user showed a second factor on this session, by one of
 * `methods` (all of them when not given).
 */
export async function hasSessionSecondFactor(
  ctx: RequestContext,
  methods?: ReadonlySet<string>,
): Promise<boolean> {
  const session = ctx.session;
  if (!session?.userId || ctx.grant) return false;
  const shown = await findSecondFactor(await appDb(), session.id, session.userId);
  return shown !== null && (!methods || methods.has(shown.method));
}
