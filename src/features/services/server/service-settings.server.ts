import 'server-only';

/**
 * A little over the house's 250 lines: the PATCH rules of every service type (domains, numbers,
 * plans) sit together so that what a role may change reads in one place.
 */
import { parsePhoneNumberWithError, type CountryCode } from 'libphonenumber-js';
import { displayPhoneNumber } from '@/lib/phone-display';
import { z } from 'zod';
import { now as clockNow } from '@/lib/clock';
import { appDb } from '@/lib/db/app-db';
import type { AppDb } from '@/lib/db/client';
import type { ServiceDetails } from '@/lib/db/column-types';
import { ApiError } from '@/lib/http/api-response';
import { fieldsOf } from '@/lib/http/read-json';
import { asciiHostRule } from '@/features/catalog/server/domain-name.server';
import { priceUnits } from '@/features/pricing/money';
import { SITE_VERSIONS, siteVersionOfCurrency } from '@/features/site-version/site-version';
import { requirePermission, type Permission, type Role } from '@/features/access/roles';
import { recordActivity, type ActivityActor } from '@/features/activity/server/activity.server';
import {
  domainPatchSchema,
  forwardTarget,
  numberPatchSchema,
  planPatchSchema,
  transferPatchSchema,
} from '../schemas';
import {
  ENDED_STATUSES,
  type ServiceAddress,
  type ServiceDetail,
  type ServiceSettings,
} from '../service-types';
import {
  accountUserIds,
  findAccountService,
  lockAccountService,
  seatHolders,
  setSeatHolders,
  updateService,
  type ServiceChange,
  type ServiceRow,
} from './services-repository.server';
import { serviceView } from './services.server';

/**
 * A service's settings: what GET /api/services/{id} shows and PATCH
 * changes, each change checked against the caller's role and written with its activity record in
 * one transaction, under the service's row lock.
 */

export type ServiceScope = { accountId: string; storeKey: string };
export type ServiceCaller = ServiceScope & { role: Role; actor: ActivityActor };

export const serviceNotFound = () =>
  new ApiError(404, 'service_not_found', 'There is no such service in your account.');

export const serviceNotChangeable = (status: string) =>
  new ApiError(
    409,
    'service_not_changeable',
    `This service is ${status}: it can no longer be changed.`,
  );

type Details = Record<string, unknown>;
const text = (v: unknown): string | null => (typeof v === 'string' ? v : null);

/** The country whose rules a number follows (its address, national input). */
export function numberCountry(number: string): CountryCode {
  try {
    return parsePhoneNumberWithError(number).country ?? 'GB';
  } catch {
    return 'GB';
  }
}

/** A number as people read it, in the product's one format (0113 496 0011 for a UK number). */
export function displayNumber(number: string): string {
  return displayPhoneNumber(number);
}

async function settingsOf(db: AppDb, row: ServiceRow): Promise<ServiceSettings> {
  const d: Details = row.details;
  switch (row.type) {
    case 'domain':
      return {
        type: 'domain',
        domain: text(d.domain) ?? row.name,
        nameservers: Array.isArray(d.nameservers) ? d.nameservers.map(String) : [],
        locked: d.locked !== false,
      };
    case 'number': {
      const number = text(d.number) ?? row.name;
      return {
        type: 'number',
        number,
        display: displayNumber(number),
        forward_to: text(d.forward_to),
        label: text(d.label) ?? '',
        ring_seconds: typeof d.ring_seconds === 'number' ? d.ring_seconds : 20,
        voicemail_email: text(d.voicemail_email),
        emergency_address: (d.emergency_address ?? d.address ?? null) as ServiceAddress | null,
      };
    }
    case 'plan':
      return {
        type: 'plan',
        plan: text(d.plan) ?? '',
        seats: row.seats ?? 1,
        next_seats: row.nextSeats,
        next_price:
          row.nextSeats === null
            ? null
            : priceUnits(
                row.unitNet,
                row.nextSeats,
                SITE_VERSIONS[siteVersionOfCurrency(row.currency)].vatRateBp,
              ),
        holders: (await seatHolders(db, row.id)).map((h) => ({
          user_id: h.userId,
          name: h.name,
          email: h.email,
        })),
      };
    default:
      return { type: 'domain_transfer', domain: text(d.domain) ?? row.name };
  }
}

