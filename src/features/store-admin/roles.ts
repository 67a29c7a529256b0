/**
 * Who may do what in a store's admin (issue 26, docs/decisions/0160). One matrix, checked on the
 * server by every /api/store-admin call and /admin page; the navigation uses the same matrix to
 * show only what the role may use. Browser code may import this file: it holds no secret.
 */

export const STAFF_ROLES = ['store_owner', 'store_staff'] as const;

/** What the admin calls each role. */
export const STAFF_ROLE_LABELS = { store_owner: 'Owner', store_staff: 'Staff' } as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

export function isStaffRole(value: unknown): value is StaffRole {
  return typeof value === 'string' && (STAFF_ROLES as readonly string[]).includes(value);
}

/** A stored role as the product reads it: anything unknown counts as the least, `store_staff`. */
export function staffRoleOf(value: string): StaffRole {
  return isStaffRole(value) ? value : 'store_staff';
}

const BOTH = ['store_owner', 'store_staff'] as const;
const OWNER = ['store_owner'] as const;

export const STORE_PERMISSIONS = {
  /** Edit the theme draft and preview it. */
  'theme.edit': BOTH,
  /** Publish the draft, restore an earlier version. */
  'theme.publish': BOTH,
  /** See orders and their detail. */
  'orders.read': BOTH,
  /** See the store's customers. */
  'customers.read': BOTH,
  /** Mark a bank transfer paid. */
  'orders.mark_paid': BOTH,
  /** Refund a paid order, in full or by line. */
  'orders.refund': OWNER,
  /** Cancel an unpaid order. */
  'orders.cancel': OWNER,
  /** See retail prices, costs and margins. */
  'prices.read': OWNER,
  /** Change retail prices, enable or disable TLDs. */
  'prices.write': OWNER,
  /** See the store's hosts. */
  'hosts.read': OWNER,
  /** Add, verify and remove hosts. */
  'hosts.write': OWNER,
  /** Sales, customers and renewals reports. */
  'reports.read': OWNER,
  /** Read the admin's audit. */
  'audit.read': OWNER,
  /** Invite and remove staff. */
  'staff.manage': OWNER,
  /** Connect or disconnect the store's payout account. */
  'payouts.manage': OWNER,
  /** See the shipped DNS templates and name the store's default for new zones. */
  'dns.templates': OWNER,
} as const satisfies Record<string, readonly StaffRole[]>;

export type StorePermission = keyof typeof STORE_PERMISSIONS;

export function staffCan(role: StaffRole, permission: StorePermission): boolean {
  return (STORE_PERMISSIONS[permission] as readonly StaffRole[]).includes(role);
}

/** What a staff member whose role lacks `permission` is told. */
export function staffDeniedMessage(permission: StorePermission): string {
  return (STORE_PERMISSIONS[permission] as readonly StaffRole[]).includes('store_staff')
    ? 'Your role cannot do this.'
    : 'Only the store’s owners can do this.';
}

export type AdminSection = {
  /** Stable id, e.g. for tests and the API's `sections`. */
  id: string;
  label: string;
  /** The page, under /admin. */
  href: string;
  permission: StorePermission;
  /**
   * Whether the section's page has landed. A section whose page is still being built stays out of
   * the navigation, so no link leads to a 404; its engineer flips this with the page.
   */
  available: boolean;
};

/** The admin's navigation, in order. */
export const ADMIN_SECTIONS: readonly AdminSection[] = [
  { id: 'theme', label: 'Theme', href: '/admin/theme', permission: 'theme.edit', available: true },
  {
    id: 'prices',
    label: 'Prices',
    href: '/admin/prices',
    permission: 'prices.read',
    available: true,
  },
  { id: 'hosts', label: 'Hosts', href: '/admin/hosts', permission: 'hosts.read', available: true },
  {
    id: 'orders',
    label: 'Orders',
    href: '/admin/orders',
    permission: 'orders.read',
    available: true,
  },
  {
    id: 'customers',
    label: 'Customers',
    href: '/admin/customers',
    permission: 'customers.read',
    available: true,
  },
  {
    id: 'reports',
    label: 'Reports',
    href: '/admin/reports',
    permission: 'reports.read',
    available: true,
  },
  {
    id: 'payments',
    label: 'Payments',
    href: '/admin/payments',
    permission: 'payouts.manage',
    available: true,
  },
  {
    id: 'staff',
    label: 'Staff',
    href: '/admin/staff',
    permission: 'staff.manage',
    available: true,
  },
  { id: 'dns', label: 'DNS', href: '/admin/dns', permission: 'dns.templates', available: true },
  { id: 'audit', label: 'Audit', href: '/admin/audit', permission: 'audit.read', available: true },
];

/** The sections a role may use, in navigation order (built or not: see `available`). */
export function sectionsFor(role: StaffRole): AdminSection[] {
  return ADMIN_SECTIONS.filter((s) => staffCan(role, s.permission));
}

/** The sections a role sees in the navigation: may use, and landed. */
export function navFor(role: StaffRole): AdminSection[] {
  return sectionsFor(role).filter((s) => s.available);
}
