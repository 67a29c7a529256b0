'use client';
import { useEffect, useId, useState } from 'react';
import { Price } from '@/features/pricing/components/price';
import type { SiteVersionId } from '@/features/site-version/site-version';
import type { CartLine, MoneyLine } from '../cart-types';
import { renewsFromYear } from '../yearly-schedule';
import styles from './cart-view.module.css';

/** Why a line is left out of the totals and of the order, in the shopper's words. */
function unavailableText(line: CartLine, currency: string): string {
  if (line.unavailable === 'not_sold_in_site_version') {
    return `Not sold in ${currency}: it stays in your cart but is left out of the totals and of your order. It comes back when you switch currency.`;
  }
  if (line.unavailable === 'hold_expired') {
    return 'The 15-minute hold ended, so the number is left out of the totals.';
  }
  return 'This plan is no longer offered: left out of the totals.';
}

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

export function CartLineItem({
  line,
  siteVersion,
  currency,
  onChange,
  onHoldEnd,
  onHoldAgain,
  ready,
}: {
  line: CartLine;
  siteVersion: SiteVersionId;
  currency: string;
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
          <p className={styles.warning}>{unavailableText(line, currency)}</p>
        ) : null}
        {line.unavailable === 'hold_expired' && line.number ? (
          <button
            type="button"
            className={styles.secondary}
            onClick={() => onHoldAgain(line.number!)}
            disabled={!ready}
          >
            {`Hold ${line.label} again`}
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
        {line.unavailable ? null : <span className={styles.amount}>{price(line.price)}</span>}
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
