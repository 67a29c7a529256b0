'use client';
import { useId, useState } from 'react';
import { Price } from '@/features/pricing/components/price';
import type { SiteVersionId } from '@/features/site-version/site-version';
import { AddToCartButton } from './add-to-cart-button';
import styles from './shop.module.css';

/** One call plan: price per user per month, a users field and the add button. */
export function PlanCard({
  plan,
  siteVersion,
}: {
  plan: { id: string; name: string; per_user_monthly: { net: number; gross: number } };
  siteVersion: SiteVersionId;
}) {
  const id = useId();
  const [users, setUsers] = useState(1);
  return (
    <li className={styles.card} data-plan={plan.id}>
      <div className={styles.details}>
        <h3 className={styles.name}>{plan.name}</h3>
        <p className={styles.prices}>
          <Price {...plan.per_user_monthly} siteVersion={siteVersion} /> per user a month
        </p>
      </div>
      <div className={styles.actions}>
        <label htmlFor={id}>Users</label>
        <input
          id={id}
          type="number"
          min={1}
          max={1000}
          value={users}
          onChange={(e) => setUsers(Math.min(1000, Math.max(1, Number(e.target.value) || 1)))}
          className={styles.input}
        />
        <AddToCartButton
          item={{ type: 'plan', plan: plan.id, users }}
          label={`Add the ${plan.name} plan to cart`}
        />
      </div>
    </li>
  );
}
