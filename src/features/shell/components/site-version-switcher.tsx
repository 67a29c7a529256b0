'use client';
import { useId, useState } from 'react';
import { useRouter } from 'next/navigation';
import { useHydrated } from '@/lib/use-hydrated';
import type { SiteVersionId } from '@/features/site-version/site-version';
import styles from './header.module.css';

/** GBP/USD switcher: keeps the choice on the server, then shows the page in that version. */
export function SiteVersionSwitcher({ current }: { current: SiteVersionId }) {
  const id = useId();
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  const hydrated = useHydrated();

  async function change(value: string) {
    setBusy(true);
    try {
      // Loaded on first use: the HTTP client is not part of the page's first load.
      const { browserApi } = await import('@/lib/browser-api');
      await browserApi.put('/api/site-version', { id: Number(value) });
      router.refresh();
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className={styles.control}>
      <label htmlFor={id} className={styles.controlLabel}>
        Currency
      </label>
      <select
        id={id}
        className={styles.select}
        value={String(current)}
        disabled={busy || !hydrated}
        onChange={(e) => void change(e.target.value)}
      >
        <option value="1">GBP £</option>
        <option value="2">USD $</option>
      </select>
    </div>
  );
}
