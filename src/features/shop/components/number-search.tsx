'use client';
import { useState } from 'react';
import useSWR from 'swr';
import { Price } from '@/features/pricing/components/price';
import type { SiteVersionId } from '@/features/site-version/site-version';
import { AddToCartButton } from './add-to-cart-button';
import styles from './shop.module.css';

type NumberOffer = {
  number: string;
  area: string;
  national: string;
  monthly: { net: number; gross: number };
};

async function fetchNumbers(url: string): Promise<NumberOffer[]> {
  const { browserApi } = await import('@/lib/browser-api');
  return (await browserApi.get(url)).data.data.numbers;
}

/** Number search by area code or prefix and digits contained, each with its monthly price. */
export function NumberSearch({ siteVersion }: { siteVersion: SiteVersionId }) {
  const [query, setQuery] = useState({ area: '', contains: '' });
  const params = new URLSearchParams({ limit: '20' });
  if (query.area) params.set('area', query.area);
  if (query.contains) params.set('contains', query.contains);
  const { data, error } = useSWR(`/api/voice/numbers?${params}`, fetchNumbers, {
    shouldRetryOnError: false,
  });

  function submit(form: HTMLFormElement) {
    const values = new FormData(form);
    setQuery({
      area: String(values.get('area') ?? '').replace(/\D/g, ''),
      contains: String(values.get('contains') ?? '').replace(/\D/g, ''),
    });
  }

  return (
    <div className={styles.section}>
      <form
        className={styles.form}
        role="search"
        aria-label="Phone numbers"
        onSubmit={(e) => {
          e.preventDefault();
          submit(e.currentTarget);
        }}
      >
        <div className={styles.field}>
          <label htmlFor="number-area">Area code or prefix</label>
          <input
            id="number-area"
            name="area"
            inputMode="numeric"
            pattern="[0-9]{1,6}"
            maxLength={6}
            className={styles.input}
            placeholder={siteVersion === 1 ? '020' : '212'}
          />
        </div>
        <div className={styles.field}>
          <label htmlFor="number-contains">Digits it contains</label>
          <input
            id="number-contains"
            name="contains"
            inputMode="numeric"
            pattern="[0-9]{1,10}"
            maxLength={10}
            className={styles.input}
          />
        </div>
        <button type="submit" className={styles.button}>
          Find numbers
        </button>
      </form>
      {error ? <p className={styles.error}>The search did not work. Check the digits.</p> : null}
      {data && data.length === 0 ? <p className={styles.status}>No free numbers match.</p> : null}
      <ul className={styles.list}>
        {(data ?? []).map((n) => (
          <li key={n.number} className={styles.card} data-number={n.number}>
            <div className={styles.details}>
              <h3 className={styles.name}>{n.number}</h3>
              <p className={styles.prices}>
                Area {n.area} · <Price {...n.monthly} siteVersion={siteVersion} /> a month
              </p>
            </div>
            <AddToCartButton
              item={{ type: 'number', number: n.number }}
              label={`Add ${n.number} to cart`}
            />
          </li>
        ))}
      </ul>
    </div>
  );
}
