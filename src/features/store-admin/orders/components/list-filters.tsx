import type { ReactNode } from 'react';
import formStyles from '@/components/form/form.module.css';
import styles from '../../components/admin.module.css';

/** A filter's refusal, beside it and read with it: its input's `aria-describedby`. */
function errorProps(id: string, errors: readonly string[] | undefined) {
  return errors?.length ? { 'aria-invalid': true, 'aria-describedby': `${id}-error` } : {};
}

function FilterError({ id, errors }: { id: string; errors: readonly string[] | undefined }) {
  return errors?.length ? (
    <p id={`${id}-error`} className={formStyles.fieldError}>
      {errors.join(' ')}
    </p>
  ) : null;
}

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
  errors,
}: {
  id: string;
  label: string;
  type?: 'text' | 'date' | 'search';
  value?: string;
  /** Sentences from `filterProblems(...)[id]`, shown under the input. */
  errors?: readonly string[];
}) {
  return (
    <div className={formStyles.field}>
      <label htmlFor={id} className={formStyles.label}>
        {label}
      </label>
      <input
        id={id}
        name={id}
        type={type}
        className={formStyles.input}
        defaultValue={value}
        {...errorProps(id, errors)}
      />
      <FilterError id={id} errors={errors} />
    </div>
  );
}

export function FilterSelect({
  id,
  label,
  value,
  options,
  errors,
}: {
  id: string;
  label: string;
  value?: string;
  options: readonly { value: string; label: string }[];
  /** Sentences from `filterProblems(...)[id]`, shown under the select. */
  errors?: readonly string[];
}) {
  return (
    <div className={formStyles.field}>
      <label htmlFor={id} className={formStyles.label}>
        {label}
      </label>
      <select
        id={id}
        name={id}
        className={formStyles.input}
        defaultValue={value ?? ''}
        {...errorProps(id, errors)}
      >
        <option value="">Any</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      <FilterError id={id} errors={errors} />
    </div>
  );
}

/**
 * The refusal of a list's query, named field by field with the labels the filters show
 * ("To (UTC): must not be before From (UTC)"); a field without a label keeps its name. With
 * `beside`, the filters whose inputs show their own messages (`FilterInput`'s `errors`) are only
 * pointed to here, so each message is said once (decision 0324).
 */
export function QueryProblem({
  fields,
  labels = {},
  beside = [],
}: {
  fields: Record<string, string[] | undefined>;
  labels?: Record<string, string>;
  beside?: readonly string[];
}) {
  // A message may name another filter by its field name ("must not be before from").
  const named = (m: string) => m.replace(/\b(from|to)\b$/, (f) => labels[f] ?? f);
  const lines = Object.entries(fields)
    .filter(([f]) => !beside.includes(f))
    .flatMap(([f, ms]) => [...new Set(ms ?? [])].map((m) => `${labels[f] ?? f}: ${named(m)}`));
  const marked = Object.keys(fields).some((f) => beside.includes(f));
  return (
    <p role="alert" className={formStyles.error}>
      These filters cannot be used
      {lines.length > 0 ? `: ${lines.join('; ')}.` : '.'}
      {marked ? ' Check the fields marked above.' : ''}
    </p>
  );
}
