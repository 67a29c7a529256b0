import 'server-only';
import { now as clockNow } from '@/lib/clock';
import { appDb } from '@/lib/db/app-db';
import type { AppDb } from '@/lib/db/client';
import { ApiError } from '@/lib/http/api-response';
import { requirePermission } from '@/features/access/roles';
import type { Caller } from '@/features/access/server/caller.server';
import {
  recordActivity,
  SYSTEM_ACTOR,
  type ActivityActor,
} from '@/features/activity/server/activity.server';
import { toAsciiDomain, toUnicode } from '@/features/catalog/server/domain-name.server';
import { defaultNameservers } from '@/features/services/server/fulfilment.server';
import { serviceById, type ServiceRow } from '@/features/services/server/services.server';
import {
  checkRecord,
  cnameClash,
  MAX_RECORDS,
  type RecordInput,
  type RecordType,
} from '../records';
import {
  DEFAULT_TEMPLATE,
  TEMPLATES,
  isStoreDefaultTemplate,
  templateRecords,
  type StoreDefaultTemplate,
  type TemplateName,
} from '../templates';
import {
  deleteRecord,
  insertChange,
  insertRecord,
  insertZone,
  lockZone,
  orderDomainServices,
  pendingChanges,
  setStoreDefaultTemplate,
  storeDefaultTemplate,
  updateRecord,
  updateZone,
  zoneOfService,
  zoneRecords,
  type RecordRow,
  type ZoneRow,
} from './dns-repository.server';
import { pdnsConfig, rrset, soaRrset } from './pdns-client.server';
import { queueZoneSync } from './sync-job.server';

/**
 * A domain's zone as the customer edits it (issue 28). Every change is written under the zone's
 * row lock with the next serial, its activity record (before and after) and the queued change
 * for PowerDNS, in one transaction (docs/decisions/0202): parallel edits wait on the lock and
 * both survive.
 */

export const dnsHostingOff = () =>
  new ApiError(409, 'dns_hosting_off', 'DNS hosting is not available at this store.');
const recordNotFound = () =>
  new ApiError(404, 'dns_record_not_found', 'There is no such record in this zone.');
const serviceNotFound = () =>
  new ApiError(404, 'service_not_found', 'There is no such service in your account.');
const notADomain = () =>
  new ApiError(409, 'dns_not_a_domain', 'Only an active domain has a DNS zone.');

const toAscii = (v: string) => toAsciiDomain(v);

export type DnsRecordView = {
  id: string;
  name: string;
  type: RecordType;
  content: string;
  ttl: number;
  priority?: number;
};

export type DnsView =
  | { hosting: false; message: string }
  | {
      hosting: true;
      zone: string;
      zone_display: string;
      records: DnsRecordView[];
      nameservers: string[];
      /** False when the domain names other name servers: the zone is kept, but not served. */
      in_use: boolean;
      serial: number;
      sync: 'synced' | 'waiting';
      dnssec: { enabled: boolean; ds: string[] };
    };

const OFF_MESSAGE = 'DNS hosting is off at this store: the domain’s records are kept elsewhere.';

function recordView(r: RecordRow): DnsRecordView {
  return {
    id: r.id,
    name: r.name,
    type: r.type as RecordType,
    content: r.content,
    ttl: r.ttl,
    ...(r.priority !== null ? { priority: r.priority } : {}),
  };
}

const domainOf = (row: ServiceRow) => row.details as { domain: string; nameservers?: string[] };

/** The service if it is the caller's active domain. */
async function callerDomain(caller: Caller, serviceId: string): Promise<ServiceRow> {
  const row = await serviceById(serviceId);
  if (!row || row.accountId !== caller.accountId || row.storeKey !== caller.storeKey)
    throw serviceNotFound();
  if (row.type !== 'domain' || !['active', 'expiring'].includes(row.status)) throw notADomain();
  return row;
}

/**
 * Makes the zone of an active domain, with SOA, NS and the store's default template, and queues
 * its creation in PowerDNS; a zone already there is kept (exactly once).
 */
