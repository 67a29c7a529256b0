import 'server-only';
import { appDb } from '@/lib/db/app-db';
import { DAY_MS, now } from '@/lib/clock';
import { ApiError } from '@/lib/http/api-response';
import { prepareJobQueue, notifyJobWorkers } from '@/lib/jobs/process-queue.server';
import { deliveryJob } from '@/lib/mail/outbox-delivery.server';
import { sendMail } from '@/lib/mail/outbox.server';
import { consumeLimits } from '@/lib/rate-limit/limiter';
import { hashToken, randomToken } from '@/lib/security/tokens';
import { isUuid } from '@/lib/uuid';
import { brandedMail } from '@/features/mail/branded-mail';
import { storeLink } from '@/features/mail/store-link';
import { storeService } from '@/features/tenancy/server/store-service.server';
import type { Store } from '@/features/tenancy/store-types';
import { staffRoleOf, type StaffRole } from '../roles';
import type { StaffInvite } from '../schemas';
import { insertAdminAudit, type AdminAuditScope } from './admin-audit-repository.server';
import {
  deleteExpiredInvites,
  deleteOpenInvite,
  findInviteByTokenHash,
  insertInvite,
  markInviteAccepted,
} from './invites-repository.server';
import { findStaffByEmail, insertStaff } from './staff-repository.server';

/** How long a staff invitation works. */
export const INVITE_DAYS = 7;

/** Invitations one inviter (a staff member, or the operator per store) may send per hour. */
const INVITE_LIMIT = { name: 'store-staff-invite', points: 30, duration: 60 * 60 };

/** The address of the page an invitation's link opens, on the store's own host. */
export const joinPath = (token: string) => `/admin/join?token=${token}`;

export type InviteAnswer = { id: string; email: string; role: StaffRole; expires_at: string };

/**
 * Invites a person by e-mail to a store's staff: the invitation, its audit record and its mail
 * are written in one transaction, so exactly one mail goes out per invitation, even for parallel
 * calls (one open invitation per address: the others get 409 `invite_pending`). 409
 * `already_staff` when the address is staff already.
 */
export async function inviteStaff(
  where: { store: Store; storeId: string },
  input: StaffInvite,
  by: AdminAuditScope & { inviterName: string },
): Promise<InviteAnswer> {
  await consumeLimits([[INVITE_LIMIT, `${where.storeId}:${by.actor.userId ?? 'operator'}`]]);
  const token = randomToken(32);
  const at = now();
  const expiresAt = new Date(at.getTime() + INVITE_DAYS * DAY_MS);
  // The outbox's delivery job is recorded in this transaction: the queue must be ready first.
  await prepareJobQueue();
  const db = await appDb();
  const row = await db.transaction(async (tx) => {
    if (await findStaffByEmail(tx, where.storeId, input.email)) {
      throw new ApiError(409, 'already_staff', 'This person is already on the store’s staff.', {
        email: ['is already staff of this store'],
      });
    }
    await deleteExpiredInvites(tx, where.storeId, input.email, at);
    const made = await insertInvite(tx, {
      storeId: where.storeId,
      email: input.email,
      role: input.role,
      tokenHash: hashToken(token),
      invitedByUserId: by.actor.userId,
      createdAt: at,
      expiresAt,
    });
    if (!made) {
      throw new ApiError(
        409,
        'invite_pending',
        'This address has an invitation that still works; it was sent already.',
        { email: ['has an open invitation'] },
      );
    }
    await insertAdminAudit(tx, by, {
      action: 'staff.invited',
      target: input.email,
      after: { email: input.email, role: input.role, expires_at: expiresAt.toISOString() },
    });
    await sendMail(
      {
        storeKey: where.store.key,
        to: input.email,
        ...brandedMail(where.store, inviteMail(where.store, input.role, by.inviterName, token)),
      },
      { tx },
    );
    return made;
  });
  notifyJobWorkers(deliveryJob.name);
  return {
    id: row.id,
    email: row.email,
    role: staffRoleOf(row.role),
    expires_at: row.expiresAt.toISOString(),
  };
}

