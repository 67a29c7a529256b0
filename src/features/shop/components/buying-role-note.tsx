'use client';
import { useCustomer } from '@/features/auth/hooks/use-customer';
import { CANNOT_BUY, signedInCannotBuy } from '@/features/cart/buying-role';
import styles from './shop.module.css';

/**
 * On a cached shop page, said before anything is added: a signed-in member whose role may not buy
 * is told so once the header's customer lookup (shared, not a request of its own) knows them
 * (docs/decisions/0327). Nothing for a visitor or a member who may buy.
 */
export function BuyingRoleNote() {
  if (!useCannotBuy()) return null;
  return (
    <p className={styles.notice} role="note" data-testid="cannot-buy">
      {CANNOT_BUY}
    </p>
  );
}

/**
 * Whether the header's customer lookup (shared, no request of its own) knows a signed-in member
 * whose role may not buy: the add buttons are disabled for them, as the note says (decision
 * 0332). False for a visitor and until the lookup answers.
 */
export function useCannotBuy(): boolean {
  const { data } = useCustomer();
  return signedInCannotBuy(data?.user);
}