async function detailOf(db: AppDb, row: ServiceRow): Promise<ServiceDetail> {
  return { ...serviceView(row, clockNow()), settings: await settingsOf(db, row) };
}

/** One of the account's services with its settings (GET /api/services/{id}); 404 otherwise. */
export async function serviceDetail(scope: ServiceScope, id: string): Promise<ServiceDetail> {
  const db = await appDb();
  const row = await findAccountService(db, { id, ...scope });
  if (!row) throw serviceNotFound();
  return detailOf(db, row);
}

const SCHEMAS = {
  domain: domainPatchSchema,
  domain_transfer: transferPatchSchema,
  number: numberPatchSchema,
  plan: planPatchSchema,
} as const;

/** Settings that decide money are billing's; the rest are the service's own. */
const BILLING_FIELDS = new Set(['auto_renew', 'cancel_at_period_end']);

function permissionsFor(fields: string[]): Permission[] {
  const needs = new Set<Permission>();
  for (const f of fields) needs.add(BILLING_FIELDS.has(f) ? 'billing.manage' : 'services.manage');
  return [...needs];
}

const invalid = (fields: Record<string, string[]>) =>
  new ApiError(400, 'validation_failed', 'The request is not valid.', fields);

/**
 * The checks of a number's patch that depend on the number (its country): made together with
 * the schema's, so one answer names every refused field and a form never shows a field's old
 * refusal beside a value that is now valid.
 */
function numberProblems(row: ServiceRow, body: Details): Record<string, string[]> {
  if (row.type !== 'number') return {};
  const country = numberCountry(text(row.details.number) ?? row.name);
  const problems: Record<string, string[]> = {};
  const forward = body.forward_to;
  if (typeof forward === 'string' && !forwardTarget(forward, country)) {
    problems.forward_to = [
      `must be a phone number valid in ${country} or abroad in international form (+…), or a SIP address like sip:reception@pbx.example.com`,
    ];
  }
  const address = body.emergency_address as { country?: unknown } | null | undefined;
  if (typeof address?.country === 'string' && address.country.trim().toUpperCase() !== country) {
    problems['emergency_address.country'] = [
      `must be ${country}: a number’s emergency address is in the number’s country`,
    ];
  }
  return problems;
}

/**
 * Validates a patch; a field of another type is named as such, not as a body error. `problems`
 * are the service's own checks, answered with the schema's (the schema's message first).
 */
function parsePatch<S extends z.ZodType>(
  schema: S,
  body: Details,
  type: string,
  problems: Record<string, string[]>,
): z.output<S> {
  const result = schema.safeParse(body);
  if (result.success && Object.keys(problems).length === 0) return result.data;
  const fields = result.success ? {} : fieldsOf(result.error);
  for (const issue of result.success ? [] : result.error.issues) {
    if (issue.code !== 'unrecognized_keys' || issue.path.length > 0) continue;
    delete fields['(body)'];
    const kind = type.replace('_', ' ');
    for (const key of issue.keys) fields[key] = [`is not a setting of a ${kind}`];
  }
  for (const [key, messages] of Object.entries(problems)) fields[key] ??= messages;
  throw invalid(fields);
}

