import type { Metadata } from 'next';
import { AdminFrame } from '@/features/store-admin/components/admin-frame';
import { adminViewer } from '@/features/store-admin/server/admin-viewer.server';
import { pageStaff } from '@/features/store-admin/server/page-staff.server';
import { ThemeEditor } from '@/features/store-admin/theme/components/theme-editor';
import { themeDraft, themeVersions } from '@/features/store-admin/theme/server/theme-admin.server';

export const metadata: Metadata = { title: 'Theme', robots: { index: false } };
export const dynamic = 'force-dynamic';

/** The theme editor with its live preview (owners and staff). */
export default async function AdminThemePage() {
  const staff = await pageStaff('theme.edit', '/admin/theme');
  const [draft, { versions }] = await Promise.all([themeDraft(staff), themeVersions(staff)]);
  return (
    <AdminFrame current="/admin/theme" viewer={adminViewer(staff)} title="Theme">
      <ThemeEditor
        initial={{ theme: draft.theme, variables: draft.variables }}
        builtInTheme={draft.built_in_theme}
        initialVersions={versions}
      />
    </AdminFrame>
  );
}
