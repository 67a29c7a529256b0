import type { Cart } from './cart-types';

/**
 * Cart updates that ask for the fly-out ("the flash option", docs/contract/brands-and-hosts.md). A
 * tiny event channel rather than a context, so any component can flash without the fly-out
 * re-rendering the page.
 */
type Listener = (cart: Cart) => void;
const listeners = new Set<Listener>();

export function onCartFlash(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function flashCart(cart: Cart): void {
  for (const listener of listeners) listener(cart);
}

/**
 * Every cart this tab's cart calls answered, flash or not: an add button whose line was removed
 * elsewhere on the page (the dashboard's order so far, the checkout) offers to add it again.
 */
const changeListeners = new Set<Listener>();

export function onCartChange(listener: Listener): () => void {
  changeListeners.add(listener);
  return () => changeListeners.delete(listener);
}

export function cartChanged(cart: Cart): void {
  for (const listener of changeListeners) listener(cart);
}
