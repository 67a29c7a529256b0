import { postalLines } from '@/features/billing/postal-lines';
import { formatMoney } from '@/features/pricing/format-money';
import type { CreditNote, Invoice } from '../invoice-types';
import styles from './invoice.module.css';

/** What an invoice and a credit note both show, as their PDFs do (one document a page). */

type Parties = Pick<Invoice | CreditNote, 'supplier' | 'customer'>;

/** Who supplies and who is billed: the store's legal details, the customer's address. */
export function DocumentParties({ document }: { document: Parties }) {
  const s = document.supplier;
  const c = document.customer;
  return (
    <div className={styles.parties}>
      <section aria-labelledby="document-supplier">
        <h2 id="document-supplier" className={styles.small}>
          From
        </h2>
        <address className={styles.address}>
          <strong>{s.legal_name}</strong>
          {s.trading_name !== s.legal_name ? `\nTrading as ${s.trading_name}` : ''}
          {s.address.length ? `\n${s.address.join('\n')}` : ''}
        </address>
        {s.vat_number ? <p>VAT number: {s.vat_number}</p> : null}
        {s.company_number ? <p>Company number: {s.company_number}</p> : null}
      </section>
      <section aria-labelledby="document-customer">
        <h2 id="document-customer" className={styles.small}>
          Billed to
        </h2>
        <address className={styles.address}>{postalLines(c).join('\n')}</address>
        {c.vat_number ? <p>VAT number: {c.vat_number}</p> : null}
      </section>
    </div>
  );
}

/**
 * The lines of an invoice or a credit note, with the columns its PDF has. On a phone each line
 * reads as a card (0310); the box is focusable, should a long word scroll it.
 */
export function DocumentLines({
  document,
  label,
}: {
  document: Pick<Invoice | CreditNote, 'lines' | 'currency' | 'shows_vat' | 'site_version'>;
  label: string;
}) {
  const money = (m: number) => formatMoney(m, document.site_version);
  const vat = document.shows_vat;
  return (
    <div className={styles.scroll} tabIndex={0} role="region" aria-label={label}>
      <table className={`${styles.table} ${styles.cards}`}>
        <caption className={styles.caption}>Amounts in {document.currency}</caption>
        <thead>
          <tr>
            <th scope="col">Description</th>
            <th scope="col">Qty</th>
            <th scope="col">Unit {vat ? '(net)' : 'price'}</th>
            {vat ? (
              <>
                <th scope="col">Net</th>
                <th scope="col">VAT rate</th>
                <th scope="col">VAT</th>
                <th scope="col">Gross</th>
              </>
            ) : (
              <th scope="col">Amount</th>
            )}
          </tr>
        </thead>
        <tbody>
          {document.lines.map((line, i) => (
            <tr key={i}>
              <td>{line.description}</td>
              <td data-label="Qty">{line.quantity}</td>
              <td data-label={vat ? 'Unit (net)' : 'Unit price'}>{money(line.unit_net)}</td>
              {vat ? (
                <>
                  <td data-label="Net">{money(line.net)}</td>
                  <td data-label="VAT rate">{line.vat_rate}%</td>
                  <td data-label="VAT">{money(line.vat)}</td>
                  <td data-label="Gross">{money(line.gross)}</td>
                </>
              ) : (
                <td data-label="Amount">{money(line.gross)}</td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
