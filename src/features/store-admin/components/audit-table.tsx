import Link from 'next/link';
import { Fragment } from 'react';
import { decimalAmount } from '@/features/pricing/format-money';
import { utcMinute } from '@/lib/utc-minute';
import { STAFF_ROLE_LABELS } from '../roles';
import styles from './admin.module.css';

export type AuditEntry = {
  id: string;
  at: string;
  actor: string;
  ip: string | null;
  action: string;
  target: string;
  before: unknown;
  after: unknown;
};

/** What each change of the store admin is called in its audit; its code is shown beneath. */
/**
 * Text that may break after each "@" and "." (owner@ / bytes. / example, prices. / changed)
 * rather than inside a word, so the audit's columns fit beside the admin's menu.
 */
function withBreaks(text: string) {
  const parts = text.split(/(?<=\S[@.])(?=\S)/);
  return parts.map((part, i) => (
    <Fragment key={i}>
      {part}
      {i < parts.length - 1 ? <wbr /> : null}
    </Fragment>
  ));
}

const ACTIONS: Record<string, string> = {
  'asset.uploaded': 'Image uploaded',
  'dns.default_template_changed': 'Default DNS template changed',
  'host.added': 'Host added',
  'host.verified': 'Host verified',
  'host.lapsed': 'Host stopped serving',
  'host.claim_expired': 'Unverified host claimed by another store',
  'host.removed': 'Host removed',
  'order.cancelled': 'Order cancelled',
  'order.marked_paid': 'Order marked paid',
  'order.refunded': 'Order refunded',
  'payments.connect_started': 'Stripe connection started',
  'payments.account_active': 'Stripe account active',
  'payments.account_restricted': 'Stripe account restricted',
  'payments.disconnected': 'Stripe account disconnected',
  'prices.changed': 'Prices changed',
  'service.refunded': 'Service refunded',
  'staff.invited': 'Staff invited',
  'staff.invite_withdrawn': 'Invitation withdrawn',
  'staff.joined': 'Staff joined',
  'staff.removed': 'Staff removed',
  'theme.draft_saved': 'Theme draft saved',
  'theme.published': 'Theme published',
  'theme.restored': 'Theme version restored',
};

/**
 * Changes whose target only repeats what their name says ("Theme draft saved draft"): the name is
 * shown alone.
 */
const NAME_SAYS_IT = new Set(['theme.draft_saved', 'dns.default_template_changed']);

/** What an entry is called: its name, and what it changed unless the name says it already. */
function titleOf(e: AuditEntry): string {
  const name = ACTIONS[e.action] ?? e.action;
  return e.target && !NAME_SAYS_IT.has(e.action) ? `${name} ${e.target}` : name;
}

/** A time in UTC as the calls write it, shown as the admin shows times (`utcMinute`). */
const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?Z$/;

/** Fields of an audited object that are amounts in minor units when the object names a currency. */
const MONEY_FIELDS = new Set(['register', 'renew', 'transfer', 'restore', 'gross']);

/** The currency an audited object names (a price list row does), if any. */
function currencyOf(value: Record<string, unknown>): string | null {
  return typeof value.currency === 'string' && /^[A-Z]{3}$/.test(value.currency)
    ? value.currency
    : null;
}

/**
 * A value as its lines, `key: value`, a nested key as its path (`address / city`); an amount of
 * an object that names its currency as money (`10.49 USD`).
 */
function flatten(value: unknown, path = ''): [string, string][] {
  if (value === null || value === undefined) return path ? [[path, '—']] : [];
  if (Array.isArray(value)) {
    if (value.length === 0) return [[path || 'value', 'none']];
    return value.flatMap((item, i) => flatten(item, path ? `${path} / ${i + 1}` : String(i + 1)));
  }
  if (typeof value === 'object') {
    const record = value as Record<string, unknown>;
    const entries = Object.entries(record);
    if (entries.length === 0) return path ? [[path, 'none']] : [];
    const currency = currencyOf(record);
    return entries.flatMap(([key, inner]): [string, string][] => {
      const name = key.replace(/_/g, ' ');
      const at = path ? `${path} / ${name}` : name;
      if (currency && MONEY_FIELDS.has(key) && Number.isSafeInteger(inner))
        return [[at, `${decimalAmount(inner as number)} ${currency}`]];
      return flatten(inner, at);
    });
  }
  const text =
    typeof value === 'boolean'
      ? value
        ? 'yes'
        : 'no'
      : typeof value === 'string' && path.endsWith('role') && value in STAFF_ROLE_LABELS
        ? STAFF_ROLE_LABELS[value as keyof typeof STAFF_ROLE_LABELS]
        : String(value);
  const time = typeof value === 'string' && ISO_TIME.test(value);
  return [[path || 'value', time ? utcMinute(value) : text]];
}

