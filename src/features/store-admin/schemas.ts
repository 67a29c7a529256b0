import { z } from 'zod';
import { queryInt } from '@/lib/http/query-int';
import { emailSchema } from '@/features/auth/schemas';
import { STAFF_ROLES } from './roles';

/**
 * Payloads of the store's admin, shared by the routes, the pages and the tests. Browser code may
 * import this file.
 */

export const staffRoleSchema = z.enum(STAFF_ROLES, {
  error: `must be one of ${STAFF_ROLES.join(', ')}`,
});

/** `POST /api/store-admin/staff` and `POST /api/admin/stores/{host}/staff`. */
export const staffInviteSchema = z.strictObject({
  email: emailSchema,
  role: staffRoleSchema,
});
export type StaffInvite = z.infer<typeof staffInviteSchema>;

/** A staff invitation's token as mailed: 43 base64url characters. */
export const inviteTokenSchema = z
  .string({ error: 'is required' })
  .regex(/^[A-Za-z0-9_-]{43}$/, 'is not an invitation token');

/** `POST /api/store-admin/join`. */
export const joinSchema = z.strictObject({ token: inviteTokenSchema });

/** `GET /api/store-admin/audit?limit=&cursor=`. */
export const auditQuerySchema = z.strictObject({
  limit: queryInt(1, 100, 50),
  cursor: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,200}$/, 'is not a cursor from an earlier page')
    .optional(),
});
