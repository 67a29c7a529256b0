/**
 * What a removal from the order being prepared says (docs/decisions/0327, 0332), kept apart from
 * the components so it can be tested. Browser code may import this file.
 */

/** A removal as it happened: the line removed, and the order's lines left after it. */
export type Removal = {
  label: string;
  number: boolean;
  /** The ids of the lines left, in order: the order the message is about. */
  left: string;
};

/** The order's lines as one key: a removal's message is about this order and no other. */
export const linesKey = (cart: { items: readonly { id: string }[] }) =>
  cart.items.map((l) => l.id).join(' ');

/**
 * The message, or null when there is none or the order has changed since (an add, another
 * removal's answer): "Removed … It can be chosen again" must not stay above that same number added
 * back. "Your order is now empty." only while it is, and not where the page says so itself
 * (`emptySaid`: the checkout's empty order).
 */
export function removalText(
  removal: Removal | null,
  cart: { items: readonly { id: string }[] },
  { numberBack, emptySaid = false }: { numberBack: string; emptySaid?: boolean },
): string | null {
  if (!removal || removal.left !== linesKey(cart)) return null;
  const empty = cart.items.length === 0 && !emptySaid;
  return [
    `Removed ${removal.label} from your order.`,
    removal.number ? numberBack : '',
    empty ? 'Your order is now empty.' : '',
  ]
    .filter(Boolean)
    .join(' ');
}
