import { Price } from '@/features/pricing/components/price';
import type { SiteVersionId } from '@/features/site-version/site-version';
import type { NumberSearchState } from '../server/number-search.server';
import { AddToCartButton } from './add-to-cart-button';
import { BuyingRoleNote } from './buying-role-note';
import styles from './shop.module.css';

/**
 * Number search by area code or prefix and digits contained, each number with its monthly price.
 * A plain GET form and a list rendered on the server: the numbers are
 * readable before any JavaScript runs, and only the add buttons need it.
 */
export function NumberSearch({
  siteVersion,
  search,
  action,
  headingLevel = 2,
}: {
  siteVersion: SiteVersionId;
  search: NumberSearchState;
  /** The page the form searches on: its own. */
  action: string;
  headingLevel?: 2 | 3;
}) {
  const Heading = `h${headingLevel}` as const;
  const Name = `h${headingLevel + 1}` as 'h3' | 'h4';
  const filtered = Boolean(search.area || search.contains);
  const invalid = (field: 'area' | 'contains') =>
    search.errorField === field
      ? {
          'aria-invalid': true,
          'aria-describedby': `number-${field}-error`,
          autoFocus: true,
        }
      : {};
  const fieldError = (field: 'area' | 'contains') =>
    search.errorField === field ? (
      <p id={`number-${field}-error`} className={styles.error} role="alert">
        {search.error}
      </p>
    ) : null;
  return (
    <div className={styles.section}>
      {/* Checked by the server, whose words show beside the field (not the browser's bubble). */}
      <form className={styles.form} role="search" aria-label="Phone numbers" action={action}>
        <div className={styles.field}>
          <label htmlFor="number-area">Area code or prefix</label>
          <input
            id="number-area"
            name="area"
            inputMode="numeric"
            maxLength={6}
            defaultValue={search.area}
            className={styles.input}
            placeholder={siteVersion === 1 ? '020' : '212'}
            {...invalid('area')}
          />
          {fieldError('area')}
        </div>
        <div className={styles.field}>
          <label htmlFor="number-contains">Digits it contains</label>
          <input
            id="number-contains"
            name="contains"
            inputMode="numeric"
            maxLength={10}
            defaultValue={search.contains}
            className={styles.input}
            {...invalid('contains')}
          />
          {fieldError('contains')}
        </div>
        <button type="submit" className={styles.button}>
          Find numbers
        </button>
      </form>
      <BuyingRoleNote />
      {/* Nothing was searched when the digits were refused: no list, so no heading for one. */}
      {search.error ? null : (
        <Heading className={styles.listHeading}>
          {filtered ? 'Numbers that match' : 'Available numbers'}
        </Heading>
      )}
      {search.error ? null : search.offers.length === 0 ? (
        <p className={styles.status}>
          {filtered
            ? 'No available numbers match. Try another area code, or fewer digits.'
            : 'No numbers are available just now. Look again later.'}
        </p>
      ) : null}
      <ul className={styles.list}>
        {search.offers.map((n) => (
          <li key={n.number} className={styles.card} data-number={n.number}>
            <div className={styles.details}>
              <Name className={styles.name}>{n.display}</Name>
              <p className={styles.prices}>
                Area {n.area} · <Price {...n.monthly} siteVersion={siteVersion} /> a month
              </p>
            </div>
            <AddToCartButton item={{ type: 'number', number: n.number }} what={n.display} />
          </li>
        ))}
      </ul>
    </div>
  );
}
