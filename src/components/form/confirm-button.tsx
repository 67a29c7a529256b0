'use client';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import styles from './form.module.css';

/**
 * A button whose action cannot be undone: the first press asks, in place, what will happen, and
 * only "Yes" does it. The focus moves to "Keep", the answer that changes nothing, so a second
 * Enter (a double press, a key held down) keeps everything as it was; the question is the
 * answers' description, so a screen reader reads it with them. "Keep" (or Escape) puts the focus
 * back on the button (docs/decisions/0301).
 * `label` is the button's visible word; `name` completes each button's accessible name, which
 * tells the rows' buttons apart ("Remove shop.example").
 */
export function ConfirmButton({
  label,
  name,
  question,
  confirm,
  disabled,
  onConfirm,
}: {
  label: string;
  /** Empty where the button is the page's only one of its kind. */
  name: string;
  /** What the action does, as a question: "Remove shop.example? It stops serving at once." */
  question: ReactNode;
  /** The visible word of the button that does it: "Yes, remove". */
  confirm: string;
  disabled?: boolean;
  onConfirm: () => void | Promise<void>;
}) {
  const [asking, setAsking] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);
  const keep = useRef<HTMLButtonElement>(null);
  const wasAsking = useRef(false);
  const questionId = useId();

  useEffect(() => {
    if (asking) keep.current?.focus();
    else if (wasAsking.current) opener.current?.focus();
    wasAsking.current = asking;
  }, [asking]);

  if (!asking)
    return (
      <button
        ref={opener}
        type="button"
        className={styles.secondary}
        aria-label={[label, name].filter(Boolean).join(' ')}
        disabled={disabled}
        onClick={() => setAsking(true)}
      >
        {label}
      </button>
    );
  return (
    <span
      role="group"
      aria-label={[label, name].filter(Boolean).join(' ')}
      aria-describedby={questionId}
      className={styles.confirm}
      onKeyDown={(event) => {
        if (event.key === 'Escape') setAsking(false);
      }}
    >
      <span id={questionId} className={styles.question}>
        {question}
      </span>
      <button
        type="button"
        className={styles.button}
        aria-label={[confirm, name].filter(Boolean).join(' ')}
        aria-describedby={questionId}
        disabled={disabled}
        onClick={async () => {
          await onConfirm();
          setAsking(false);
        }}
      >
        {confirm}
      </button>
      <button
        ref={keep}
        type="button"
        className={styles.secondary}
        aria-label={['Keep', name].filter(Boolean).join(' ')}
        aria-describedby={questionId}
        onClick={() => setAsking(false)}
      >
        Keep
      </button>
    </span>
  );
}
