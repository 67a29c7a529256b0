import Link from 'next/link';
import { AdminFrame, roleName, type AdminViewer } from './admin-frame';
import styles from './admin.module.css';

/**
 * What a member of staff sees on an owners' section they opened by its address (decision 0329):
 * the admin's frame, with their own menu, saying the page is for the store's owners and leading
 * back to the overview. Only staff see it; anyone else gets the 404 (`pageSection`).
 */
export function OwnersOnly({ viewer, title }: { viewer: AdminViewer; title: string }) {
  return (
    <AdminFrame current="" viewer={viewer} title={title}>
      <div className={styles.panel} data-testid="owners-only">
        <p>
          <strong>Only the store’s owners can use this page.</strong> Your role here is{' '}
          {roleName(viewer.role)}: the menu shows the pages you can use. If you need something
          changed here, ask an owner of {viewer.storeName}.
        </p>
        <p>
          <Link prefetch={false} href="/admin">
            Back to the admin’s overview
          </Link>
        </p>
      </div>
    </AdminFrame>
  );
}
