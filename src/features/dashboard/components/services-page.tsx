import Link from 'next/link';
import { accountServices } from '@/features/services/server/services.server';
import type { ServiceType } from '@/features/services/service-types';
import { can } from '@/features/access/roles';
import { pageCaller, type Caller } from '@/features/access/server/caller.server';
import { planOffers } from '@/features/catalog/server/voice.server';
import { NumberSearch } from '@/features/shop/components/number-search';
import { numberSearch } from '@/features/shop/server/number-search.server';
import { PlanCard } from '@/features/shop/components/plan-card';
import { pageCart } from '@/features/cart/server/cart-service.server';
import { requestContext } from '@/features/session/server/request-context.server';
import { pageRequestInput } from '@/lib/http/page-request-input';
import { hasPaymentMethod } from '../server/dashboard-page.server';
import { DashboardFrame } from './dashboard-frame';
import { OrderSoFar } from './order-so-far';
import { ServiceTable } from './service-table';
import { SignInFirst } from './sign-in-first';
import styles from './dashboard.module.css';

const KINDS = {
  domains: {
    title: 'Domains',
    list: 'Your domains',
    types: ['domain', 'domain_transfer'] as ServiceType[],
    date: 'Expires',
    empty: 'No domains yet.',
    buy: { href: '/domains/search', label: 'Find a domain' },
  },
  numbers: {
    title: 'Numbers',
    list: 'Your numbers',
    types: ['number'] as ServiceType[],
    date: 'Renews',
    empty: 'No phone numbers yet.',
    buy: { href: '/numbers', label: 'Buy more numbers' },
  },
  plans: {
    title: 'Plans',
    list: 'Your plans',
    types: ['plan'] as ServiceType[],
    date: 'Renews',
    empty: 'No call plans yet.',
    buy: { href: '/plans', label: 'Add a plan or seats' },
  },
} as const;

/**
 * Buying more from the dashboard: numbers and plans here, through the cart and the
 * same checkout, so the telephony brand (no shop pages) sells from its dashboard; domains on the
 * store's own search.
 */
async function BuyMore({
  kind,
  viewer,
  label,
  href,
  searchParams,
}: {
  kind: keyof typeof KINDS;
  viewer: Caller;
  label: string;
  href: string;
  searchParams: Record<string, string | string[] | undefined>;
}) {
  // What was added and not yet paid, with Remove (0327): a dashboard-only brand has no cart page.
  const orderSoFar =
    kind === 'numbers' || kind === 'plans' ? (
      <OrderSoFar
        initial={await pageCart(await requestContext(await pageRequestInput()), viewer.siteVersion)}
        shop={!viewer.store.config.dashboard_only}
      />
    ) : null;
  if (kind === 'numbers') {
    return (
      <section className={styles.panel} aria-labelledby="buy-numbers">
        <h2 id="buy-numbers">{label}</h2>
        {/* Above the list of numbers (twenty of them): not a long scroll away on a phone. */}
        {orderSoFar}
        <NumberSearch
          siteVersion={viewer.siteVersion}
          search={await numberSearch(searchParams, viewer.siteVersion)}
          action="/dashboard/numbers"
          headingLevel={3}
        />
      </section>
    );
  }
  if (kind === 'plans') {
    const plans = await planOffers(viewer.siteVersion);
    return (
      <section className={styles.panel} aria-labelledby="buy-plans">
        <h2 id="buy-plans">{label}</h2>
        <ul className={styles.planList}>
          {plans.map((plan) => (
            <PlanCard key={plan.id} plan={plan} siteVersion={viewer.siteVersion} headingLevel={3} />
          ))}
        </ul>
        {orderSoFar}
      </section>
    );
  }
  if (viewer.store.config.dashboard_only) return null;
  return (
    <p className={styles.panel}>
      <Link prefetch={false} href={href}>
        {label}
      </Link>
      : bought through the checkout, it appears here once paid.
    </p>
  );
}

/** The Domains, Numbers or Plans page: the account's services of that kind, and where to buy more. */
export async function ServicesPage({
  kind,
  searchParams = {},
}: {
  kind: keyof typeof KINDS;
  /** The page's query: the number search's digits on the numbers page. */
  searchParams?: Record<string, string | string[] | undefined>;
}) {
  const k = KINDS[kind];
  const viewer = await pageCaller();
  if (!viewer) return <SignInFirst title={k.title} />;
  const services = (await accountServices(viewer)).filter((s) => k.types.includes(s.type));
  return (
    <DashboardFrame current={`/dashboard/${kind}`} viewer={viewer} title={k.title}>
      {/* The page is named by its h1 ("Numbers"); its two parts each by a heading of their own,
          "Your numbers" and "Buy more numbers", never the page's name again. */}
      <h2>{k.list}</h2>
      <ServiceTable
        services={services}
        siteVersion={viewer.siteVersion}
        caption={k.list}
        dateLabel={k.date}
        empty={k.empty}
        hasPaymentMethod={await hasPaymentMethod(viewer)}
      />
      {can(viewer.role, 'billing.manage') ? (
        <BuyMore
          kind={kind}
          viewer={viewer}
          label={k.buy.label}
          href={k.buy.href}
          searchParams={searchParams}
        />
      ) : null}
    </DashboardFrame>
  );
}
