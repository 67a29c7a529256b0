'use client';
import { useRef, type ReactNode } from 'react';
import styles from './form.module.css';
import { useTakeLostFocus } from './take-lost-focus';

/**
 * A form's message about what went wrong. After a submit the button is disabled while it waits
 * and the focus falls to the page; the message then takes it, so a keyboard or screen-reader user
 * is where the answer is. Focus the user has put elsewhere meanwhile stays there.
 */
export function FormError({ message }: { message: string | null }) {
  const ref = useRef<HTMLParagraphElement>(null);
  useTakeLostFocus(ref, message);
  return message ? (
    <p ref={ref} tabIndex={-1} role="alert" className={styles.error}>
      {message}
    </p>
  ) : null;
}

/**
 * A form's answer when it went through ("Check your e-mail", "Saved"), announced, and taking the
 * focus the submit or the replaced form lost, as FormError does.
 */
export function FormNotice({ children }: { children: ReactNode }) {
  const ref = useRef<HTMLParagraphElement>(null);
  useTakeLostFocus(ref, true);
  return (
    <p ref={ref} tabIndex={-1} role="status" className={styles.success}>
      {children}
    </p>
  );
}

/**
 * A panel's latest answer ("Saved", "Published as version 3"), or nothing: announced, and taking
 * the focus its busy button lost, again for each new message.
 */
export function FormStatus({ message }: { message: string | null }) {
  const ref = useRef<HTMLParagraphElement>(null);
  useTakeLostFocus(ref, message);
  return message ? (
    <p ref={ref} tabIndex={-1} role="status" className={styles.success}>
      {message}
    </p>
  ) : null;
}