export async function createZone(
  tx: AppDb,
  input: {
    serviceId: string;
    accountId: string;
    storeKey: string;
    domain: string;
    storeHost: string;
  },
): Promise<ZoneRow | null> {
  if (!pdnsConfig()) return null;
  const now = clockNow();
  const nameservers = defaultNameservers(input.storeHost);
  const zone = await insertZone(tx, {
    serviceId: input.serviceId,
    accountId: input.accountId,
    storeKey: input.storeKey,
    zone: input.domain,
    nameservers,
    serial: 1,
    createdAt: now,
  });
  if (!zone) return null;
  const template: TemplateName = await storeDefaultOf(tx, input.storeKey);
  const records: RecordRow[] = [];
  for (const r of templateRecords(template, { zone: zone.zone, storeHost: input.storeHost })) {
    const checked = checkRecord(r, zone.zone, toAscii);
    if (!checked.ok) continue;
    records.push(
      await insertRecord(tx, {
        zoneId: zone.id,
        ...checked.record,
        priority: checked.record.priority ?? null,
        createdAt: now,
      }),
    );
  }
  const rrsets = [
    soaRrset(zone.zone, nameservers, 1),
    rrset(
      zone.zone,
      '@',
      'NS',
      nameservers.map((n) => ({ content: n, ttl: 3600, priority: null })),
    ),
    ...groups(records).map(([name, type, rs]) => rrset(zone.zone, name, type, rs)),
  ];
  await insertChange(tx, {
    zoneId: zone.id,
    serial: 1,
    kind: 'create',
    payload: { rrsets },
    createdAt: now,
  });
  await queueZoneSync(tx, zone.id);
  return zone;
}

/**
 * The template a store's new zones start with (docs/decisions/0250): the one it named, or
 * `store_site`. `tx`: read inside the caller's transaction.
 */
export async function storeDefaultOf(db: AppDb, storeKey: string): Promise<StoreDefaultTemplate> {
  const stored = await storeDefaultTemplate(db, storeKey);
  return stored && isStoreDefaultTemplate(stored) ? stored : DEFAULT_TEMPLATE;
}

/** Names a store's default (checked by the caller); answers the one it replaced. */
export async function nameStoreDefault(
  tx: AppDb,
  storeKey: string,
  template: StoreDefaultTemplate,
): Promise<StoreDefaultTemplate> {
  const before = await storeDefaultOf(tx, storeKey);
  await setStoreDefaultTemplate(tx, storeKey, template);
  return before;
}

/** Zones for the domains a paid order made (called in the payment's transaction). */
export async function createZonesForOrder(
  tx: AppDb,
  input: { orderId: string; storeHost: string },
): Promise<void> {
  if (!pdnsConfig()) return;
  for (const s of await orderDomainServices(tx, input.orderId)) {
    await createZone(tx, {
      serviceId: s.id,
      accountId: s.accountId,
      storeKey: s.storeKey,
      domain: s.domain,
      storeHost: input.storeHost,
    });
  }
}

/** A released domain's zone leaves PowerDNS (queued in the release's transaction). */
export async function removeZone(tx: AppDb, serviceId: string): Promise<void> {
  const found = await zoneOfService(tx, serviceId);
  if (!found || found.state === 'removed') return;
  const zone = (await lockZone(tx, found.id))!;
  const serial = zone.serial + 1;
  await updateZone(tx, zone.id, { serial, state: 'removed' });
  await insertChange(tx, {
    zoneId: zone.id,
    serial,
    kind: 'delete',
    payload: {},
    createdAt: clockNow(),
  });
  await queueZoneSync(tx, zone.id);
}

function groups(records: RecordRow[]): [string, string, RecordRow[]][] {
  const map = new Map<string, RecordRow[]>();
  for (const r of records) {
    const key = `${r.name} ${r.type}`;
    map.set(key, [...(map.get(key) ?? []), r]);
  }
  return [...map.entries()].map(([k, rs]) => {
    const [name, type] = k.split(' ');
    return [name!, type!, rs];
  });
}

async function zoneFor(
  caller: Caller,
  serviceId: string,
): Promise<{ zone: ZoneRow; service: ServiceRow }> {
  if (!pdnsConfig()) throw dnsHostingOff();
  const service = await callerDomain(caller, serviceId);
  const db = await appDb();
  let zone = await zoneOfService(db, service.id);
  if (!zone) {
    // A domain bought before hosting was on: its zone is made on first use.
    await db.transaction((tx) =>
      createZone(tx, {
        serviceId: service.id,
        accountId: service.accountId,
        storeKey: service.storeKey,
        domain: domainOf(service).domain,
        storeHost: caller.storeHost,
      }).then(() => undefined),
    );
    zone = (await zoneOfService(db, service.id))!;
  }
  if (zone.state === 'removed') throw notADomain();
  return { zone, service };
}

