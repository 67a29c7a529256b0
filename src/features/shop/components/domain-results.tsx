'use client';
import { useSearchParams } from 'next/navigation';
import useSWR from 'swr';
import { Price } from '@/features/pricing/components/price';
import type { SiteVersionId } from '@/features/site-version/site-version';
import { AddToCartButton } from './add-to-cart-button';
import { TransferForm } from './transfer-form';
import styles from './shop.module.css';

type Money = { net: number; gross: number };
type Result = {
  domain: string;
  display: string;
  tld: string;
  status: 'available' | 'taken' | 'premium' | 'unknown';
  kind: 'exact' | 'tld' | 'suggestion';
  price: { register: Money; renew: Money; transfer: Money };
};
type Answer = { query: string; results: Result[] };

async function fetchSearch(url: string): Promise<Answer> {
  const { browserApi } = await import('@/lib/browser-api');
  return (await browserApi.get(url)).data.data;
}

function errorMessage(error: unknown): string {
  const body = (error as { response?: { data?: { error?: { fields?: { q?: string[] } } } } })
    .response?.data?.error;
  return body?.fields?.q?.[0] ?? 'The search did not work. Try again.';
}

const STATUS_TEXT = {
  available: 'Available',
  premium: 'Premium',
  taken: 'Taken',
  unknown: 'Could not check',
} as const;

/**
 * Search results for `?q=` (read in the browser: the page itself is cached per store). Every
 * result shows register, renew and transfer prices; the first-year and renewal cost is spelled
 * out before adding.
 */
export function DomainResults({ siteVersion }: { siteVersion: SiteVersionId }) {
  const q = useSearchParams().get('q')?.trim() ?? '';
  const { data, error, isLoading } = useSWR(
    q ? `/api/domains/search?q=${encodeURIComponent(q)}` : null,
    fetchSearch,
    { shouldRetryOnError: false },
  );
  if (!q) return <p className={styles.status}>Type a name to search.</p>;
  if (error) return <p className={styles.error}>{errorMessage(error)}</p>;
  if (isLoading || !data) {
    return (
      <p className={styles.status} role="status">
        Searching…
      </p>
    );
  }
  const money = (m: Money) => <Price {...m} siteVersion={siteVersion} />;
  const suggestions = data.results.filter((r) => r.kind === 'suggestion');
  const main = data.results.filter((r) => r.kind !== 'suggestion');
  const card = (r: Result) => (
    <li key={r.domain} className={styles.card} data-domain={r.domain}>
      <div className={styles.details}>
        <h3 className={styles.name}>
          {r.display}
          <span className={`${styles.badge} ${styles[r.status]}`}>{STATUS_TEXT[r.status]}</span>
        </h3>
        <p className={styles.prices}>
          Register {money(r.price.register)} first year, then {money(r.price.renew)} a year ·
          Transfer {money(r.price.transfer)}
        </p>
      </div>
      <div className={styles.actions}>
        <AddToCartButton
          item={{ type: 'domain_registration', domain: r.domain, years: 1 }}
          label={`Add ${r.display} to cart`}
          disabled={r.status !== 'available' && r.status !== 'premium'}
        />
        {r.status === 'taken' ? <TransferForm domain={r.domain} display={r.display} /> : null}
      </div>
    </li>
  );
  return (
    <div className={styles.section}>
      <h2>Results for {data.query}</h2>
      <ul className={styles.list}>{main.map(card)}</ul>
      {suggestions.length > 0 ? (
        <>
          <h2>You might also like</h2>
          <ul className={styles.list}>{suggestions.map(card)}</ul>
        </>
      ) : null}
    </div>
  );
}