/** What a patch changes on the row, checked against the service's own facts. */
async function changeFor(
  tx: AppDb,
  row: ServiceRow,
  patch: Details,
  scope: ServiceScope,
  now: Date,
): Promise<ServiceChange> {
  const change: ServiceChange = {};
  const details: Details = { ...row.details };
  if (typeof patch.auto_renew === 'boolean') change.autoRenew = patch.auto_renew;
  if (typeof patch.cancel_at_period_end === 'boolean') {
    change.cancelAtPeriodEnd = patch.cancel_at_period_end;
  }
  if (row.type === 'domain') {
    if (patch.nameservers) {
      // The schema, shared with the pages, converts IDN with the URL parser; the search's rules
      // (IDNA2008) decide here, so a name server cannot be a name the search refuses.
      const refused = Object.fromEntries(
        (patch.nameservers as string[]).flatMap((host, i) => {
          const rule = asciiHostRule(host);
          return rule ? [[`nameservers.${i}`, [rule]]] : [];
        }),
      );
      if (Object.keys(refused).length > 0) throw invalid(refused);
      details.nameservers = patch.nameservers;
    }
    if (typeof patch.locked === 'boolean') details.locked = patch.locked;
  }
  if (row.type === 'number') {
    const number = text(details.number) ?? row.name;
    const country = numberCountry(number);
    // numberProblems checked the target and the address's country with the schema.
    if (patch.forward_to !== undefined) {
      details.forward_to =
        patch.forward_to === null ? null : forwardTarget(String(patch.forward_to), country);
    }
    if (patch.label !== undefined) details.label = patch.label;
    if (patch.ring_seconds !== undefined) details.ring_seconds = patch.ring_seconds;
    if (patch.voicemail_email !== undefined) details.voicemail_email = patch.voicemail_email;
    if (patch.emergency_address !== undefined) {
      details.emergency_address = patch.emergency_address as ServiceAddress;
    }
  }
  if (row.type === 'plan') {
    const seats = row.seats ?? 1;
    if (Array.isArray(patch.seats)) {
      const wanted = patch.seats.map(String).map((s) => s.toLowerCase());
      if (new Set(wanted).size !== wanted.length) {
        throw invalid({ seats: ['names a person twice: one seat each'] });
      }
      if (wanted.length > seats) {
        throw new ApiError(
          422,
          'too_many_seat_holders',
          `The plan has ${seats} seat${seats === 1 ? '' : 's'}: add seats through the checkout first.`,
        );
      }
      const known = await accountUserIds(tx, scope.accountId, wanted);
      const strangers = wanted.filter((id) => !known.includes(id));
      if (strangers.length > 0) {
        throw invalid({ seats: ['names someone who is not a member of this account'] });
      }
      await setSeatHolders(tx, row.id, wanted, now);
    }
    if (typeof patch.seat_count === 'number') {
      if (patch.seat_count > seats) {
        throw new ApiError(
          422,
          'seats_through_checkout',
          'More seats are bought through the checkout: add the plan with the extra users to the cart.',
        );
      }
      change.nextSeats = patch.seat_count === seats ? null : patch.seat_count;
    }
  }
  // The patch schemas of the service's type checked every field written here.
  change.details = details as ServiceDetails;
  return change;
}

/**
 * Changes a service's settings (PATCH /api/services/{id}): the fields of its type only, each
 * allowed to the caller's role (auto-renew and cancellation are billing's, the rest is for
 * technical people). Answers the service as it now is.
 */
export async function updateServiceSettings(
  caller: ServiceCaller,
  id: string,
  body: Details,
): Promise<ServiceDetail> {
  const scope = { accountId: caller.accountId, storeKey: caller.storeKey };
  const fields = Object.keys(body);
  const db = await appDb();
  return db.transaction(async (tx) => {
    const row = await lockAccountService(tx, { id, ...scope });
    if (!row) throw serviceNotFound();
    for (const p of permissionsFor(fields)) requirePermission(caller.role, p);
    if (ENDED_STATUSES.includes(row.status)) throw serviceNotChangeable(row.status);
    const type = row.type as keyof typeof SCHEMAS;
    const schema = SCHEMAS[type] ?? transferPatchSchema;
    const patch = parsePatch(schema, body, row.type, numberProblems(row, body)) as Details;
    if (fields.length === 0) throw invalid({ '(body)': ['name at least one setting to change'] });
    const now = clockNow();
    const change = await changeFor(tx, row, patch, scope, now);
    await updateService(tx, row.id, change);
    await recordActivity(
      {
        ...scope,
        actor: caller.actor,
        action: 'service.updated',
        target: row.name,
        detail: { fields },
      },
      tx,
    );
    const fresh = await lockAccountService(tx, { id, ...scope });
    return detailOf(tx, fresh!);
  });
}
