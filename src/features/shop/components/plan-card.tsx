'use client';
import { useId, useRef } from 'react';
import { Price } from '@/features/pricing/components/price';
import type { SiteVersionId } from '@/features/site-version/site-version';
import { AddToCartButton } from './add-to-cart-button';
import styles from './shop.module.css';

/**
 * One call plan: price per user per month, what it includes, a users field and the add button. Its name is a
 * heading one level below the list's (h2 under the plans page's h1, h3 in the dashboard's
 * section), so heading levels never skip.
 */
export function PlanCard({
  plan,
  siteVersion,
  headingLevel = 2,
}: {
  plan: {
    id: string;
    name: string;
    per_user_monthly: { net: number; gross: number };
    features: readonly string[];
  };
  siteVersion: SiteVersionId;
  headingLevel?: 2 | 3;
}) {
  const Name = `h${headingLevel}` as const;
  const id = useId();
  // Read at the click, not kept in state: a number typed before the page's script ran stays, and
  // the field can be cleared to type another.
  const field = useRef<HTMLInputElement>(null);
  const planItem = () => {
    const users = Number(field.current?.value ?? '1');
    return Number.isInteger(users) && users >= 1 && users <= 1000
      ? { item: { type: 'plan', plan: plan.id, users } }
      : { error: 'Users: a whole number from 1 to 1000.' };
  };
  return (
    <li className={styles.card} data-plan={plan.id}>
      <div className={styles.details}>
        <Name className={styles.name}>{plan.name}</Name>
        <p className={styles.prices}>
          <Price {...plan.per_user_monthly} siteVersion={siteVersion} /> per user a month
        </p>
        {plan.features.length > 0 ? (
          <ul className={styles.features} aria-label={`The ${plan.name} plan includes`}>
            {plan.features.map((feature) => (
              <li key={feature}>{feature}</li>
            ))}
          </ul>
        ) : null}
      </div>
      <div className={styles.actions}>
        <label htmlFor={id}>Users</label>
        <input
          ref={field}
          id={id}
          type="number"
          min={1}
          max={1000}
          step={1}
          defaultValue={1}
          className={styles.input}
        />
        <AddToCartButton item={planItem} what={`the ${plan.name} plan`} />
      </div>
    </li>
  );
}
