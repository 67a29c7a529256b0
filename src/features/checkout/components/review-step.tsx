'use client';
import Link from 'next/link';
import { LEGAL_PAGES } from '@/features/tenancy/legal-pages';
import { useRef, useState, type FormEvent } from 'react';
import authStyles from '@/components/form/form.module.css';
import { FormError } from '@/components/form/field';
import { postalLines } from '@/features/billing/postal-lines';
import type { BillingDetails } from '@/features/billing/schemas';
import type { Cart, CartLine, MoneyLine } from '@/features/cart/cart-types';
import { PriceAndRemove } from '@/features/cart/components/order-lines';
import { YearlyTotals } from '@/features/cart/components/yearly-totals';
import { renewsFromYear } from '@/features/cart/yearly-schedule';
import { formatMoney, vatNote } from '@/features/pricing/format-money';
import styles from './checkout.module.css';

const KIND = {
  domain_registration: 'Domain registration',
  domain_transfer: 'Domain transfer',
  number: 'Phone number',
  plan: 'Call plan',
} as const;

/** Net, VAT and gross of an amount, all shown: the customer is about to pay it. */
export function Amount({ money, siteVersion }: { money: MoneyLine; siteVersion: 1 | 2 }) {
  const f = (m: number) => formatMoney(m, siteVersion);
  if (money.vat === 0 && money.net === money.gross) return <span>{f(money.gross)}</span>;
  return (
    <span>
      {f(money.gross)}{' '}
      <span className={styles.muted}>
        ({f(money.net)} + VAT {f(money.vat)})
      </span>
    </span>
  );
}

/** Who the invoice is made out to, as it will read: checked before paying, not after. */
function BilledTo({ billing }: { billing: BillingDetails }) {
  const lines = postalLines(billing);
  return (
    <section aria-labelledby="review-billing">
      <h3 id="review-billing" className={styles.subheading}>
        Billing address
      </h3>
      <address className={styles.address}>{lines.join('\n')}</address>
      {billing.vat_number ? <p>VAT number {billing.vat_number}</p> : null}
    </section>
  );
}

/**
 * Who the domains are registered to, as the registries will have it: the registrant typed at
 * the details step, or the billing details when none was (`registrant` without a name).
 */
function RegisteredTo({
  registrant,
  billing,
}: {
  registrant: Record<string, string | null>;
  billing: BillingDetails | null;
}) {
  const lines = registrant.name ? postalLines(registrant) : null;
  return (
    <section aria-labelledby="review-registrant">
      <h3 id="review-registrant" className={styles.subheading}>
        Domain registrant
      </h3>
      {lines ? (
        <address className={styles.address}>{lines.join('\n')}</address>
      ) : (
        <p>
          {billing ? `${billing.name}, as in the billing details.` : 'As in the billing details.'}
        </p>
      )}
    </section>
  );
}

/** Each phone number's address as the regulator will have it, checked before paying. */
function NumberAddresses({
  lines,
  addresses,
}: {
  lines: Cart['items'];
  addresses: Record<string, Record<string, string | null>>;
}) {
  const given = lines.filter((l) => l.number && addresses[l.id]);
  if (given.length === 0) return null;
  return (
    <>
      {given.map((line) => (
        <section key={line.id} aria-labelledby={`review-number-${line.id}`}>
          <h3 id={`review-number-${line.id}`} className={styles.subheading}>
            Address for {line.label}
          </h3>
          <address className={styles.address}>
            {postalLines(addresses[line.id]!).join('\n')}
          </address>
        </section>
      ))}
    </>
  );
}

/**
 * Step three: every line with its price and VAT (and its Remove: docs/decisions/0327), due
 * today, what recurs, the billing address, the terms, and pay.
 */
