import type { ReactNode } from 'react';
import formStyles from '@/components/form/form.module.css';
import styles from '../../components/admin.module.css';

/**
 * A list's search and filters as a plain GET form: it works before and without scripts, and the
 * filters stay in the address, so a filtered list can be bookmarked or shared with a colleague.
 */
export function ListFilters({
  action,
  label,
  children,
}: {
  action: string;
  /** The form's name for assistive technology, e.g. "Find orders". */
  label: string;
  children: ReactNode;
}) {
  return (
    <form method="get" action={action} role="search" aria-label={label} className={styles.panel}>
      <div className={styles.row}>{children}</div>
      <p className={styles.pager}>
        <button type="submit" className={formStyles.button}>
          {label}
        </button>
      </p>
    </form>
  );
}

export function FilterInput({
  id,
  label,
  type = 'text',
  value,
}: {
  id: string;
  label: string;
  type?: 'text' | 'date' | 'search';
  value?: string;
}) {
  return (
    <div className={formStyles.field}>
      <label htmlFor={id} className={formStyles.label}>
        {label}
      </label>
      <input id={id} name={id} type={type} className={formStyles.input} defaultValue={value} />
    </div>
  );
}

export function FilterSelect({
  id,
  label,
  value,
  options,
}: {
  id: string;
  label: string;
  value?: string;
  options: readonly { value: string; label: string }[];
}) {
  return (
    <div className={formStyles.field}>
      <label htmlFor={id} className={formStyles.label}>
        {label}
      </label>
      <select id={id} name={id} className={formStyles.input} defaultValue={value ?? ''}>
        <option value="">Any</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}

/**
 * The refusal of a list's query, named field by field with the labels the filters show
 * ("To (UTC): must not be before From (UTC)"); a field without a label keeps its name.
 */
export function QueryProblem({
  fields,
  labels = {},
}: {
  fields: Record<string, string[] | undefined>;
  labels?: Record<string, string>;
}) {
  // A message may name another filter by its field name ("must not be before from").
  const named = (m: string) => m.replace(/\b(from|to)\b$/, (f) => labels[f] ?? f);
  const lines = Object.entries(fields).flatMap(([f, ms]) =>
    (ms ?? []).map((m) => `${labels[f] ?? f}: ${named(m)}`),
  );
  return (
    <p role="alert" className={formStyles.error}>
      These filters cannot be used: {lines.join('; ')}.
    </p>
  );
}
