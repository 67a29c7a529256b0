import type { Metadata } from 'next';
import { AdminFrame } from '@/features/store-admin/components/admin-frame';
import { OwnersOnly } from '@/features/store-admin/components/owners-only';
import { StaffPanel } from '@/features/store-admin/components/staff-panel';
import { adminViewer } from '@/features/store-admin/server/admin-viewer.server';
import { pageSection } from '@/features/store-admin/server/page-staff.server';
import { staffList } from '@/features/store-admin/server/staff-admin.server';

export const metadata: Metadata = { title: 'Staff', robots: { index: false } };
export const dynamic = 'force-dynamic';

/** The store's staff and invitations (owners). */
export default async function AdminStaffPage() {
  const access = await pageSection('staff.manage', '/admin/staff');
  if (!access.allowed) return <OwnersOnly viewer={adminViewer(access.staff)} title="Staff" />;
  const { staff } = access;
  const { staff: members, invites } = await staffList(staff);
  return (
    <AdminFrame current="/admin/staff" viewer={adminViewer(staff)} title="Staff">
      <p>
        Owners do everything; staff edit and publish the theme, read orders and customers and mark
        bank transfers paid. A store keeps at least one owner.
      </p>
      <StaffPanel
        staff={members.map(({ id, email, name, role, you }) => ({ id, email, name, role, you }))}
        invites={invites}
      />
    </AdminFrame>
  );
}
