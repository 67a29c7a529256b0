'use client';
import { useRef, type ReactNode } from 'react';
import styles from './form.module.css';
import { useTakeLostFocus } from './take-lost-focus';

/**
 * A message that takes the focus a submit left on the page (a button disabled while it waited, a
 * form replaced by its answer), so a keyboard or screen-reader user is where the answer is; focus
 * the user has put elsewhere meanwhile stays there. `shown` changes for each new message.
 */
function FocusedMessage({
  shown,
  role,
  children,
}: {
  shown: unknown;
  role: 'alert' | 'status';
  children: ReactNode;
}) {
  const ref = useRef<HTMLParagraphElement>(null);
  useTakeLostFocus(ref, shown);
  return (
    <p
      ref={ref}
      tabIndex={-1}
      role={role}
      className={role === 'alert' ? styles.error : styles.success}
    >
      {children}
    </p>
  );
}

/** A form's message about what went wrong, or nothing. */
export function FormError({ message }: { message: string | null }) {
  return message ? (
    <FocusedMessage shown={message} role="alert">
      {message}
    </FocusedMessage>
  ) : null;
}

/** A form's answer when it went through ("Check your e-mail"), shown in place of the form. */
export function FormNotice({ children }: { children: ReactNode }) {
  return (
    <FocusedMessage shown role="status">
      {children}
    </FocusedMessage>
  );
}

/** A panel's latest answer ("Saved", "Published as version 3"), or nothing. */
export function FormStatus({ message }: { message: string | null }) {
  return message ? (
    <FocusedMessage shown={message} role="status">
      {message}
    </FocusedMessage>
  ) : null;
}
