import 'server-only';
import { randomBytes } from 'node:crypto';
import { and, asc, eq, isNotNull, lt, or, isNull } from 'drizzle-orm';
import { now as clockNow } from '@/lib/clock';
import { appDb } from '@/lib/db/app-db';
import { storeHostClaims, storeHosts } from '@/lib/db/schema';
import { getEnv } from '@/lib/env';
import { ApiError } from '@/lib/http/api-response';
import { normaliseHost } from '@/lib/http/host';
import { defineJob } from '@/lib/jobs/registry';
import { enqueue } from '@/lib/jobs/process-queue.server';
import { registerDueWork } from '@/lib/jobs/scheduler';
import { matchHost } from '@/features/tenancy/host';
import { announceStoreChange, applyStoreChange } from '@/features/tenancy/server/store-sync.server';
import { insertAdminAudit, type AdminAuditScope } from '../server/admin-audit-repository.server';
import { auditScope, type StaffContext } from '../server/staff.server';
import { checkVerifyRecord, verifyRecordName } from './dns-check.server';
import { hostUnicode, parseHostName } from './host-name';

/**
 * Hosts a store's owner adds (issue 26 point 5, docs/decisions/0175-0179): a claim holds the
 * token; the host serves the store (a row in store_hosts, which the tenancy lookup reads) once the
 * TXT record `_storefront-verify.{host}` holds the token; a scheduled check repeats it, and a host
 * whose record has not been seen for GRACE_MS stops serving.
 */

export const GRACE_MS = 72 * 60 * 60 * 1000;
/**
 * How long an unverified claim keeps a host from other stores (decision 0269): after that, a
 * store that adds the host takes the claim over, so a claim nobody proves cannot hold a name.
 */
export const PENDING_MS = 7 * 24 * 60 * 60 * 1000;
/** How often a verified host's record is checked again (decision 0176). */
export const RECHECK_MS = 60 * 60 * 1000;
export const RECHECK_JOB = 'store-hosts.recheck';

export type HostStatus = 'pending' | 'verified' | 'record_missing';

export type HostView = {
  host: string;
  /** The host in Unicode, as the owner typed it; the same as `host` for a plain ASCII name. */
  unicode: string;
  status: HostStatus;
  record: { name: string; type: 'TXT'; value: string };
  created_at: string;
  verified_at: string | null;
  last_seen_at: string | null;
  checked_at: string | null;
  /** When a verified host whose record is gone stops serving. */
  serving_until: string | null;
  /** When a pending claim stops keeping the host from other stores. */
  claim_expires_at: string | null;
};

type Claim = typeof storeHostClaims.$inferSelect;

/**
 * Since when a claim is unverified: its creation, or the check that made it pending again after
 * its record lapsed (only that check sets checkedAt on an unverified claim).
 */
const pendingSince = (claim: Claim) => claim.checkedAt ?? claim.createdAt;
const claimExpiresAt = (claim: Claim) => new Date(pendingSince(claim).getTime() + PENDING_MS);

function viewOf(claim: Claim): HostView {
  const status: HostStatus = !claim.verifiedAt
    ? 'pending'
    : claim.missingSince
      ? 'record_missing'
      : 'verified';
  return {
    host: claim.host,
    unicode: hostUnicode(claim.host),
    status,
    record: { name: verifyRecordName(claim.host), type: 'TXT', value: claim.token },
    created_at: claim.createdAt.toISOString(),
    verified_at: claim.verifiedAt?.toISOString() ?? null,
    last_seen_at: claim.lastSeenAt?.toISOString() ?? null,
    checked_at: claim.checkedAt?.toISOString() ?? null,
    serving_until:
      status === 'record_missing' && claim.lastSeenAt
        ? new Date(claim.lastSeenAt.getTime() + GRACE_MS).toISOString()
        : null,
    claim_expires_at: status === 'pending' ? claimExpiresAt(claim).toISOString() : null,
  };
}

const SYSTEM_EXPIRY: AdminAuditScope['actor'] = {
  userId: null,
  label: 'another store claimed the host after this claim expired',
};

