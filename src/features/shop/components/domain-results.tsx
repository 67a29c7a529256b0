import { Price } from '@/features/pricing/components/price';
import type { SiteVersionId } from '@/features/site-version/site-version';
import type { SearchAnswer, SearchResult } from '@/features/catalog/server/domain-search.server';
import { AddToCartButton } from './add-to-cart-button';
import { TransferForm } from './transfer-form';
import styles from './shop.module.css';

type Money = { net: number; gross: number };
type Result = SearchResult;

const STATUS_TEXT = {
  available: 'Available',
  premium: 'Premium',
  taken: 'Taken',
  unknown: 'Could not check',
} as const;

/**
 * Search results, rendered on the server with the page: readable before any JavaScript runs;
 * the add and transfer buttons work once it has. A name that can be registered shows register,
 * renew and transfer prices, the first-year and renewal cost spelled out before adding; a taken
 * one shows what a transfer costs and the transfer, not a register price beside a dead button.
 */
export function DomainResults({
  answer: data,
  siteVersion,
}: {
  answer: SearchAnswer;
  siteVersion: SiteVersionId;
}) {
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
        {r.status === 'taken' ? (
          // Nobody can register it: only what a transfer costs is a price to show.
          <p className={styles.prices}>
            Registered already · Transfer {money(r.price.transfer)}, then {money(r.price.renew)} a
            year
          </p>
        ) : (
          <p className={styles.prices}>
            Register {money(r.price.register)} first year, then {money(r.price.renew)} a year ·
            Transfer {money(r.price.transfer)}
          </p>
        )}
      </div>
      <div className={styles.actions}>
        {r.status === 'taken' ? (
          <TransferForm domain={r.domain} display={r.display} />
        ) : (
          <AddToCartButton
            item={{ type: 'domain_registration', domain: r.domain, years: 1 }}
            what={r.display}
            disabled={r.status !== 'available' && r.status !== 'premium'}
          />
        )}
      </div>
    </li>
  );
  return (
    <div className={styles.section}>
      {data.not_sold ? (
        <p className={styles.notice} role="status">
          .{data.not_sold} domains are not sold here. Here is the name with the endings we sell.
        </p>
      ) : null}
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
