import type { Metadata } from 'next';
import { AdminFrame } from '@/features/store-admin/components/admin-frame';
import { OwnersOnly } from '@/features/store-admin/components/owners-only';
import { AuditTable } from '@/features/store-admin/components/audit-table';
import { withHostLabels } from '@/features/store-admin/hosts/host-label';
import { hostUnicode } from '@/features/store-admin/hosts/host-name';
import { adminViewer } from '@/features/store-admin/server/admin-viewer.server';
import { pageSection } from '@/features/store-admin/server/page-staff.server';
import { auditPageForPage } from '@/features/store-admin/server/staff-admin.server';

export const metadata: Metadata = { title: 'Audit', robots: { index: false } };
export const dynamic = 'force-dynamic';

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

/** Every change made in the admin, newest first, 50 a page (owners). */
export default async function AdminAuditPage({ searchParams }: { searchParams: SearchParams }) {
  const access = await pageSection('audit.read', '/admin/audit');
  if (!access.allowed) return <OwnersOnly viewer={adminViewer(access.staff)} title="Audit" />;
  const { staff } = access;
  const { cursor } = await searchParams;
  const page = await auditPageForPage(staff, typeof cursor === 'string' ? cursor : undefined);
  return (
    <AdminFrame current="/admin/audit" viewer={adminViewer(staff)} title="Audit">
      {/* An internationalised host in Unicode, beside its punycode (decision 0329). */}
      <AuditTable
        entries={page.entries.map((e) => withHostLabels(e, hostUnicode))}
        nextCursor={page.next_cursor}
      />
    </AdminFrame>
  );
}
