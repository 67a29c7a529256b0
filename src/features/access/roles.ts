import { ApiError } from '@/lib/http/api-response';

/**
 * Who may do what in a customer account (docs/decisions/0100). One matrix, checked
 * on the server by every dashboard call; pages use the same matrix only to hide what a role
 * cannot do. Browser code may import this file: it holds no secret.
 */

export const ROLES = ['owner', 'admin', 'billing', 'technical', 'member'] as const;
export type Role = (typeof ROLES)[number];

/** Each role as a customer reads it on a page; the code (`technical`) is for clients. */
export const ROLE_LABELS: Record<Role, string> = {
  owner: 'Owner',
  admin: 'Admin',
  billing: 'Billing',
  technical: 'Technical',
  member: 'Member',
};

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}

/** A stored role as the product reads it: anything unknown counts as the least, `member`. */
export function roleOf(value: string): Role {
  return isRole(value) ? value : 'member';
}

export const PERMISSIONS = {
  /** See the account's services and their settings. */
  'services.read': ['owner', 'admin', 'billing', 'technical', 'member'],
  /** Change service settings: nameservers, lock, forwarding, seats, release. */
  'services.manage': ['owner', 'admin', 'technical'],
  /** Reveal a domain's auth code (the key to move it away). */
  'services.secret': ['owner', 'admin', 'technical'],
  /** Orders, invoices and their credit notes, renewals and what they cost. */
  'billing.read': ['owner', 'admin', 'billing'],
  /** Pay, renew, buy, auto-renew, payment methods. */
  'billing.manage': ['owner', 'admin', 'billing'],
  /** See the team. */
  'team.read': ['owner', 'admin', 'billing', 'technical', 'member'],
  /** Invite, change roles (never to or from owner), remove members (never the owner). */
  'team.manage': ['owner', 'admin'],
  /** Hand the account to another member. */
  'team.ownership': ['owner'],
  /** Read the activity log. */
  'audit.read': ['owner'],
} as const satisfies Record<string, readonly Role[]>;

export type Permission = keyof typeof PERMISSIONS;

export function can(role: Role, permission: Permission): boolean {
  return (PERMISSIONS[permission] as readonly Role[]).includes(role);
}

const DENIED: Record<Permission, string> = {
  'services.read': 'Your role cannot see this account’s services.',
  'services.manage': 'Your role cannot change service settings.',
  'services.secret': 'Your role cannot reveal auth codes.',
  'billing.read': 'Your role cannot see orders or invoices.',
  'billing.manage': 'Your role cannot pay or change billing.',
  'team.read': 'Your role cannot see the team.',
  'team.manage': 'Only owners and admins manage the team.',
  'team.ownership': 'Only the owner can hand over the account.',
  'audit.read': 'Only the owner can read the activity log.',
};

/** What a person whose role lacks `permission` is told, by the API and by the pages. */
export function deniedMessage(permission: Permission): string {
  return DENIED[permission];
}

/** Throws 403 `forbidden` unless `role` has `permission`. */
export function requirePermission(role: Role, permission: Permission): void {
  if (!can(role, permission)) throw new ApiError(403, 'forbidden', deniedMessage(permission));
}