export function ReviewStep({
  cart,
  billing,
  registrant,
  numberAddresses,
  busy,
  error,
  demo,
  onPlace,
  removing = null,
  ready = true,
  onRemove,
}: {
  cart: Cart;
  billing: BillingDetails | null;
  /** The domains' registrant as given at the details step; null when no domain is bought. */
  registrant: Record<string, string | null> | null;
  /** Each number's address (by line id) as given at the details step. */
  numberAddresses: Record<string, Record<string, string | null>>;
  busy: boolean;
  error: string | null;
  demo: boolean;
  onPlace: (input: { savePaymentMethod: boolean }) => void;
  /** The line whose removal is under way. */
  removing?: string | null;
  /** False until the page has hydrated. */
  ready?: boolean;
  /** Removes a line from the order (and the cart); without it the lines have no Remove. */
  onRemove?: (line: CartLine) => void;
}) {
  const sv = cart.site_version;
  const lines = cart.items.filter((l) => !l.unavailable);
  const { due_today, recurring } = cart.totals;

  // The terms unticked: said beside the box, in the page's own words, not the browser's bubble.
  const [termsMissing, setTermsMissing] = useState(false);
  const recurs = lines.some((line) => line.recurring.gross > 0);
  const terms = useRef<HTMLInputElement>(null);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    if (form.get('accept_terms') !== 'on') {
      setTermsMissing(true);
      terms.current?.focus();
      return;
    }
    setTermsMissing(false);
    onPlace({ savePaymentMethod: form.get('save_payment_method') === 'on' });
  }

  return (
    <form method="post" className={authStyles.form} onSubmit={submit} noValidate>
      <ul className={styles.lines} aria-label="Your order">
        {lines.map((line) => (
          <li key={line.id} className={styles.line} data-review-line={line.label}>
            <span className={styles.lineWhat}>
              <strong>{line.label}</strong>
              <span className={styles.muted}>
                {KIND[line.type]}
                {line.years ? `, ${line.years} ${line.years === 1 ? 'year' : 'years'}` : ''}
                {line.users ? `, ${line.users} ${line.users === 1 ? 'user' : 'users'}` : ''}
                {' · then '}
                {formatMoney(line.recurring.gross, sv)} a {line.recurring.period}
                {line.recurring.period === 'year' && renewsFromYear(line) > 2
                  ? ` from year ${renewsFromYear(line)}`
                  : ''}
                {vatNote(line.recurring)}
              </span>
            </span>
            {onRemove ? (
              <PriceAndRemove
                line={line}
                removing={removing}
                ready={ready}
                disabled={busy}
                onRemove={onRemove}
              >
                <Amount money={line.price} siteVersion={sv} />
              </PriceAndRemove>
            ) : (
              <Amount money={line.price} siteVersion={sv} />
            )}
          </li>
        ))}
      </ul>
      <dl className={styles.totals}>
        <dt>Due today</dt>
        <dd data-total="due_today">{formatMoney(due_today.gross, sv)}</dd>
        {sv === 1 ? (
          <>
            <dt>of which VAT (20%)</dt>
            <dd>{formatMoney(due_today.vat, sv)}</dd>
          </>
        ) : null}
        {/* Nothing renews monthly (a domains-only order): no "Then monthly £0.00" row. */}
        {recurring.monthly.gross > 0 ? (
          <>
            <dt>Then monthly</dt>
            <dd data-total="monthly">{formatMoney(recurring.monthly.gross, sv)}</dd>
          </>
        ) : null}
        <YearlyTotals cart={cart} render={(m) => formatMoney(m.gross, sv)} />
      </dl>
      {billing ? <BilledTo billing={billing} /> : null}
      {registrant ? <RegisteredTo registrant={registrant} billing={billing} /> : null}
      <NumberAddresses lines={lines} addresses={numberAddresses} />
      {demo ? <p className={styles.demo}>Demo store: no money moves when you pay.</p> : null}
      <label className={authStyles.check}>
        <input
          type="checkbox"
          name="save_payment_method"
          className={authStyles.checkbox}
          aria-describedby={recurs ? 'keep-method-hint' : undefined}
        />{' '}
        Keep my payment method for renewals
      </label>
      {/* Kept or not is the customer's choice; what not keeping one means is said before paying. */}
      {recurs ? (
        <p id="keep-method-hint" className={authStyles.hint}>
          Services renew by themselves only with a kept payment method. Without one,{' '}
          {recurring.monthly.gross > 0
            ? 'monthly services end after their first month unless you renew them'
            : 'each service ends with its term unless you renew it'}{' '}
          from your dashboard.
        </p>
      ) : null}
      <label className={authStyles.check}>
        <input
          ref={terms}
          type="checkbox"
          name="accept_terms"
          required
          className={authStyles.checkbox}
          aria-invalid={termsMissing || undefined}
          aria-describedby={termsMissing ? 'accept-terms-error' : undefined}
          onChange={(e) => {
            if (e.currentTarget.checked) setTermsMissing(false);
          }}
        />{' '}
        I accept the{' '}
        <Link
          prefetch={false}
          className={authStyles.link}
          href={LEGAL_PAGES.terms.path}
          target="_blank"
        >
          {LEGAL_PAGES.terms.title.toLowerCase()}
        </Link>
      </label>
      {termsMissing ? (
        <p id="accept-terms-error" className={authStyles.fieldError}>
          Tick the box to accept the {LEGAL_PAGES.terms.title.toLowerCase()}: the order needs it.
        </p>
      ) : null}
      <p className={styles.muted}>
        Our{' '}
        <Link
          prefetch={false}
          className={authStyles.link}
          href={LEGAL_PAGES.privacy.path}
          target="_blank"
        >
          {LEGAL_PAGES.privacy.title.toLowerCase()}
        </Link>{' '}
        says what we keep about you and your order, and why.
      </p>
      <FormError message={error} />
      <button type="submit" className={authStyles.button} disabled={busy}>
        {busy ? 'Placing your order…' : `Place order and pay ${formatMoney(due_today.gross, sv)}`}
      </button>
    </form>
  );
}
