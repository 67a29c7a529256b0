import { can, PERMISSIONS, ROLE_LABELS, type Role } from '@/features/access/roles';

/**
 * Who may fill a cart (docs/decisions/0327): buying is `billing.manage` in the role matrix ("pay,
 * renew, buy"), so a signed-in member whose role lacks it cannot add to a cart, and a cart they
 * already have (filled before they signed in) offers no checkout. A visitor who is not signed in
 * still fills a cart: the checkout asks them to sign in. Browser code may import this file.
 */
export function canBuy(role: Role): boolean {
  return can(role, 'billing.manage');
}

const BUYERS = PERMISSIONS['billing.manage'].map((r) => ROLE_LABELS[r]);

/** What a member who cannot buy is told, by POST /api/cart, the cart and the number lists. */
export const CANNOT_BUY = `Your role cannot buy or pay for this account. Ask someone with the ${BUYERS.slice(0, -1).join(', ')} or ${BUYERS.at(-1)} role.`;

/**
 * Whether the one signed in (null for a visitor) is a member whose role may not buy: their add
 * buttons are disabled, as `POST /api/cart` would refuse them. A visitor still adds (they sign in
 * at the checkout).
 */
export function signedInCannotBuy(user: { role: Role } | null | undefined): boolean {
  return Boolean(user) && !canBuy(user!.role);
}