const hostTaken = () => new ApiError(409, 'host_taken', 'This host belongs to another store.');
const noSuchHost = () => new ApiError(404, 'not_found', 'This store has no such host.');

function isBuiltInHost(host: string): boolean {
  const env = getEnv();
  return (
    matchHost(host, { nameport: env.DOMAIN_BRAND_HOSTS, callwave: env.TELEPHONY_BRAND_HOSTS })
      .kind === 'built-in'
  );
}

/** Tells this instance and the others that these hosts now reach another store (or none). */
function hostsChanged(hosts: string[]): void {
  applyStoreChange(hosts);
  announceStoreChange(hosts);
}

/** `GET /api/store-admin/hosts`. */
export async function listHosts(staff: StaffContext): Promise<{ hosts: HostView[] }> {
  const db = await appDb();
  const claims = await db
    .select()
    .from(storeHostClaims)
    .where(eq(storeHostClaims.storeId, staff.storeId))
    .orderBy(asc(storeHostClaims.host));
  return { hosts: claims.map(viewOf) };
}

/**
 * Every host that serves the store now (store_hosts): the ones the operator gave it with the
 * store, which have no claim to list, and the added hosts verified and not lapsed. For the hosts
 * page, which says where the store is served (decision 0329).
 */
export async function servedHosts(staff: StaffContext): Promise<string[]> {
  const db = await appDb();
  const rows = await db
    .select({ host: storeHosts.host })
    .from(storeHosts)
    .where(eq(storeHosts.storeId, staff.storeId))
    .orderBy(asc(storeHosts.host));
  return rows.map((r) => r.host);
}

/**
 * `POST /api/store-admin/hosts`: claims a host for the store, with a fresh token. 409 host_taken
 * when another store serves it, has it verified, or claimed it less than PENDING_MS ago, or it is
 * a built-in brand host; an older unverified claim of another store is taken over. 409
 * host_exists when this store has it already. Parallel claims of one host: its primary key lets
 * one win.
 */
export async function addHost(staff: StaffContext, host: string): Promise<HostView> {
  if (isBuiltInHost(host)) throw hostTaken();
  const db = await appDb();
  const token = `sfv-${randomBytes(24).toString('base64url')}`;
  const claim = await db.transaction(async (tx) => {
    const [served] = await tx
      .select({ storeId: storeHosts.storeId })
      .from(storeHosts)
      .where(eq(storeHosts.host, host));
    if (served && served.storeId !== staff.storeId) throw hostTaken();
    // A host the operator gave the store (with no claim to list) is already the store's.
    if (served) throw new ApiError(409, 'host_exists', 'This host already serves this store.');
    const at = clockNow();
    // Another store's claim that was never proved within PENDING_MS gives way (decision 0269).
    // Locked first, so a verification of it running now either finishes before or finds it gone.
    const [existing] = await tx
      .select()
      .from(storeHostClaims)
      .where(eq(storeHostClaims.host, host))
      .for('update');
    if (existing && existing.storeId === staff.storeId)
      throw new ApiError(409, 'host_exists', 'This store has this host already.');
    if (existing) {
      if (existing.verifiedAt || claimExpiresAt(existing) > at) throw hostTaken();
      await tx.delete(storeHostClaims).where(eq(storeHostClaims.host, host));
      await insertAdminAudit(
        tx,
        { storeId: existing.storeId, actor: SYSTEM_EXPIRY, ip: null },
        { action: 'host.claim_expired', target: host, before: viewOf(existing) },
      );
    }
    const [inserted] = await tx
      .insert(storeHostClaims)
      .values({ host, storeId: staff.storeId, token, createdAt: at })
      .onConflictDoNothing()
      .returning();
    if (!inserted) {
      // Added at the same moment by another request: by this store, or by another.
      const [winner] = await tx
        .select({ storeId: storeHostClaims.storeId })
        .from(storeHostClaims)
        .where(eq(storeHostClaims.host, host));
      if (winner && winner.storeId === staff.storeId)
        throw new ApiError(409, 'host_exists', 'This store has this host already.');
      throw hostTaken();
    }
    await insertAdminAudit(tx, auditScope(staff), {
      action: 'host.added',
      target: host,
      after: { host },
    });
    return inserted;
  });
  return viewOf(claim);
}

