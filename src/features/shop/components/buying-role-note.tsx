'use client';
import { useCustomer } from '@/features/auth/hooks/use-customer';
import { CANNOT_BUY, canBuy } from '@/features/cart/buying-role';
import styles from './shop.module.css';

/**
 * On a cached shop page, said before anything is added: a signed-in member whose role may not buy
 * is told so once the header's customer lookup (shared, not a request of its own) knows them
 * (docs/decisions/0327). Nothing for a visitor or a member who may buy.
 */
export function BuyingRoleNote() {
  const { data } = useCustomer();
  if (!data?.user || canBuy(data.user.role)) return null;
  return (
    <p className={styles.notice} role="note" data-testid="cannot-buy">
      {CANNOT_BUY}
    </p>
  );
}
