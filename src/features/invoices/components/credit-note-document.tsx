import Link from 'next/link';
import { formatMoney } from '@/features/pricing/format-money';
import type { CreditNote } from '../invoice-types';
import { DocumentLines, DocumentParties } from './document-parts';
import styles from './invoice.module.css';

/**
 * A credit note as a page: the same content as its PDF (decision 0323), with the invoice it
 * corrects as a link. Its amounts are what was given back.
 */
export function CreditNoteDocument({ note }: { note: CreditNote }) {
  const money = (m: number) => formatMoney(m, note.site_version);
  const issued = new Intl.DateTimeFormat('en-GB', {
    timeZone: note.supplier.time_zone,
    dateStyle: 'long',
  }).format(new Date(note.issued_at));
  return (
    <article className={styles.invoice} aria-labelledby="credit-note-title">
      <h1 id="credit-note-title">Credit note {note.number}</h1>
      <DocumentParties document={note} />
      <dl className={styles.facts}>
        <dt>Date of issue</dt>
        <dd>{issued}</dd>
        <dt>Credits invoice</dt>
        <dd>
          <Link prefetch={false} href={`/invoices/${note.invoice_id}`}>
            {note.invoice_number}
          </Link>
        </dd>
        <dt>Order</dt>
        <dd>{note.order_number}</dd>
      </dl>
      <DocumentLines document={note} label="Lines refunded" />
      <dl className={styles.facts}>
        {note.shows_vat ? (
          <>
            <dt>Net refunded</dt>
            <dd>{money(note.totals.net)}</dd>
            <dt>VAT refunded</dt>
            <dd>{money(note.totals.vat)}</dd>
          </>
        ) : null}
        <dt>Total refunded</dt>
        <dd data-total="gross">{money(note.totals.gross)}</dd>
      </dl>
      <p className={styles.small}>
        These amounts are given back to you against invoice {note.invoice_number}.
      </p>
    </article>
  );
}