async function claimOf(staff: StaffContext, rawHost: string): Promise<Claim> {
  const host = parseHostName(rawHost);
  if (!host) throw noSuchHost();
  const db = await appDb();
  const [claim] = await db
    .select()
    .from(storeHostClaims)
    .where(and(eq(storeHostClaims.host, host), eq(storeHostClaims.storeId, staff.storeId)));
  if (!claim) throw noSuchHost();
  return claim;
}

/**
 * `POST /api/store-admin/hosts/{host}/verify`: looks the record up now. Seen: the host serves
 * the store (200 with status verified). Not seen: 422 record_not_found, nothing changes.
 * Resolvers unreachable: 503 dns_unavailable.
 */
export async function verifyHost(staff: StaffContext, rawHost: string): Promise<HostView> {
  const claim = await claimOf(staff, rawHost);
  const check = await checkVerifyRecord(claim.host, claim.token);
  if ('unreachable' in check)
    throw new ApiError(503, 'dns_unavailable', 'The DNS could not be asked; try again later.');
  if (!check.seen)
    throw new ApiError(
      422,
      'record_not_found',
      `No TXT record ${verifyRecordName(claim.host)} holds the token yet. A new record can take ` +
        'up to an hour to be seen everywhere: check its name and value, then press Verify again.',
    );
  const updated = await recordSeen(claim.host, claim.storeId, auditScope(staff));
  if (!updated) throw noSuchHost();
  return viewOf(updated);
}

/**
 * The record was seen: the claim is verified and the host serves its store. A host another store
 * serves meanwhile stays theirs (409). Answers null when the claim is gone.
 */
async function recordSeen(
  host: string,
  storeId: string,
  scope: AdminAuditScope,
): Promise<Claim | null> {
  const db = await appDb();
  let started = false;
  const claim = await db.transaction(async (tx) => {
    const at = clockNow();
    const [locked] = await tx
      .select()
      .from(storeHostClaims)
      .where(and(eq(storeHostClaims.host, host), eq(storeHostClaims.storeId, storeId)))
      .for('update');
    if (!locked) return null;
    const [served] = await tx
      .select({ storeId: storeHosts.storeId })
      .from(storeHosts)
      .where(eq(storeHosts.host, host));
    if (served && served.storeId !== storeId) throw hostTaken();
    if (!served) {
      await tx.insert(storeHosts).values({ host, storeId });
      started = true;
    }
    const [updated] = await tx
      .update(storeHostClaims)
      .set({
        verifiedAt: locked.verifiedAt ?? at,
        lastSeenAt: at,
        checkedAt: at,
        missingSince: null,
      })
      .where(eq(storeHostClaims.host, host))
      .returning();
    if (started)
      await insertAdminAudit(tx, scope, { action: 'host.verified', target: host, after: { host } });
    return updated ?? null;
  });
  if (started) hostsChanged([host]);
  return claim;
}

/** `DELETE /api/store-admin/hosts/{host}`: the host stops serving the store at once. */
export async function removeHost(staff: StaffContext, rawHost: string): Promise<void> {
  const claim = await claimOf(staff, rawHost);
  const db = await appDb();
  const removed = await db.transaction(async (tx) => {
    const [gone] = await tx
      .delete(storeHostClaims)
      .where(and(eq(storeHostClaims.host, claim.host), eq(storeHostClaims.storeId, staff.storeId)))
      .returning();
    if (!gone) return false;
    await tx
      .delete(storeHosts)
      .where(and(eq(storeHosts.host, claim.host), eq(storeHosts.storeId, staff.storeId)));
    await insertAdminAudit(tx, auditScope(staff), {
      action: 'host.removed',
      target: claim.host,
      before: viewOf(gone),
    });
    return true;
  });
  if (!removed) throw noSuchHost();
  hostsChanged([claim.host]);
}

