import type { InputHTMLAttributes } from 'react';
import styles from './form.module.css';

type Props = InputHTMLAttributes<HTMLInputElement> & {
  id: string;
  label: string;
  hint?: string;
  errors?: string[];
};

/** A labelled input with its hint and errors tied to it for screen readers. */
export function Field({ id, label, hint, errors, className, ...input }: Props) {
  const described = [hint ? `${id}-hint` : null, errors?.length ? `${id}-error` : null]
    .filter(Boolean)
    .join(' ');
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      {hint ? (
        <span id={`${id}-hint`} className={styles.hint}>
          {hint}
        </span>
      ) : null}
      <input
        id={id}
        name={id}
        className={`${styles.input} ${className ?? ''}`}
        aria-invalid={errors?.length ? true : undefined}
        aria-describedby={described || undefined}
        {...input}
      />
      {errors?.length ? (
        <p id={`${id}-error`} className={styles.fieldError}>
          {errors.map((e) => `${label.replace(/ \(optional\)$/, '')} ${e}.`).join(' ')}
        </p>
      ) : null}
    </div>
  );
}

export { FormError } from './form-error';
