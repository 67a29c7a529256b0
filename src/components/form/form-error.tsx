'use client';
import { useEffect, useRef } from 'react';
import styles from './form.module.css';

/**
 * A form's message about what went wrong. After a submit the button is disabled while it waits
 * and the focus falls to the page; the message then takes it, so a keyboard or screen-reader user
 * is where the answer is. Focus the user has put elsewhere meanwhile stays there.
 */
export function FormError({ message }: { message: string | null }) {
  const ref = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (!message) return;
    const active = document.activeElement;
    if (!active || active === document.body) ref.current?.focus();
  }, [message]);
  return message ? (
    <p ref={ref} tabIndex={-1} role="alert" className={styles.error}>
      {message}
    </p>
  ) : null;
}
