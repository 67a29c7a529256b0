import type { Metadata } from 'next';
import { AdminFrame } from '@/features/store-admin/components/admin-frame';
import { AuditTable } from '@/features/store-admin/components/audit-table';
import { adminViewer } from '@/features/store-admin/server/admin-viewer.server';
import { pageStaff } from '@/features/store-admin/server/page-staff.server';
import { auditPageForPage } from '@/features/store-admin/server/staff-admin.server';

export const metadata: Metadata = { title: 'Audit', robots: { index: false } };
export const dynamic = 'force-dynamic';

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

/** Every change made in the admin, newest first, 50 a page (owners). */
export default async function AdminAuditPage({ searchParams }: { searchParams: SearchParams }) {
  const staff = await pageStaff('audit.read', '/admin/audit');
  const { cursor } = await searchParams;
  const page = await auditPageForPage(staff, typeof cursor === 'string' ? cursor : undefined);
  return (
    <AdminFrame current="/admin/audit" viewer={adminViewer(staff)} title="Audit">
      <AuditTable entries={page.entries} nextCursor={page.next_cursor} />
    </AdminFrame>
  );
}
