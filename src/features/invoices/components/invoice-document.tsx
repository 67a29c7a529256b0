import { formatMoney } from '@/features/pricing/format-money';
import { invoiceDates, invoiceTitle } from '../invoice-format';
import { DocumentLines, DocumentParties } from './document-parts';
import type { Invoice } from '../invoice-types';
import styles from './invoice.module.css';

/** The invoice as a page: the same content as its PDF. */
export function InvoiceDocument({ invoice }: { invoice: Invoice }) {
  const money = (m: number) => formatMoney(m, invoice.site_version);
  const dates = invoiceDates(invoice);
  return (
    <article className={styles.invoice} aria-labelledby="invoice-title">
      <h1 id="invoice-title">
        {invoiceTitle(invoice)} {invoice.number}
      </h1>
      <DocumentParties document={invoice} />
      <dl className={styles.facts}>
        <dt>Date of issue</dt>
        <dd>{dates.issued}</dd>
        <dt>Time of supply</dt>
        <dd>{dates.supplied}</dd>
        <dt>Order</dt>
        <dd>{invoice.order_number}</dd>
      </dl>
      <DocumentLines document={invoice} label="Invoice lines" />
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
