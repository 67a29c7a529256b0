import Link from 'next/link';
import { Fragment } from 'react';
import { formatMoney } from '@/features/pricing/format-money';
import { creditNoteFacts, creditNoteFootnote, creditNoteTotals } from '../invoice-format';
import type { CreditNote } from '../invoice-types';
import { DocumentLines, DocumentParties } from './document-parts';
import styles from './invoice.module.css';

/**
 * A credit note as a page: the same content as its PDF (decision 0323; the wording is shared in
 * invoice-format.ts, 0331), with the invoice it corrects as a link. Its amounts are what was
 * given back.
 */
export function CreditNoteDocument({ note }: { note: CreditNote }) {
  const money = (m: number) => formatMoney(m, note.site_version);
  return (
    <article className={styles.invoice} aria-labelledby="credit-note-title">
      <h1 id="credit-note-title">Credit note {note.number}</h1>
      <DocumentParties document={note} />
      <dl className={styles.facts}>
        {creditNoteFacts(note).map((fact) => (
          <Fragment key={fact.label}>
            <dt>{fact.label}</dt>
            <dd>
              {fact.invoice ? (
                <Link prefetch={false} href={`/invoices/${note.invoice_id}`}>
                  {note.invoice_number}
                </Link>
              ) : (
                fact.value
              )}
            </dd>
          </Fragment>
        ))}
      </dl>
      <DocumentLines document={note} label="Lines refunded" />
      <dl className={styles.facts}>
        {creditNoteTotals(note).map((total) => (
          <Fragment key={total.label}>
            <dt>{total.label}</dt>
            <dd data-total={total.gross ? 'gross' : undefined}>{money(total.minor)}</dd>
          </Fragment>
        ))}
      </dl>
      <p className={styles.small}>{creditNoteFootnote(note)}</p>
    </article>
  );
}
