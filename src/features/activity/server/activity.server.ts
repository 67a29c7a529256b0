import 'server-only';
import { now } from '@/lib/clock';
import { appDb } from '@/lib/db/app-db';
import type { AppDb } from '@/lib/db/client';
import { insertActivity, listActivity } from './activity-repository.server';

/**
 * The account's activity log. Features record what people do with `recordActivity`,
 * inside the transaction of the change when there is one, so a change and its record land
 * together.
 */

export type ActivityActor = { userId: string | null; label: string; ip: string | null };

export type ActivityEvent = {
  storeKey: string;
  accountId: string;
  actor: ActivityActor;
  /** Dotted names: `sign_in`, `service.updated`, `domain.auth_code_revealed`, `member.removed`... */
  action: string;
  /** What it was done to, as a person reads it: a domain, a number, an e-mail address. */
  target: string;
  detail?: Record<string, unknown>;
};

/** The product itself as an actor (renewal jobs). */
export const SYSTEM_ACTOR: ActivityActor = { userId: null, label: 'system', ip: null };

export async function recordActivity(event: ActivityEvent, db?: AppDb): Promise<void> {
  await insertActivity(db ?? (await appDb()), {
    storeKey: event.storeKey,
    accountId: event.accountId,
    at: now(),
    actorUserId: event.actor.userId,
    actor: event.actor.label,
    action: event.action,
    target: event.target,
    ip: event.actor.ip,
    detail: event.detail ?? null,
  });
}

export type ActivityView = {
  at: string;
  actor: string;
  action: string;
  target: string;
  ip: string | null;
};

/** The log as GET /api/account/audit answers it, newest first (200 at most). */
export async function accountActivity(scope: {
  accountId: string;
  storeKey: string;
  limit?: number;
}): Promise<ActivityView[]> {
  const rows = await listActivity(await appDb(), {
    accountId: scope.accountId,
    storeKey: scope.storeKey,
    limit: Math.min(scope.limit ?? 200, 200),
  });
  return rows.map((r) => ({
    at: r.at.toISOString(),
    actor: r.actor,
    action: r.action,
    target: r.target,
    ip: r.ip,
  }));
}
