import 'server-only';
import { randomInt } from 'node:crypto';
import { parsePhoneNumberWithError } from 'libphonenumber-js';
import { appDb } from '@/lib/db/app-db';
import type { AppDb } from '@/lib/db/client';
import { ApiError } from '@/lib/http/api-response';
import { consumeLimits, type LimitRule } from '@/lib/rate-limit/limiter';
import { seal, unseal } from '@/lib/security/seal';
import { serverSecret } from '@/lib/security/server-secret';
import { logger } from '@/lib/logger';
import { requirePermission } from '@/features/access/roles';
import { recordActivity, type ActivityActor } from '@/features/activity/server/activity.server';
import {
  releaseRegisteredDomain,
  returnNumberToInventory,
} from '@/features/catalog/server/inventory.server';
import type { ServiceStatus } from '../service-types';
import { lockAccountService, updateService, type ServiceRow } from './services-repository.server';
import {
  displayNumber,
  serviceNotChangeable,
  serviceNotFound,
  type ServiceCaller,
} from './service-settings.server';

/**
 * What a customer does to a service beyond its settings: reveal a domain's auth code
 * and release a number; and how any service ends (released), shared with the renewal jobs.
 */

/** Five reveals an hour per person: the code is the key to move a domain away. */
export const AUTH_CODE_LIMIT: LimitRule = { name: 'auth-code:user', points: 5, duration: 3600 };

const SEAL_PURPOSE = 'domain-auth-code';
// Letters, digits and symbols every registry accepts in an EPP authInfo; no look-alikes.
const AUTH_CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789!#%+=';

function newAuthCode(): string {
  let code = '';
  for (let i = 0; i < 16; i++) code += AUTH_CODE_ALPHABET[randomInt(AUTH_CODE_ALPHABET.length)];
  return code;
}

const REVEALABLE: readonly ServiceStatus[] = ['active', 'expired'];

/**
 * A domain's auth code (EPP authInfo), made once and kept sealed; the route has asked the
 * password again. Rate-limited per person, and written to the activity log with the address.
 */
export async function revealAuthCode(
  caller: ServiceCaller & { userId: string },
  id: string,
): Promise<{ auth_code: string }> {
  requirePermission(caller.role, 'services.secret');
  await consumeLimits([[AUTH_CODE_LIMIT, caller.userId]]);
  const secret = await serverSecret();
  const scope = { accountId: caller.accountId, storeKey: caller.storeKey };
  const db = await appDb();
  return db.transaction(async (tx) => {
    const row = await lockAccountService(tx, { id, ...scope });
    if (!row || row.type !== 'domain') throw serviceNotFound();
    if (!REVEALABLE.includes(row.status)) {
      throw new ApiError(
        409,
        'auth_code_unavailable',
        `This domain is ${row.status}: it cannot be transferred away now.`,
      );
    }
    const details = row.details;
    const kept =
      typeof details.auth_code === 'string'
        ? unseal(secret, SEAL_PURPOSE, details.auth_code)
        : null;
    const code = kept ?? newAuthCode();
    if (!kept) {
      await updateService(tx, row.id, {
        details: { ...details, auth_code: seal(secret, SEAL_PURPOSE, code) },
      });
    }
    await recordActivity(
      { ...scope, actor: caller.actor, action: 'domain.auth_code_revealed', target: row.name },
      tx,
    );
    return { auth_code: code };
  });
}

/**
 * Ends a service for good (status `released`, nothing renews): a number goes back to the
 * inventory, a domain leaves the registry. Used by the customer's release and by the lapse jobs;
 * the caller holds the service's lock.
 */
export async function endService(
  tx: AppDb,
  row: ServiceRow,
  input: { status: 'released' | 'cancelled'; actor: ActivityActor; action: string },
): Promise<void> {
  if (row.type === 'number') {
    const inventory = row.details.inventory;
    if (inventory) await returnNumberToInventory(tx, inventory);
    else logger.warn({ service_id: row.id }, 'a released number has no inventory row to return to');
  }
  if (row.type === 'domain') await releaseRegisteredDomain(tx, row.details.domain);
  await updateService(tx, row.id, {
    status: input.status,
    autoRenew: false,
    cancelAtPeriodEnd: false,
    renewsAt: null,
  });
  await recordActivity(
    {
      storeKey: row.storeKey,
      accountId: row.accountId,
      actor: input.actor,
      action: input.action,
      target: row.name,
    },
    tx,
  );
}

/** The same number however it is typed: +44 113 496 0011, 01134960011 (in its country). */
function sameNumber(typed: string, number: string): boolean {
  try {
    const country = parsePhoneNumberWithError(number).country;
    return parsePhoneNumberWithError(typed.trim(), country).number === number;
  } catch {
    return false;
  }
}

/**
 * Releases a number at the customer's word (`confirm` repeats the number): it leaves the account
 * at once and goes back on sale; nothing more is billed for it.
 */
export async function releaseNumber(
  caller: ServiceCaller,
  id: string,
  confirm: string,
): Promise<void> {
  requirePermission(caller.role, 'services.manage');
  const scope = { accountId: caller.accountId, storeKey: caller.storeKey };
  const db = await appDb();
  await db.transaction(async (tx) => {
    const row = await lockAccountService(tx, { id, ...scope });
    if (!row || row.type !== 'number') throw serviceNotFound();
    if (['released', 'cancelled', 'failed'].includes(row.status))
      throw serviceNotChangeable(row.status);
    if (!sameNumber(confirm, row.name)) {
      const shown = displayNumber(row.name);
      throw new ApiError(422, 'confirmation_mismatch', `Type ${shown} to confirm the release.`, {
        confirm: [`must be ${shown}, the number shown`],
      });
    }
    await endService(tx, row, {
      status: 'released',
      actor: caller.actor,
      action: 'service.released',
    });
  });
}
