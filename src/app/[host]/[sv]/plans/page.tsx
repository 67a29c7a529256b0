import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { pageStore } from '@/features/tenancy/server/page-store.server';
import { planOffers } from '@/features/catalog/server/voice.server';
import { BuyingRoleNote } from '@/features/shop/components/buying-role-note';
import { PlanCard } from '@/features/shop/components/plan-card';
import styles from '@/features/shop/components/shop.module.css';

type Props = { params: Promise<{ host: string; sv: string }> };

export const metadata: Metadata = { title: 'Call plans' };

/** Call plans priced per user per month; rendered once per store and site version. */
export default async function PlansPage({ params }: Props) {
  const { host, sv } = await params;
  const { store, siteVersion } = await pageStore(host, sv);
  if (store.config.dashboard_only) notFound();
  const plans = await planOffers(siteVersion);
  return (
    <>
      <h1>Call plans</h1>
      <BuyingRoleNote />
      <ul className={styles.list}>
        {plans.map((plan) => (
          <PlanCard key={plan.id} plan={plan} siteVersion={siteVersion} />
        ))}
      </ul>
    </>
  );
}
