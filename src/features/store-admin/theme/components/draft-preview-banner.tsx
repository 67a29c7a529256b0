'use client';
import { useState, useSyncExternalStore } from 'react';
import { browserApi } from '@/lib/browser-api';
import styles from './draft-preview-banner.module.css';

const noSubscription = () => () => {};

/**
 * Says, on every page of the store, that this browser sees the draft theme (Draft Mode, turned on
 * by the theme editor), and turns the preview off (docs/decisions/0275). Not shown inside the
 * theme editor's own preview frame, which shows the store as shoppers will see it. Once the draft
 * is published (or when there is none), it says that the preview shows what shoppers see.
 */
export function DraftPreviewBanner({ unpublished }: { unpublished: boolean }) {
  // The server renders nothing: it cannot know whether the page is the editor's frame.
  const topLevel = useSyncExternalStore(
    noSubscription,
    () => window.self === window.top,
    () => false,
  );
  const [problem, setProblem] = useState<string | null>(null);
  const [leaving, setLeaving] = useState(false);
  if (!topLevel) return null;

  async function leave() {
    setLeaving(true);
    setProblem(null);
    try {
      await browserApi.delete('/admin/preview-mode');
      window.location.reload();
    } catch {
      setLeaving(false);
      setProblem('The preview could not be turned off: try again.');
    }
  }

  return (
    <section className={styles.bar} aria-label="Theme preview">
      {unpublished ? (
        <p>
          You are seeing this store with its <strong>draft theme</strong>. Shoppers see the
          published one.
        </p>
      ) : (
        <p>
          The theme preview is on, and shows what shoppers see: no draft is waiting to be published.
        </p>
      )}
      <button type="button" className={styles.leave} onClick={leave} aria-disabled={leaving}>
        Leave the preview
      </button>
      {problem ? <p role="alert">{problem}</p> : null}
    </section>
  );
}