function inviteMail(store: Store, role: StaffRole, inviter: string, token: string) {
  const name = store.config.store_name;
  const what = role === 'store_owner' ? 'an owner' : 'a member of staff';
  return {
    // The branded mail adds " - {store name}": the name is said there, once.
    subject: "You are invited to this store's admin",
    greeting: 'Hello,',
    paragraphs: [
      `${inviter} invited you to ${name}’s admin as ${what}.`,
      `Open the link below on ${store.config.domain_name}: sign in with this address, or register with it first, and the invitation makes you staff. You then set up a second factor (an authenticator app or a passkey), which the admin always asks for.`,
      `The invitation works once, within ${INVITE_DAYS} days.`,
    ],
    action: { label: 'Accept the invitation', url: storeLink(store, joinPath(token)) },
    footnote: 'If you did not expect this, ignore this mail: nothing happens without the link.',
  };
}

export const inviteNotFound = () =>
  new ApiError(404, 'invite_not_found', 'There is no such invitation for this store.');

const inviteGone = () =>
  new ApiError(410, 'invite_expired', 'This invitation has expired or was already used.');

/** What the join page shows of an invitation of this store; null when there is none here. */
export async function describeStaffInvite(
  storeId: string,
  token: string,
): Promise<{ email: string; role: StaffRole; expires_at: string; usable: boolean } | null> {
  const row = await findInviteByTokenHash(await appDb(), hashToken(token));
  if (!row || row.storeId !== storeId) return null;
  return {
    email: row.email,
    role: staffRoleOf(row.role),
    expires_at: row.expiresAt.toISOString(),
    usable: !row.acceptedAt && row.expiresAt > now(),
  };
}

/**
 * Accepts an invitation for the signed-in person: it must be of this store (404
 * `invite_not_found` otherwise, as for an unknown token), unexpired and unused (410), and for
 * their address (403 `invite_other_email`). Their staff row, the invitation's use and the audit
 * record land together; a second acceptance finds the invitation used.
 */
export async function acceptStaffInvite(
  where: { storeId: string },
  person: { userId: string; email: string; ip: string },
  token: string,
): Promise<{ role: StaffRole }> {
  const db = await appDb();
  return db.transaction(async (tx) => {
    const row = await findInviteByTokenHash(tx, hashToken(token), { lock: true });
    if (!row || row.storeId !== where.storeId) throw inviteNotFound();
    const at = now();
    if (row.acceptedAt || row.expiresAt <= at) throw inviteGone();
    if (row.email !== person.email.toLowerCase()) {
      throw new ApiError(
        403,
        'invite_other_email',
        `This invitation is for ${row.email}. Sign in with that address to accept it.`,
      );
    }
    const { row: staff } = await insertStaff(tx, {
      storeId: where.storeId,
      userId: person.userId,
      role: row.role,
      createdAt: at,
    });
    await markInviteAccepted(tx, row.id, { userId: person.userId, at });
    await insertAdminAudit(
      tx,
      {
        storeId: where.storeId,
        actor: { userId: person.userId, label: person.email },
        ip: person.ip,
      },
      {
        action: 'staff.joined',
        target: person.email,
        after: { email: person.email, role: staff.role },
      },
    );
    return { role: staffRoleOf(staff.role) };
  });
}

/**
 * The operator's invitation (`POST /api/admin/stores/{host}/staff`): as a staff member's, named
 * `operator` in the audit. 404 `store_not_found` for a host no white-label store has.
 */
export async function inviteStaffAsOperator(
  host: string,
  input: StaffInvite,
): Promise<InviteAnswer> {
  const store = await storeService().byHost(host);
  if (!store || store.keywordId !== 4) {
    throw new ApiError(404, 'store_not_found', 'No stored store has this host.');
  }
  return inviteStaff({ store, storeId: store.key }, input, {
    storeId: store.key,
    actor: { userId: null, label: 'operator' },
    ip: null,
    inviterName: 'The platform team',
  });
}

/**
 * `DELETE /api/store-admin/invites/{id}` (owners): withdraws an invitation not accepted yet, so
 * its link stops working and the address can be invited again (a lost mail, a wrong role).
 * 404 `invite_not_found` for an id of no open invitation of this store.
 */
export async function withdrawStaffInvite(
  where: { storeId: string },
  by: AdminAuditScope,
  id: string,
): Promise<void> {
  if (!isUuid(id)) throw inviteNotFound();
  const db = await appDb();
  await db.transaction(async (tx) => {
    const row = await deleteOpenInvite(tx, where.storeId, id);
    if (!row) throw inviteNotFound();
    await insertAdminAudit(tx, by, {
      action: 'staff.invite_withdrawn',
      target: row.email,
      before: { email: row.email, role: row.role, expires_at: row.expiresAt.toISOString() },
    });
  });
}
