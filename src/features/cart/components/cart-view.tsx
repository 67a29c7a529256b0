'use client';
import Link from 'next/link';
import { useCallback, useEffect, useId, useState } from 'react';
import { Price } from '@/features/pricing/components/price';
import type { SiteVersionId } from '@/features/site-version/site-version';
import { useHydrated } from '@/lib/use-hydrated';
import type { Cart, CartLine, MoneyLine } from '../cart-types';
import { useCart, useCartActions } from '../hooks/use-cart';
import { renewsFromYear } from '../yearly-schedule';
import { EmptyCart } from './empty-cart';
import { YearlyTotals } from './yearly-totals';
import styles from './cart-view.module.css';

const UNAVAILABLE = {
  not_sold_in_site_version: 'Not sold in this currency: left out of the totals.',
  hold_expired: 'The 15-minute hold ended, so the number is left out of the totals.',
  plan_withdrawn: 'This plan is no longer offered: left out of the totals.',
} as const;

/**
 * Minutes and seconds left on a number's hold, ticking once a second. It counts from the seconds
 * the server said were left when the cart arrived, so a browser whose clock is wrong still shows
 * the right time; a new answer (a new hold, or the same one read again) remounts it by key.
 */
function HoldCountdown({
  until,
  secondsLeft,
  onEnd,
}: {
  until: string;
  secondsLeft: number;
  /** Called once the hold has run out: the page asks the server for the cart as it now is. */
  onEnd: () => void;
}) {
  const [arrived] = useState(() => Date.now());
  const [now, setNow] = useState(arrived);
  useEffect(() => {
    const t = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(t);
  }, []);
  const left = Math.max(0, secondsLeft * 1000 - (now - arrived));
  const ended = left === 0;
  // A second's grace, so the server's clock has passed the end too; if it still holds the number
  // (the page counted fast), the new answer restarts the countdown (its key has the seconds left).
  useEffect(() => {
    if (!ended) return;
    const t = window.setTimeout(onEnd, 1000);
    return () => window.clearTimeout(t);
  }, [ended, onEnd]);
  const m = Math.floor(left / 60_000);
  const s = Math.floor((left % 60_000) / 1000);
  return (
    <span className={styles.hold}>
      Held for you: <time dateTime={until}>{`${m}:${String(s).padStart(2, '0')}`}</time> left
    </span>
  );
}

function Line({
  line,
  siteVersion,
  onChange,
  onHoldEnd,
  onHoldAgain,
  ready,
}: {
  line: CartLine;
  siteVersion: SiteVersionId;
  onChange: (method: 'put' | 'delete', body?: unknown) => Promise<string | null>;
  onHoldEnd: () => void;
  onHoldAgain: (number: string) => void;
  /** False until the page has hydrated: a change made before then would be lost. */
  ready: boolean;
}) {
  const price = (m: MoneyLine) => <Price {...m} siteVersion={siteVersion} />;
  // A domain paid for several years today is charged again only once those years are over.
  const from = line.recurring.period === 'year' ? renewsFromYear(line) : 2;
  const per =
    line.recurring.period === 'month'
      ? 'a month'
      : from > 2
        ? `a year from year ${from}`
        : 'a year';
  return (
    <li className={styles.line} data-line={line.type} data-label={line.label}>
      <div className={styles.what}>
        <h3 className={styles.label}>{line.label}</h3>
        <p className={styles.meta}>
          {line.type === 'domain_registration' ? 'Registration' : null}
          {line.type === 'domain_transfer' ? 'Transfer' : null}
          {line.type === 'number' ? 'Phone number' : null}
          {line.type === 'plan' ? 'Call plan' : null}
          {!line.unavailable ? (
            <>
              {' '}
              · then {price(line.recurring)} {per}
            </>
          ) : null}
        </p>
        {line.held_until && line.hold_seconds_left !== undefined ? (
          <HoldCountdown
            key={`${line.held_until}/${line.hold_seconds_left}`}
            until={line.held_until}
            secondsLeft={line.hold_seconds_left}
            onEnd={onHoldEnd}
          />
        ) : null}
        {line.unavailable ? (
          <p className={styles.warning}>{UNAVAILABLE[line.unavailable]}</p>
        ) : null}
        {line.unavailable === 'hold_expired' && line.number ? (
          <button
            type="button"
            className={styles.secondary}
            aria-label={`Hold ${line.label} again`}
            onClick={() => onHoldAgain(line.number!)}
            disabled={!ready}
          >
            Hold it again
          </button>
        ) : null}
      </div>
      <div className={styles.controls}>
        {line.type === 'domain_registration' ? (
          <label className={styles.field}>
            Years
            <select
              value={line.years}
              className={styles.input}
              disabled={!ready}
              onChange={(e) => void onChange('put', { years: Number(e.target.value) })}
            >
              {Array.from({ length: 10 }, (_, i) => i + 1).map((y) => (
                <option key={y} value={y}>
                  {y}
                </option>
              ))}
            </select>
          </label>
        ) : null}
        {line.type === 'plan' ? (
          <UsersField
            users={line.users ?? 1}
            label={line.label}
            onChange={onChange}
            ready={ready}
          />
        ) : null}
        <span className={styles.amount}>{price(line.price)}</span>
        <button
          type="button"
          className={styles.secondary}
          aria-label={`Remove ${line.label}`}
          onClick={() => void onChange('delete')}
          disabled={!ready}
        >
          Remove
        </button>
      </div>
    </li>
  );
}

