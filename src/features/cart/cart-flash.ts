import { FLYOUT_CLOSE_MS, type Cart } from './cart-types';

/**
 * Cart updates that ask for the fly-out (SPEC: "the flash option"). A tiny event channel rather
 * than a context, so any component can flash without the fly-out re-rendering the page.
 */
type Listener = (cart: Cart) => void;
const listeners = new Set<Listener>();
/**
 * A flash nobody listened to yet: the header (with the fly-out) hydrates after the page (0112),
 * so an add answered in between is shown as soon as the fly-out is there, unless it is too old to.
 */
let pending: { cart: Cart; at: number } | null = null;

export function onCartFlash(listener: Listener): () => void {
  listeners.add(listener);
  if (pending) {
    const { cart, at } = pending;
    pending = null;
    if (Date.now() - at < FLYOUT_CLOSE_MS) listener(cart);
  }
  return () => listeners.delete(listener);
}

export function flashCart(cart: Cart): void {
  if (listeners.size === 0) pending = { cart, at: Date.now() };
  for (const listener of listeners) listener(cart);
}