/**
 * One side of a change as a list an owner reads (decision 0273): each field and its value, and
 * the fields that differ from the other side marked.
 */
function Change({ value, other }: { value: unknown; other: unknown }) {
  const lines = flatten(value);
  if (lines.length === 0) return <>—</>;
  const otherLines = new Map(flatten(other));
  const compare = other !== null && other !== undefined;
  return (
    <dl className={styles.change}>
      {lines.map(([key, text]) => {
        const changed = compare && otherLines.get(key) !== text;
        return (
          <div key={key}>
            <dt>{key}: </dt>
            <dd>{changed ? <mark>{text}</mark> : text}</dd>
          </div>
        );
      })}
    </dl>
  );
}

/** The admin's audit as a table: when, who, from where, what, before and after. */
export function AuditTable({
  entries,
  nextCursor,
}: {
  entries: AuditEntry[];
  nextCursor: string | null;
}) {
  if (entries.length === 0) return <p className={styles.empty}>No change has been made yet.</p>;
  return (
    <>
      {/* On a phone, each entry as a card (the table would show two of its six columns). */}
      <ol className={styles.auditCards} aria-label="Changes made in the admin, newest first">
        {entries.map((e) => (
          <li key={e.id} className={styles.panel}>
            <p>
              <strong>{titleOf(e)}</strong>
              <br />
              <code>{e.action}</code>
            </p>
            <p>
              <time dateTime={e.at}>{e.at.slice(0, 19).replace('T', ' ')} UTC</time>
              <br />
              {e.actor}
              {e.ip ? ` from ${e.ip}` : ''}
            </p>
            {e.before !== null && e.before !== undefined ? (
              <>
                <p className={styles.auditSide}>Before</p>
                <Change value={e.before} other={e.after} />
              </>
            ) : null}
            {e.after !== null && e.after !== undefined ? (
              <>
                <p className={styles.auditSide}>After</p>
                <Change value={e.after} other={e.before} />
              </>
            ) : null}
          </li>
        ))}
      </ol>
      <div
        className={`${styles.tableWrap} ${styles.auditWide}`}
        tabIndex={0}
        role="region"
        aria-label="Audit entries"
      >
        <table className={styles.table}>
          <caption className={styles.hidden}>Changes made in the admin, newest first</caption>
          <thead>
            <tr>
              <th scope="col">When (UTC)</th>
              <th scope="col">Who</th>
              <th scope="col">Address</th>
              <th scope="col">What</th>
              <th scope="col">Before</th>
              <th scope="col">After</th>
            </tr>
          </thead>
          <tbody>
            {entries.map((e) => (
              <tr key={e.id}>
                <td>
                  <time dateTime={e.at}>
                    {e.at.slice(0, 10)}
                    <br />
                    {e.at.slice(11, 19)}
                  </time>
                </td>
                <td>{withBreaks(e.actor)}</td>
                <td>{e.ip ?? '—'}</td>
                <td>
                  {withBreaks(titleOf(e))}
                  <br />
                  <code>{withBreaks(e.action)}</code>
                </td>
                <td>
                  <Change value={e.before} other={e.after} />
                </td>
                <td>
                  <Change value={e.after} other={e.before} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {nextCursor ? (
        <p className={styles.pager}>
          <Link prefetch={false} href={`/admin/audit?cursor=${nextCursor}`}>
            Older changes
          </Link>
        </p>
      ) : null}
    </>
  );
}
