'use client';
import { useEffect, type RefObject } from 'react';

/**
 * Moves the focus to `ref` when `shown` turns true and the focus has fallen to the page (a button
 * disabled while it waited, a form replaced by its answer), so a keyboard or screen-reader user is
 * where the answer is. While the message is shown, it also takes the focus when the control that
 * had it is removed afterwards (a row withdrawn, gone when the page's data is read again). Focus
 * the user has put elsewhere stays there. The element needs `tabIndex={-1}`.
 */
export function useTakeLostFocus(ref: RefObject<HTMLElement | null>, shown: unknown): void {
  useEffect(() => {
    if (!shown) return;
    const fallen = () => !document.activeElement || document.activeElement === document.body;
    if (fallen()) ref.current?.focus();
    let holder: Element | null = document.activeElement;
    const noteFocus = (event: FocusEvent) => {
      holder = event.target instanceof Element ? event.target : null;
    };
    document.addEventListener('focusin', noteFocus);
    const removed = new MutationObserver(() => {
      if (holder && !holder.isConnected && fallen()) {
        holder = null;
        ref.current?.focus();
      }
    });
    removed.observe(document.body, { childList: true, subtree: true });
    return () => {
      document.removeEventListener('focusin', noteFocus);
      removed.disconnect();
    };
  }, [ref, shown]);
}
