import 'server-only';
import { createHash } from 'node:crypto';
import type { AppDb } from '@/lib/db/client';
import { hasErrorCode } from '@/lib/error-code';
import { ApiError } from '@/lib/http/api-response';
import { claimKey, findAnswer, saveAnswer, type StoredAnswer } from './checkout-repository.server';

/**
 * Idempotency-Key answers (POST /api/orders, POST /api/services/{id}/renew): per caller and key, the request's
 * hash and the answer. The same key with the same body answers what the first request answered;
 * with another body, 422 idempotency_key_reused. Only a successful answer is kept: a refused
 * request wrote nothing, so sending it again is simply trying again.
 */

/** An answer as the route sends it: its status and `{data}` body. */
export type Answer = { status: number; body: { data: unknown } };

/** Thrown inside the order's transaction when another request already answered this key. */
class AlreadyAnswered extends Error {
  readonly code = 'already_answered';

  constructor(readonly answer: Answer) {
    super('answered before');
    this.name = 'AlreadyAnswered';
  }
}

/** The earlier answer `takeKey` threw, or null for any other error (by its code, not its class). */
export function earlierAnswer(error: unknown): Answer | null {
  return hasErrorCode(error, 'already_answered') ? (error as AlreadyAnswered).answer : null;
}

function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value)
        .filter(([, v]) => v !== undefined)
        .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
        .map(([k, v]) => [k, canonical(v)]),
    );
  }
  return value;
}

/** The hash of a request's (validated) body, the same whatever the order of its keys. */
export function requestHash(body: unknown): string {
  return createHash('sha256')
    .update(JSON.stringify(canonical(body)))
    .digest('hex');
}

const reused = () =>
  new ApiError(
    422,
    'idempotency_key_reused',
    'This Idempotency-Key was used with another request body. Use a new key for a new request.',
  );

/** The stored answer for a key, checked against this request's hash. */
function replay(stored: StoredAnswer | null, hash: string): Answer | null {
  if (!stored) return null;
  if (stored.requestHash !== hash) throw reused();
  return { status: stored.status, body: stored.body as Answer['body'] };
}

export async function answeredBefore(
  db: AppDb,
  scope: string,
  key: string,
  hash: string,
): Promise<Answer | null> {
  return replay(await findAnswer(db, scope, key), hash);
}

/**
 * Takes the key in the request's transaction, or throws AlreadyAnswered (or 422) when a request
 * with this key committed first; a parallel one is waited for by the database.
 */
export async function takeKey(
  tx: AppDb,
  input: { scope: string; key: string; hash: string; at: Date },
): Promise<void> {
  const claimed = await claimKey(tx, {
    scope: input.scope,
    key: input.key,
    requestHash: input.hash,
    at: input.at,
  });
  if (claimed) return;
  const answer = replay(await findAnswer(tx, input.scope, input.key), input.hash);
  if (!answer) throw new Error('idempotency key vanished');
  throw new AlreadyAnswered(answer);
}

export function keepAnswer(
  tx: AppDb,
  input: { scope: string; key: string; answer: Answer },
): Promise<void> {
  return saveAnswer(tx, {
    scope: input.scope,
    key: input.key,
    status: input.answer.status,
    body: input.answer.body,
  });
}