export async function dnsView(caller: Caller, serviceId: string): Promise<DnsView> {
  requirePermission(caller.role, 'services.read');
  if (!pdnsConfig()) {
    await callerDomain(caller, serviceId);
    return { hosting: false, message: OFF_MESSAGE };
  }
  const { zone, service } = await zoneFor(caller, serviceId);
  const db = await appDb();
  const records = await zoneRecords(db, zone.id);
  const waiting = await pendingChanges(db, zone.id);
  const own = new Set(zone.nameservers);
  const named = domainOf(service).nameservers ?? [];
  return {
    hosting: true,
    zone: zone.zone,
    zone_display: toUnicode(zone.zone),
    records: records.map(recordView),
    nameservers: zone.nameservers,
    in_use: named.length > 0 && named.every((n) => own.has(n.toLowerCase())),
    serial: zone.serial,
    sync: waiting > 0 ? 'waiting' : 'synced',
    dnssec: { enabled: zone.dnssec, ds: zone.ds },
  };
}

function invalid(fields: Record<string, string[]>): ApiError {
  return new ApiError(422, 'invalid_record', 'Check the record’s fields.', fields);
}

/**
 * One edit of a zone under its lock: `change` reads the zone's records and answers the records
 * it wrote or removed (their name and type), the rrsets of which are queued with the new serial.
 */
async function edit<T>(
  caller: Caller,
  serviceId: string,
  change: (
    tx: AppDb,
    zone: ZoneRow,
    records: RecordRow[],
  ) => Promise<{
    touched: [string, string][];
    result: T;
    action: string;
    target: string;
    detail: Record<string, unknown>;
  }>,
): Promise<T> {
  requirePermission(caller.role, 'services.manage');
  const { zone: found } = await zoneFor(caller, serviceId);
  const db = await appDb();
  return db.transaction(async (tx) => {
    const zone = (await lockZone(tx, found.id))!;
    const records = await zoneRecords(tx, zone.id);
    const done = await change(tx, zone, records);
    const serial = zone.serial + 1;
    await updateZone(tx, zone.id, { serial });
    const after = await zoneRecords(tx, zone.id);
    const keys = new Set(done.touched.map(([n, t]) => `${n} ${t}`));
    const rrsets = [...keys].map((key) => {
      const [name, type] = key.split(' ') as [string, string];
      return rrset(
        zone.zone,
        name,
        type,
        after.filter((r) => r.name === name && r.type === type),
      );
    });
    await insertChange(tx, {
      zoneId: zone.id,
      serial,
      kind: 'rrsets',
      payload: { rrsets: [soaRrset(zone.zone, zone.nameservers, serial), ...rrsets] },
      createdAt: clockNow(),
    });
    await activity(tx, caller.actor, zone, done.action, done.detail);
    await queueZoneSync(tx, zone.id);
    return done.result;
  });
}

async function activity(
  tx: AppDb,
  actor: ActivityActor,
  zone: ZoneRow,
  action: string,
  detail: Record<string, unknown>,
) {
  await recordActivity(
    {
      storeKey: zone.storeKey,
      accountId: zone.accountId,
      actor,
      action,
      target: toUnicode(zone.zone),
      detail,
    },
    tx,
  );
}

function checked(input: RecordInput, zone: ZoneRow, others: RecordRow[]): RecordInput {
  const result = checkRecord(input, zone.zone, toAscii);
  if (!result.ok) throw invalid(result.fields);
  const clash = cnameClash(others, result.record);
  if (clash) throw invalid({ name: [clash] });
  const same = others.find(
    (r) =>
      r.name === result.record.name &&
      r.type === result.record.type &&
      r.content === result.record.content,
  );
  if (same) throw invalid({ content: ['this record is there already'] });
  return result.record;
}

export async function addRecord(caller: Caller, serviceId: string, input: RecordInput) {
  return edit(caller, serviceId, async (tx, zone, records) => {
    if (records.length >= MAX_RECORDS)
      throw new ApiError(409, 'dns_zone_full', `A zone holds at most ${MAX_RECORDS} records.`);
    const record = checked(input, zone, records);
    const row = await insertRecord(tx, {
      zoneId: zone.id,
      ...record,
      priority: record.priority ?? null,
      createdAt: clockNow(),
    });
    return {
      touched: [[row.name, row.type]],
      result: recordView(row),
      action: 'dns.record_added',
      target: zone.zone,
      detail: { before: null, after: recordView(row) },
    };
  });
}

export async function changeRecord(
  caller: Caller,
  serviceId: string,
  recordId: string,
  patch: Partial<RecordInput>,
) {
  return edit(caller, serviceId, async (tx, zone, records) => {
    const old = records.find((r) => r.id === recordId);
    if (!old) throw recordNotFound();
    const next = checked(
      {
        name: patch.name ?? old.name,
        type: patch.type ?? (old.type as RecordType),
        content: patch.content ?? old.content,
        ttl: patch.ttl ?? old.ttl,
        priority: patch.priority === undefined ? old.priority : patch.priority,
      },
      zone,
      records.filter((r) => r.id !== recordId),
    );
    await updateRecord(tx, old.id, { ...next, priority: next.priority ?? null });
    const after = { ...old, ...next, priority: next.priority ?? null };
    return {
      touched: [
        [old.name, old.type],
        [next.name, next.type],
      ],
      result: recordView(after),
      action: 'dns.record_changed',
      target: zone.zone,
      detail: { before: recordView(old), after: recordView(after) },
    };
  });
}

