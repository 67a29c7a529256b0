import 'server-only';
import { appDb } from '@/lib/db/app-db';
import { now } from '@/lib/clock';
import { ApiError } from '@/lib/http/api-response';
import { isUuid } from '@/lib/uuid';
import { sectionsFor, staffRoleOf, STORE_PERMISSIONS, staffCan, type StaffRole } from '../roles';
import { insertAdminAudit, listAdminAudit } from './admin-audit-repository.server';
import { listOpenInvites } from './invites-repository.server';
import { deleteStaff, findStaffById, listStaff, lockOwners } from './staff-repository.server';
import { auditScope, type StaffContext } from './staff.server';

/** `GET /api/store-admin/me`: who is working, in which store, and what they may use. */
export function staffMe(staff: StaffContext) {
  const role = staff.staff.role;
  return {
    store: { name: staff.store.config.store_name, host: staff.ctx.host },
    staff: {
      id: staff.staff.id,
      role,
      email: staff.account.email,
      name: staff.account.name,
    },
    permissions: (Object.keys(STORE_PERMISSIONS) as (keyof typeof STORE_PERMISSIONS)[]).filter(
      (p) => staffCan(role, p),
    ),
    sections: sectionsFor(role).map((s) => ({
      id: s.id,
      label: s.label,
      href: s.href,
      available: s.available,
    })),
  };
}

export type StaffMemberView = {
  id: string;
  email: string;
  name: string;
  role: StaffRole;
  created_at: string;
  you: boolean;
};

export type StaffInviteView = {
  id: string;
  email: string;
  role: StaffRole;
  created_at: string;
  expires_at: string;
  expired: boolean;
};

/** `GET /api/store-admin/staff`: the staff, owners first, and invitations not accepted yet. */
export async function staffList(
  staff: StaffContext,
): Promise<{ staff: StaffMemberView[]; invites: StaffInviteView[] }> {
  const db = await appDb();
  const at = now();
  const [members, invites] = await Promise.all([
    listStaff(db, staff.storeId),
    listOpenInvites(db, staff.storeId),
  ]);
  return {
    staff: members.map((m) => ({
      id: m.id,
      email: m.email,
      name: m.name,
      role: staffRoleOf(m.role),
      created_at: m.createdAt.toISOString(),
      you: m.id === staff.staff.id,
    })),
    invites: invites.map((i) => ({
      id: i.id,
      email: i.email,
      role: staffRoleOf(i.role),
      created_at: i.createdAt.toISOString(),
      expires_at: i.expiresAt.toISOString(),
      expired: i.expiresAt <= at,
    })),
  };
}

export const staffNotFound = () =>
  new ApiError(404, 'staff_not_found', 'There is no such staff member in this store.');

/**
 * `DELETE /api/store-admin/staff/{id}`: removes a staff member of this store (an id of another
 * store's staff is unknown here). The last owner stays (409 `last_owner`): the owners are
 * counted under their row locks, so two owners removing each other at once leave one.
 */
export async function removeStaff(staff: StaffContext, id: string): Promise<void> {
  if (!isUuid(id)) throw staffNotFound();
  const db = await appDb();
  await db.transaction(async (tx) => {
    const owners = await lockOwners(tx, staff.storeId);
    const target = await findStaffById(tx, staff.storeId, id, { lock: true });
    if (!target) throw staffNotFound();
    if (target.role === 'store_owner' && owners <= 1) {
      throw new ApiError(
        409,
        'last_owner',
        'A store keeps at least one owner: invite another owner before removing this one.',
      );
    }
    const members = await listStaff(tx, staff.storeId);
    const email = members.find((m) => m.id === id)?.email ?? '';
    await deleteStaff(tx, staff.storeId, id);
    await insertAdminAudit(tx, auditScope(staff), {
      action: 'staff.removed',
      target: email,
      before: { email, role: target.role },
    });
  });
}

export type AuditEntryView = {
  id: string;
  at: string;
  actor: string;
  ip: string | null;
  action: string;
  target: string;
  before: unknown;
  after: unknown;
};

const encodeCursor = (row: { at: Date; id: string }) =>
  Buffer.from(`${row.at.toISOString()}|${row.id}`).toString('base64url');

function decodeCursor(cursor: string): { at: Date; id: string } {
  const [at, id] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  const date = new Date(at ?? '');
  if (!id || !isUuid(id) || Number.isNaN(date.getTime())) {
    throw new ApiError(400, 'validation_failed', 'The request is not valid.', {
      cursor: ['is not a cursor from an earlier page'],
    });
  }
  return { at: date, id };
}

/**
 * `GET /api/store-admin/audit`: the store's admin changes, newest first, `limit` a page;
 * `next_cursor` asks for the next page (null on the last).
 */
export async function auditPage(
  staff: StaffContext,
  page: { limit: number; cursor?: string },
): Promise<{ entries: AuditEntryView[]; next_cursor: string | null }> {
  const after = page.cursor ? decodeCursor(page.cursor) : undefined;
  const rows = await listAdminAudit(await appDb(), staff.storeId, {
    limit: page.limit + 1,
    after,
  });
  const shown = rows.slice(0, page.limit);
  const last = shown.at(-1);
  return {
    entries: shown.map((r) => ({
      id: r.id,
      at: r.at.toISOString(),
      actor: r.actor,
      ip: r.actorIp,
      action: r.action,
      target: r.target,
      before: r.before,
      after: r.after,
    })),
    next_cursor: rows.length > page.limit && last ? encodeCursor(last) : null,
  };
}

/** The audit page's entries: a cursor that is not one of ours shows the first page. */
export async function auditPageForPage(staff: StaffContext, cursor: string | undefined) {
  const usable = cursor && /^[A-Za-z0-9_-]{1,200}$/.test(cursor) ? cursor : undefined;
  try {
    return await auditPage(staff, { limit: 50, cursor: usable });
  } catch (error) {
    if (usable) return auditPage(staff, { limit: 50 });
    throw error;
  }
}
