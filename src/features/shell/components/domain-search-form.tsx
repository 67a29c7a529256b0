import styles from './domain-search-form.module.css';

/**
 * The domain search box: a plain form, so it works before and without JavaScript. On the results
 * page it shows the query the results are for.
 */
export function DomainSearchForm({ query }: { query?: string } = {}) {
  return (
    <form action="/domains/search" method="get" role="search" className={styles.form}>
      <label htmlFor="domain-search" className={styles.label}>
        Search for a domain name
      </label>
      <div className={styles.row}>
        <input
          id="domain-search"
          name="q"
          type="search"
          required
          maxLength={253}
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          placeholder="yourname.com"
          defaultValue={query}
          className={styles.input}
        />
        <button type="submit" className={styles.button}>
          Search
        </button>
      </div>
    </form>
  );
}
