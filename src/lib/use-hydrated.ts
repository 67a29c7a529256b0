import { useSyncExternalStore } from 'react';

const noSubscription = () => () => {};

/**
 * False while the page is server HTML that React has not hydrated yet, true after. Scripts load
 * after the first paint (docs/decisions/0015), so a button whose work is in a click handler must be
 * disabled until then, or a click in between does nothing and is lost.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}
