import 'server-only';
import { now as clockNow } from '@/lib/clock';
import { appDb } from '@/lib/db/app-db';
import type { AppDb } from '@/lib/db/client';
import { defineJob } from '@/lib/jobs/registry';
import { enqueue } from '@/lib/jobs/process-queue.server';
import { logger } from '@/lib/logger';
import {
  firstPendingChange,
  lockZone,
  markChangeApplied,
  updateZone,
  type ChangeRow,
  type ZoneRow,
} from './dns-repository.server';
import { pdns, pdnsConfig, pdnsStatus, type PdnsConfig } from './pdns-client.server';

/**
 * `dns.sync`: applies a zone's pending changes to PowerDNS, in order, one committed step each
 * (docs/decisions/0202). The zone's row lock is held while a change is sent and stamped, so two
 * workers never send one change twice; a change PowerDNS refused or could not take stays pending
 * and the job is retried while PowerDNS is away.
 */
export const dnsSyncJob = defineJob<{ zoneId: string }>(
  'dns.sync',
  async ({ zoneId }) => {
    const config = pdnsConfig();
    if (!config) return;
    const db = await appDb();
    for (;;) {
      const more = await db.transaction(async (tx) => {
        const zone = await lockZone(tx, zoneId);
        if (!zone) return false;
        const change = await firstPendingChange(tx, zoneId);
        if (!change) return false;
        await apply(tx, config, zone, change);
        await markChangeApplied(tx, change.seq, clockNow());
        await updateZone(tx, zone.id, {
          appliedSerial: Math.max(zone.appliedSerial, change.serial),
        });
        return true;
      });
      if (!more) return;
    }
  },
  { retryLimit: 100, retryDelaySeconds: 5, retryBackoff: true, policy: 'short', concurrency: 2 },
);

/** Queues the zone's sync in the caller's transaction: it exists exactly when the change does. */
export async function queueZoneSync(tx: AppDb, zoneId: string): Promise<void> {
  if (!pdnsConfig()) return;
  await enqueue(dnsSyncJob.name, { zoneId }, { tx, singletonKey: zoneId });
}

async function apply(tx: AppDb, config: PdnsConfig, zone: ZoneRow, change: ChangeRow) {
  const path = `/zones/${zone.zone}.`;
  const payload = change.payload as { rrsets?: unknown[]; enabled?: boolean };
  switch (change.kind) {
    case 'create':
      try {
        await pdns(config, 'POST', '/zones', {
          name: `${zone.zone}.`,
          kind: 'Native',
          nameservers: [],
          // The serial is the product's own (it rises with every change it queued).
          soa_edit_api: '',
          rrsets: payload.rrsets,
        });
      } catch (error) {
        // Created by an earlier run that did not live to stamp it: make it as queued.
        if (pdnsStatus(error) !== 409) throw error;
        await pdns(config, 'PATCH', path, { rrsets: payload.rrsets });
      }
      return;
    case 'rrsets':
      await pdns(config, 'PATCH', path, { rrsets: payload.rrsets });
      return;
    case 'dnssec':
      await dnssec(tx, config, zone, payload.enabled === true);
      return;
    case 'delete':
      try {
        await pdns(config, 'DELETE', path);
      } catch (error) {
        if (pdnsStatus(error) !== 404) throw error;
      }
      return;
    default:
      logger.error({ zone: zone.zone, kind: change.kind }, 'unknown DNS change kind skipped');
  }
}

type CryptoKey = { id: number; active: boolean; ds?: string[] };

async function dnssec(tx: AppDb, config: PdnsConfig, zone: ZoneRow, enabled: boolean) {
  const path = `/zones/${zone.zone}.`;
  const keys = (await pdns(config, 'GET', `${path}/cryptokeys`)) as CryptoKey[];
  if (enabled) {
    if (keys.length === 0) {
      await pdns(config, 'POST', `${path}/cryptokeys`, {
        keytype: 'csk',
        active: true,
        algorithm: 'ECDSAP256SHA256',
      });
    }
    await pdns(config, 'PUT', `${path}/rectify`);
    const now = (await pdns(config, 'GET', `${path}/cryptokeys`)) as CryptoKey[];
    // The SHA-256 digest (type 2), the one registries ask for (RFC 8624).
    const ds = now
      .flatMap((k) => k.ds ?? [])
      .filter((d) => / 2 [0-9a-f]{64}$/.test(d))
      .map((d) => `${zone.zone}. IN DS ${d}`);
    await updateZone(tx, zone.id, { ds });
  } else {
    for (const key of keys) await pdns(config, 'DELETE', `${path}/cryptokeys/${key.id}`);
    await pdns(config, 'PUT', `${path}/rectify`);
    await updateZone(tx, zone.id, { ds: [] });
  }
}