const USERS_RULE = 'Users: a whole number from 1 to 1000.';

/**
 * A plan's users: the field refuses what the server refuses (0, -1, 1.5),
 * says why next to itself, and shows the server's reason when a change is refused there.
 */
function UsersField({
  users,
  label,
  onChange,
  ready,
}: {
  users: number;
  label: string;
  onChange: (method: 'put', body: unknown) => Promise<string | null>;
  ready: boolean;
}) {
  const id = useId();
  const [error, setError] = useState<string | null>(null);
  async function commit(text: string) {
    const value = Number(text);
    if (text.trim() === '' || !Number.isInteger(value) || value < 1 || value > 1000) {
      setError(USERS_RULE);
      return;
    }
    setError(null);
    if (value !== users) setError(await onChange('put', { users: value }));
  }
  return (
    <div className={styles.field}>
      <label htmlFor={id}>Users</label>
      <input
        id={id}
        type="number"
        min={1}
        max={1000}
        step={1}
        defaultValue={users}
        disabled={!ready}
        className={styles.input}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        aria-label={`Users of the ${label}`}
        onBlur={(e) => void commit(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter') void commit(e.currentTarget.value);
        }}
      />
      {error ? (
        <span id={`${id}-error`} className={styles.fieldError} role="alert">
          {error}
        </span>
      ) : null}
    </div>
  );
}

function Totals({ cart }: { cart: Cart }) {
  const price = (m: MoneyLine) => <Price {...m} siteVersion={cart.site_version} />;
  const { due_today, recurring } = cart.totals;
  return (
    <dl className={styles.totals}>
      <dt>Due today</dt>
      <dd data-total="due_today">{price(due_today)}</dd>
      {cart.site_version === 1 ? (
        <>
          <dt>of which VAT</dt>
          <dd>{price({ net: due_today.vat, vat: 0, gross: due_today.vat })}</dd>
        </>
      ) : null}
      <dt>Then monthly</dt>
      <dd data-total="monthly">{price(recurring.monthly)}</dd>
      <YearlyTotals cart={cart} render={price} />
    </dl>
  );
}

/**
 * The cart page: lines with their prices, years and users, hold countdowns and totals.
 * `siteVersion` is the version the page was rendered for; when the shopper switches, the page
 * re-renders with the new one and the cart is fetched again, repriced by the server.
 */
export function CartView({ siteVersion, initial }: { siteVersion: SiteVersionId; initial?: Cart }) {
  const { data: cart, error, mutate } = useCart(initial);
  useEffect(() => {
    if (cart && cart.site_version !== siteVersion) void mutate();
  }, [cart, siteVersion, mutate]);
  const call = useCartActions();
  const ready = useHydrated();
  const [message, setMessage] = useState<string | null>(null);

  /** Answers the server's reason when it refuses the change (shown where it was asked). */
  async function change(
    method: 'put' | 'delete',
    url: string,
    body?: unknown,
  ): Promise<string | null> {
    // Changes are conditional on the cart this page shows: a stale one is refused (409).
    const headers = cart ? { version: cart.version } : {};
    const result = await call(
      method,
      url,
      method === 'put' ? { ...headers, ...(body as object) } : undefined,
    );
    const refusal = result.ok ? null : result.message;
    // A refused number of users is shown next to its field; anything else above the lines.
    const users = typeof body === 'object' && body !== null && 'users' in body;
    setMessage(users ? null : refusal);
    return refusal;
  }

  // A hold that ran out on the page: the server's cart says so, and offers to hold it again.
  const refresh = useCallback(() => void mutate(), [mutate]);
  async function holdAgain(number: string) {
    const result = await call('post', '/api/cart', { type: 'number', number });
    setMessage(result.ok ? null : result.message);
  }

  if (error) return <p className={styles.warning}>Your cart could not be loaded. Try again.</p>;
  // Not `isLoading`: SWR counts the cart the page came with as not loaded yet, and it is shown.
  if (!cart) return <p role="status">Loading your cart…</p>;
  return (
    <div className={styles.cart}>
      <p role="status" className={styles.warning}>
        {message}
      </p>
      {cart.dropped.length > 0 ? (
        <div className={styles.notice} role="note">
          <h2>Some items could not be kept</h2>
          <ul>
            {cart.dropped.map((d, i) => (
              <li key={i}>
                <strong>{d.label}</strong>: {d.reason}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {cart.items.length === 0 ? (
        <EmptyCart />
      ) : (
        <>
          <ul className={styles.lines}>
            {cart.items.map((line) => (
              <Line
                key={line.id}
                line={line}
                siteVersion={cart.site_version}
                onChange={(method, body) => change(method, `/api/cart/${line.id}`, body)}
                onHoldEnd={refresh}
                onHoldAgain={(number) => void holdAgain(number)}
                ready={ready}
              />
            ))}
          </ul>
          <Totals cart={cart} />
          <Link prefetch={false} href="/checkout" className={styles.checkout}>
            Check out
          </Link>
          <button
            type="button"
            className={styles.secondary}
            onClick={() => void change('delete', '/api/cart/clear')}
            disabled={!ready}
          >
            Empty the cart
          </button>
        </>
      )}
    </div>
  );
}
