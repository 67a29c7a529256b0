import { postalLines } from '@/features/billing/postal-lines';
import { formatMoney } from '@/features/pricing/format-money';
import { invoiceDates, invoiceTitle } from '../invoice-format';
import type { Invoice } from '../invoice-types';
import styles from './invoice.module.css';

/** The invoice as a page: the same content as its PDF. */
export function InvoiceDocument({ invoice }: { invoice: Invoice }) {
  const money = (m: number) => formatMoney(m, invoice.site_version);
  const s = invoice.supplier;
  const c = invoice.customer;
  const dates = invoiceDates(invoice);
  return (
    <article className={styles.invoice} aria-labelledby="invoice-title">
      <h1 id="invoice-title">
        {invoiceTitle(invoice)} {invoice.number}
      </h1>
      <div className={styles.parties}>
        <section aria-labelledby="invoice-supplier">
          <h2 id="invoice-supplier" className={styles.small}>
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
        <section aria-labelledby="invoice-customer">
          <h2 id="invoice-customer" className={styles.small}>
            Billed to
          </h2>
          <address className={styles.address}>{postalLines(c).join('\n')}</address>
          {c.vat_number ? <p>VAT number: {c.vat_number}</p> : null}
        </section>
      </div>
      <dl className={styles.facts}>
        <dt>Date of issue</dt>
        <dd>{dates.issued}</dd>
        <dt>Time of supply</dt>
        <dd>{dates.supplied}</dd>
        <dt>Order</dt>
        <dd>{invoice.order_number}</dd>
      </dl>
      {/* On a phone each line reads as a card (0310); focusable, should a long word scroll it. */}
      <div className={styles.scroll} tabIndex={0} role="region" aria-label="Invoice lines">
        <table className={`${styles.table} ${styles.cards}`}>
          <caption className={styles.caption}>Amounts in {invoice.currency}</caption>
          <thead>
            <tr>
              <th scope="col">Description</th>
              <th scope="col">Qty</th>
              <th scope="col">Unit {invoice.shows_vat ? '(net)' : 'price'}</th>
              {invoice.shows_vat ? (
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
            {invoice.lines.map((line, i) => (
              <tr key={i}>
                <td>{line.description}</td>
                <td data-label="Qty">{line.quantity}</td>
                <td data-label={invoice.shows_vat ? 'Unit (net)' : 'Unit price'}>
                  {money(line.unit_net)}
                </td>
                {invoice.shows_vat ? (
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
      <dl className={styles.facts}>
        {invoice.shows_vat ? (
          <>
            <dt>Total net</dt>
            <dd>{money(invoice.totals.net)}</dd>
            <dt>Total VAT</dt>
            <dd>{money(invoice.totals.vat)}</dd>
          </>
        ) : null}
        <dt>Total</dt>
        <dd data-total="gross">{money(invoice.totals.gross)}</dd>
      </dl>
      <p className={styles.small}>
        {invoice.shows_vat
          ? 'UK VAT is charged at the rate shown on each line. Paid in full.'
          : 'No VAT is charged. Paid in full.'}
      </p>
    </article>
  );
}
