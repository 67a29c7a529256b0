import type { Metadata } from 'next';
import Link from 'next/link';
import { pageStore } from '@/features/tenancy/server/page-store.server';
import { PriceTable } from '@/features/shell/components/price-table';
import { DomainSearchForm } from '@/features/shell/components/domain-search-form';
import { NumbersLead } from '@/features/shop/components/numbers-lead';
import { DashboardOnlyHome } from '@/features/auth/components/dashboard-only-home';
import { SignInLink, SignedOutText } from '@/features/auth/components/sign-in-link';
import { StructuredData } from '@/features/seo/components/structured-data';
import { offerCatalogJsonLd } from '@/features/seo/json-ld';
import styles from './home.module.css';

type Props = { params: Promise<{ host: string; sv: string }> };

export const metadata: Metadata = { alternates: { canonical: '/' } };

/**
 * Home page by brand: the domain brand leads with domain search and prices; telephony brands
 * (dashboard_only) offer sign-in and registration, and take a signed-in customer to the overview; white-label stores show their own texts,
 * and their own prices when they sell domains. A store whose variables say it leads with numbers
 * opens on them, ahead of the domain search.
 */
export default async function HomePage({ params }: Props) {
  const { host, sv } = await params;
  const { store, siteVersion } = await pageStore(host, sv);
  const v = store.variables;
  const sellsDomains =
    !store.config.dashboard_only && store.prices.some((p) => p.siteVersion === siteVersion);

  return (
    <>
      <section className={styles.hero}>
        <h1 className={styles.name}>{store.config.store_name}</h1>
        {v.dualHomepageText ? <p className={styles.lead}>{v.dualHomepageText}</p> : null}
      </section>

      {store.config.dashboard_only ? (
        <section aria-labelledby="account-heading" className={styles.panel}>
          <h2 id="account-heading">Your account</h2>
          <DashboardOnlyHome
            loginText={v.loginText}
            className={styles.actions}
            primary={styles.primary}
            secondary={styles.secondary}
          />
        </section>
      ) : null}

      {!store.config.dashboard_only && v.homeLeadsWith === 'numbers' ? (
        <NumbersLead siteVersion={siteVersion} />
      ) : null}

      {sellsDomains ? (
        <section aria-labelledby="domains-heading">
          <h2 id="domains-heading">Find your domain</h2>
          <DomainSearchForm />
          <PriceTable
            prices={store.prices}
            siteVersion={siteVersion}
            caption="Registration prices"
          />
          <p>
            <Link prefetch={false} href="/domains/pricing">
              All prices, including renewal and transfer
            </Link>
          </p>
          <StructuredData data={offerCatalogJsonLd(store, siteVersion)} />
        </section>
      ) : null}

      {store.keywordId === 4 && !store.config.dashboard_only && v.loginText ? (
        <section aria-labelledby="login-heading" className={styles.panel}>
          <h2 id="login-heading">Already a customer?</h2>
          <SignedOutText>{v.loginText}</SignedOutText>
          <p className={styles.actions}>
            <SignInLink className={styles.secondary} whenSignedIn="dashboard" />
          </p>
        </section>
      ) : null}

      {v.domainModules.length > 0 ? (
        <section aria-label="Why choose us" className={styles.modules}>
          {v.domainModules.map((m) => (
            <article key={m.title}>
              <h2>{m.title}</h2>
              <p>{m.content}</p>
            </article>
          ))}
        </section>
      ) : null}
    </>
  );
}
