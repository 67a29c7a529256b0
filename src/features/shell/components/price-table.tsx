import { netGross } from '@/features/pricing/money';
import { SITE_VERSIONS, type SiteVersionId } from '@/features/site-version/site-version';
import type { TldPrice } from '@/features/tenancy/store-types';
import { Price } from '@/features/pricing/components/price';
import styles from './price-table.module.css';

/**
 * TLD prices per year in the site version's currency. `full` adds renewal and transfer; every
 * cell carries net and gross so the VAT toggle switches them in place.
 */
export function PriceTable({
  prices,
  siteVersion,
  full = false,
  caption,
}: {
  prices: readonly TldPrice[];
  siteVersion: SiteVersionId;
  full?: boolean;
  caption: string;
}) {
  const { vatRateBp, currency } = SITE_VERSIONS[siteVersion];
  const rows = prices
    .filter((p) => p.siteVersion === siteVersion)
    .toSorted((a, b) => a.sortOrder - b.sortOrder || a.tld.localeCompare(b.tld));
  const cell = (net: number) => <Price {...netGross(net, vatRateBp)} siteVersion={siteVersion} />;
  return (
    <div className={styles.wrap}>
      <table className={styles.table}>
        <caption className={styles.caption}>
          {caption} ({currency}, per year)
        </caption>
        <thead>
          <tr>
            <th scope="col">Domain</th>
            <th scope="col">Register</th>
            {full ? (
              <>
                <th scope="col">Renew</th>
                <th scope="col">Transfer</th>
              </>
            ) : null}
          </tr>
        </thead>
        <tbody>
          {rows.map((p) => (
            <tr key={p.tld} data-tld={p.tld}>
              <th scope="row">.{p.tld}</th>
              <td>{cell(p.registerNet)}</td>
              {full ? (
                <>
                  <td>{cell(p.renewNet)}</td>
                  <td>{cell(p.transferNet)}</td>
                </>
              ) : null}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