const SYSTEM: AdminAuditScope['actor'] = { userId: null, label: 'scheduled DNS check' };

/**
 * The scheduled check of one verified host. Seen: kept. Not seen: marked missing, and once it has
 * not been seen for GRACE_MS the host stops serving (the claim stays, pending again, so the owner
 * can fix the record and verify). Resolvers unreachable: nothing changes but the check time.
 */
export async function recheckHost({ host }: { host: string }): Promise<void> {
  const db = await appDb();
  const [claim] = await db.select().from(storeHostClaims).where(eq(storeHostClaims.host, host));
  if (!claim || !claim.verifiedAt) return;
  const check = await checkVerifyRecord(host, claim.token);
  const scope = { storeId: claim.storeId, actor: SYSTEM, ip: null };
  if (check.seen) {
    await recordSeen(host, claim.storeId, scope);
    return;
  }
  let lapsed = false;
  await db.transaction(async (tx) => {
    const at = clockNow();
    const [locked] = await tx
      .select()
      .from(storeHostClaims)
      .where(and(eq(storeHostClaims.host, host), eq(storeHostClaims.storeId, claim.storeId)))
      .for('update');
    if (!locked || !locked.verifiedAt) return;
    if ('unreachable' in check) {
      await tx.update(storeHostClaims).set({ checkedAt: at }).where(eq(storeHostClaims.host, host));
      return;
    }
    const lastSeen = locked.lastSeenAt ?? locked.verifiedAt;
    if (at.getTime() - lastSeen.getTime() >= GRACE_MS) {
      await tx
        .update(storeHostClaims)
        .set({ verifiedAt: null, missingSince: null, checkedAt: at })
        .where(eq(storeHostClaims.host, host));
      await tx
        .delete(storeHosts)
        .where(and(eq(storeHosts.host, host), eq(storeHosts.storeId, claim.storeId)));
      await insertAdminAudit(tx, scope, {
        action: 'host.lapsed',
        target: host,
        before: viewOf(locked),
      });
      lapsed = true;
      return;
    }
    await tx
      .update(storeHostClaims)
      .set({ missingSince: locked.missingSince ?? at, checkedAt: at })
      .where(eq(storeHostClaims.host, host));
  });
  if (lapsed) hostsChanged([host]);
}

export const recheckHostJob = defineJob(RECHECK_JOB, recheckHost, {
  policy: 'stately',
  retryLimit: 2,
  retryDelaySeconds: 60,
  retryBackoff: true,
  expireInSeconds: 120,
});

/** Verified hosts not checked for RECHECK_MS. */
export async function hostsDueForCheck(at: Date): Promise<string[]> {
  const db = await appDb();
  const rows = await db
    .select({ host: storeHostClaims.host })
    .from(storeHostClaims)
    .where(
      and(
        isNotNull(storeHostClaims.verifiedAt),
        or(
          isNull(storeHostClaims.checkedAt),
          lt(storeHostClaims.checkedAt, new Date(at.getTime() - RECHECK_MS)),
        ),
      ),
    );
  return rows.map((r) => r.host);
}

registerDueWork('store-hosts.recheck', async (at) => {
  for (const host of await hostsDueForCheck(at)) {
    await enqueue(recheckHostJob.name, { host }, { singletonKey: host });
  }
});

/**
 * Whether a host may be served (and so have a certificate, GET /api/tls/ask): a built-in brand
 * host, or a host in store_hosts (made by the operator with its store, or verified by DNS and not
 * removed or lapsed). One indexed read, no remote call.
 */
export async function isServedHost(raw: string): Promise<boolean> {
  const host = normaliseHost(raw);
  if (!host || /^[0-9.]+$/.test(host)) return false;
  if (isBuiltInHost(host)) return true;
  const db = await appDb();
  const [row] = await db
    .select({ host: storeHosts.host })
    .from(storeHosts)
    .where(eq(storeHosts.host, host));
  return row !== undefined;
}
