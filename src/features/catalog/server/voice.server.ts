import 'server-only';
import { now } from '@/lib/clock';
import { appDb } from '@/lib/db/app-db';
import { netGross, type Money } from '@/features/pricing/money';
import { SITE_VERSIONS, type SiteVersionId } from '@/features/site-version/site-version';
import { planFeatures } from '../plan-features';
import { listPlans, searchNumbers } from './catalog-repository.server';

export type NumberOffer = { number: string; area: string; national: string; monthly: Money };
export type PlanOffer = {
  id: string;
  name: string;
  per_user_monthly: Money;
  /** What the plan includes, for people. */
  features: string[];
};

/** Free numbers of the site version's country (UK for GBP, US for USD). */
export async function findNumberOffers(input: {
  siteVersion: SiteVersionId;
  area?: string;
  contains?: string;
  limit: number;
}): Promise<NumberOffer[]> {
  const rate = SITE_VERSIONS[input.siteVersion].vatRateBp;
  const rows = await searchNumbers(await appDb(), { ...input, now: now() });
  return rows.map((r) => ({
    number: r.number,
    area: r.area,
    national: r.national,
    monthly: netGross(r.monthlyNet, rate),
  }));
}

/** Call plans of a site version, priced per user per month. */
export async function planOffers(siteVersion: SiteVersionId): Promise<PlanOffer[]> {
  const rate = SITE_VERSIONS[siteVersion].vatRateBp;
  return (await listPlans(await appDb(), siteVersion)).map((p) => ({
    id: p.id,
    name: p.name,
    per_user_monthly: netGross(p.perUserMonthlyNet, rate),
    features: planFeatures(p.id),
  }));
}