export async function removeRecord(caller: Caller, serviceId: string, recordId: string) {
  return edit(caller, serviceId, async (tx, zone, records) => {
    const old = records.find((r) => r.id === recordId);
    if (!old) throw recordNotFound();
    await deleteRecord(tx, old.id);
    return {
      touched: [[old.name, old.type]],
      result: null,
      action: 'dns.record_removed',
      target: zone.zone,
      detail: { before: recordView(old), after: null },
    };
  });
}

export type TemplatePlan = { add: RecordInput[]; replace: DnsRecordView[] };

/** What a template would do: the records it adds, the ones of the same name and type it replaces. */
function plan(
  zone: ZoneRow,
  records: RecordRow[],
  template: TemplateName,
  storeHost: string,
  value?: string,
): TemplatePlan {
  const add = templateRecords(template, { zone: zone.zone, storeHost, value }).map((r) => {
    const result = checkRecord(r, zone.zone, toAscii);
    if (!result.ok) throw invalid(result.fields);
    return result.record;
  });
  const keys = new Set(add.map((r) => `${r.name} ${r.type}`));
  // A CNAME added at a name drops that name's other data, and the other way round.
  const replace = records.filter(
    (r) =>
      keys.has(`${r.name} ${r.type}`) ||
      add.some((a) => a.name === r.name && (a.type === 'CNAME' || r.type === 'CNAME')),
  );
  return { add, replace: replace.map(recordView) };
}

export async function applyTemplate(
  caller: Caller,
  serviceId: string,
  input: { template: TemplateName; value?: string; preview: boolean },
): Promise<TemplatePlan & { applied: boolean }> {
  if (input.preview) {
    requirePermission(caller.role, 'services.read');
    const { zone } = await zoneFor(caller, serviceId);
    const records = await zoneRecords(await appDb(), zone.id);
    return {
      ...plan(zone, records, input.template, caller.storeHost, input.value),
      applied: false,
    };
  }
  return edit(caller, serviceId, async (tx, zone, records) => {
    const p = plan(zone, records, input.template, caller.storeHost, input.value);
    const kept = records.filter((r) => !p.replace.some((x) => x.id === r.id));
    if (kept.length + p.add.length > MAX_RECORDS)
      throw new ApiError(409, 'dns_zone_full', `A zone holds at most ${MAX_RECORDS} records.`);
    for (const r of p.replace) await deleteRecord(tx, r.id);
    for (const r of p.add)
      await insertRecord(tx, {
        zoneId: zone.id,
        ...r,
        priority: r.priority ?? null,
        createdAt: clockNow(),
      });
    const touched = [...p.add, ...p.replace].map((r) => [r.name, r.type] as [string, string]);
    return {
      touched,
      result: { ...p, applied: true },
      action: 'dns.template_applied',
      target: zone.zone,
      detail: { template: input.template, before: p.replace, after: p.add },
    };
  });
}

export async function setDnssec(caller: Caller, serviceId: string, enabled: boolean) {
  requirePermission(caller.role, 'services.manage');
  const { zone: found } = await zoneFor(caller, serviceId);
  const db = await appDb();
  await db.transaction(async (tx) => {
    const zone = (await lockZone(tx, found.id))!;
    if (zone.dnssec === enabled) return;
    const serial = zone.serial + 1;
    await updateZone(tx, zone.id, { serial, dnssec: enabled });
    await insertChange(tx, {
      zoneId: zone.id,
      serial,
      kind: 'dnssec',
      payload: { enabled },
      createdAt: clockNow(),
    });
    await insertChange(tx, {
      zoneId: zone.id,
      serial,
      kind: 'rrsets',
      payload: { rrsets: [soaRrset(zone.zone, zone.nameservers, serial)] },
      createdAt: clockNow(),
    });
    await activity(tx, caller.actor, zone, enabled ? 'dns.dnssec_on' : 'dns.dnssec_off', {
      before: { dnssec: zone.dnssec },
      after: { dnssec: enabled },
    });
    await queueZoneSync(tx, zone.id);
  });
  return dnsView(caller, serviceId);
}

export { TEMPLATES, SYSTEM_ACTOR };
