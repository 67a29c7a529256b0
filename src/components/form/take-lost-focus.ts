'use client';
import { useEffect, type RefObject } from 'react';

/**
 * Moves the focus to `ref` when `shown` turns true and the focus has fallen to the page (a button
 * disabled while it waited, a form replaced by its answer), so a keyboard or screen-reader user is
 * where the answer is. Focus the user has put elsewhere meanwhile stays there. The element needs
 * `tabIndex={-1}`.
 */
export function useTakeLostFocus(ref: RefObject<HTMLElement | null>, shown: unknown): void {
  useEffect(() => {
    if (!shown) return;
    const active = document.activeElement;
    if (!active || active === document.body) ref.current?.focus();
  }, [ref, shown]);
}
