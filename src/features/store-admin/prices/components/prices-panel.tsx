'use client';
import { useRouter } from 'next/navigation';
import { useState, type FormEvent } from 'react';
import formStyles from '@/components/form/form.module.css';
import { FormStatus } from '@/components/form/form-error';
import { FormError } from '@/components/form/field';
import { useFormAction } from '@/components/form/use-form-action';
import { browserApi } from '@/lib/browser-api';
import type { SiteVersionId } from '@/features/site-version/site-version';
import styles from '../../components/admin.module.css';
import { majorOf } from '../price-text';
import {
  ACTION_LABELS,
  checkPrices,
  markupRefusals,
  priceInputId,
  priceNote,
  priceRefusals,
  rowKey,
  type Refusal,
} from '../price-refusals';
import { ROUNDINGS, TLD_ACTIONS, type TldAction } from '../schemas';

export type PriceItem = {
  site_version: SiteVersionId;
  currency: string;
  tld: string;
  enabled: boolean;
  prices: Record<TldAction, { price: number; cost: number | null; margin: number | null }>;
};

/** The price table (cost, price, margin, enabled per TLD and site version) and the bulk markup. */
export function PricesPanel({ items }: { items: PriceItem[] }) {
  const router = useRouter();
  const save = useFormAction('Check the prices marked below.');
  const bulk = useFormAction('Check the fields marked below.');
  const [notice, setNotice] = useState<string | null>(null);
  const [sent, setSent] = useState<{ site_version: number; tld: string }[]>([]);
  // The prices the browser refused (unreadable, below cost: decision 0332), until the next save.
  const [browserRefused, setBrowserRefused] = useState<Refusal[]>([]);
  // What is typed in each price field, for the margin beside it (the price as loaded until then).
  const [typed, setTyped] = useState<Record<string, string>>({});
  /**
   * Each refusal once, as a sentence naming the TLD, the price and the currency: in the list at
   * the top (a link to its field) and beside the field it is about (decision 0324).
   */
  const refusals =
    browserRefused.length > 0 ? browserRefused : priceRefusals(save.fields, sent, items);
  const besideOf = (id: string) =>
    refusals
      .filter((r) => r.input === id)
      .map((r) => r.text)
      .join(' ');
  // The TLDs the last markup named, to say which one a refusal (`tlds.N`) is about.
  const [markupTlds, setMarkupTlds] = useState<string[]>([]);
  const markupProblems = markupRefusals(bulk.fields, markupTlds);
  const versions = [...new Set(items.map((i) => i.site_version))];

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    setNotice(null);
    // Every problem the page can see, in one round and in the server's words.
    const { changes, refused } = checkPrices(
      items,
      (id) => String(data.get(id) ?? ''),
      (item) => data.get(`${rowKey(item)}|enabled`) === 'on',
    );
    setBrowserRefused(refused);
    if (refused.length > 0) {
      save.refuse(
        refused.length === 1 ? 'Check the price marked below.' : 'Check the prices marked below.',
      );
      // Nothing was sent, so the button keeps the focus: the first price to fix takes it.
      document.getElementById(refused[0]!.input!)?.focus();
      return;
    }
    if (changes.length === 0) {
      setNotice('Nothing was changed.');
      return;
    }
    setSent(changes);
    const ok = await save.run(() => browserApi.put('/api/store-admin/prices', { changes }));
    if (ok) {
      setNotice(`Saved ${changes.length} ${changes.length === 1 ? 'TLD' : 'TLDs'}.`);
      router.refresh();
    }
  }

  async function applyMarkup(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    setNotice(null);
    const tlds = String(data.get('markup_tlds') ?? '')
      .split(/[\s,]+/)
      .map((t) => t.replace(/^\./, '').toLowerCase())
      .filter(Boolean);
    setMarkupTlds(tlds);
    const ok = await bulk.run(() =>
      browserApi.post('/api/store-admin/prices/markup', {
        site_version: Number(data.get('markup_sv')),
        percent: Number(data.get('markup_percent')),
        rounding: String(data.get('markup_rounding')),
        ...(tlds.length > 0 ? { tlds } : {}),
      }),
    );
    if (ok) {
      setNotice('The markup was applied.');
      router.refresh();
    }
  }

  return (
    <>
      <FormStatus message={notice} />
      <form method="post" onSubmit={submit} aria-label="Prices" noValidate>
        <div role="alert">
          <FormError message={save.error} />
          {/* The same sentences as beside the fields, each a link to its field: a phone's long
              list of cards puts it far below. */}
          {refusals.length > 0 ? (
            <ul>
              {refusals.map((r) => (
                <li key={r.text}>
                  {r.input ? (
                    <a
                      href={`#${encodeURIComponent(r.input)}`}
                      onClick={(event) => {
                        event.preventDefault();
                        document.getElementById(r.input!)?.focus();
                      }}
                    >
                      {r.text}
                    </a>
                  ) : (
                    r.text
                  )}
                </li>
              ))}
            </ul>
          ) : null}
        </div>
        {versions.map((sv) => {
          const rows = items.filter((i) => i.site_version === sv);
          const currency = rows[0]?.currency ?? '';
          return (
            <section key={sv}>
              <h2 id={`prices-${sv}`}>Prices in {currency}</h2>
              <div
                className={styles.tableWrap}
                tabIndex={0}
                role="region"
                aria-label={`Prices in ${currency}`}
              >
                <table className={`${styles.table} ${styles.tableCards}`}>
                  <caption className={styles.hidden}>Prices in {currency}</caption>
                  <thead>
                    <tr>
                      <th scope="col">TLD</th>
                      <th scope="col">On sale</th>
                      {TLD_ACTIONS.map((a) => (
                        <th scope="col" key={a}>
                          {ACTION_LABELS[a]}
                        </th>
                      ))}
                    </tr>
                  </thead>
                  <tbody>
                    {rows.map((item, index) => (
                      <tr key={rowKey(item)}>
                        <th scope="row">.{item.tld}</th>
                        <td data-label="On sale">
                          <input
                            type="checkbox"
                            id={`${rowKey(item)}|enabled`}
                            name={`${rowKey(item)}|enabled`}
                            defaultChecked={item.enabled}
                            aria-label={`.${item.tld} on sale in ${currency}`}
                          />
                        </td>
                        {TLD_ACTIONS.map((a) => {
                          const p = item.prices[a];
                          const id = priceInputId(item, a);
                          const beside = besideOf(id);
                          return (
                            <td key={a} data-label={ACTION_LABELS[a]}>
                              <input
                                id={id}
                                name={id}
                                className={formStyles.input}
                                inputMode="decimal"
                                size={7}
                                defaultValue={majorOf(p.price)}
                                aria-label={`.${item.tld} ${ACTION_LABELS[a].toLowerCase()} price in ${currency}`}
                                aria-describedby={beside ? `${id}|error ${id}|note` : `${id}|note`}
                                aria-invalid={beside ? true : undefined}
                                data-row={index}
                                onChange={(event) => {
                                  const value = event.currentTarget.value;
                                  setTyped((t) => ({ ...t, [id]: value }));
                                }}
                              />
                              {/* The margin of the price as typed, not as last saved (0332). */}
                              <small id={`${id}|note`} className={styles.empty}>
                                {' '}
                                {priceNote(typed[id] ?? majorOf(p.price), p.cost, sv)}
                              </small>
                              {beside ? (
                                <p id={`${id}|error`} className={formStyles.fieldError}>
                                  {beside}
                                </p>
                              ) : null}
                            </td>
                          );
                        })}
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            </section>
          );
        })}
        <p>
          <button type="submit" className={formStyles.button} disabled={save.waiting}>
            Save prices
          </button>
        </p>
      </form>

      <h2 id="markup-title">Cost plus a markup</h2>
      <form
        method="post"
        className={formStyles.form}
        onSubmit={applyMarkup}
        aria-labelledby="markup-title"
        noValidate
      >
        <FormError message={bulk.error} />
        {markupProblems.other.length > 0 ? (
          <p className={formStyles.fieldError}>{markupProblems.other.join(' ')}</p>
        ) : null}
        <div className={formStyles.field}>
          <label htmlFor="markup_sv" className={formStyles.label}>
            Currency
          </label>
          <select id="markup_sv" name="markup_sv" className={formStyles.input}>
            {versions.map((sv) => (
              <option key={sv} value={sv}>
                {items.find((i) => i.site_version === sv)?.currency}
              </option>
            ))}
          </select>
        </div>
        <div className={formStyles.field}>
          <label htmlFor="markup_percent" className={formStyles.label}>
            Per cent over cost
          </label>
          <input
            id="markup_percent"
            name="markup_percent"
            className={formStyles.input}
            inputMode="numeric"
            defaultValue="30"
            aria-invalid={markupProblems.percent.length > 0 || undefined}
            aria-describedby={
              markupProblems.percent.length > 0 ? 'markup_percent_error' : undefined
            }
          />
          {markupProblems.percent.length > 0 ? (
            <p id="markup_percent_error" className={formStyles.fieldError}>
              {markupProblems.percent.join(' ')}
            </p>
          ) : null}
        </div>
        <div className={formStyles.field}>
          <label htmlFor="markup_rounding" className={formStyles.label}>
            Round up to
          </label>
          <select id="markup_rounding" name="markup_rounding" className={formStyles.input}>
            {ROUNDINGS.map((r) => (
              <option key={r} value={r}>
                {r === 'none' ? 'No rounding' : `.${r}`}
              </option>
            ))}
          </select>
        </div>
        <div className={formStyles.field}>
          <label htmlFor="markup_tlds" className={formStyles.label}>
            TLDs (blank for all)
          </label>
          <input
            id="markup_tlds"
            name="markup_tlds"
            className={formStyles.input}
            placeholder="com, org"
            aria-invalid={markupProblems.tlds.length > 0 || undefined}
            aria-describedby={markupProblems.tlds.length > 0 ? 'markup_tlds_error' : undefined}
          />
          {markupProblems.tlds.length > 0 ? (
            <p id="markup_tlds_error" className={formStyles.fieldError}>
              {markupProblems.tlds.join(' ')}
            </p>
          ) : null}
        </div>
        <button type="submit" className={formStyles.button} disabled={bulk.waiting}>
          Apply to every price
        </button>
      </form>
    </>
  );
}
