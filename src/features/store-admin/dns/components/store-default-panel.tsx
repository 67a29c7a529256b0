'use client';
import { useRouter } from 'next/navigation';
import { useState, type FormEvent } from 'react';
import formStyles from '@/components/form/form.module.css';
import { FormStatus } from '@/components/form/form-error';
import { FormError } from '@/components/form/field';
import { useFormAction } from '@/components/form/use-form-action';
import { browserApi } from '@/lib/browser-api';
import styles from '../../components/admin.module.css';

export type TemplateCard = {
  id: string;
  name: string;
  description: string;
  records: { name: string; type: string; content: string; ttl: number; priority?: number }[];
};

/**
 * The shipped DNS templates with the records each gives a new zone, and the form that names the
 * store's default (owners; docs/decisions/0250).
 */
export function StoreDefaultPanel({
  current,
  templates,
  previewZone,
}: {
  current: string;
  templates: TemplateCard[];
  previewZone: string;
}) {
  const router = useRouter();
  const action = useFormAction('Choose one of the templates.');
  const [notice, setNotice] = useState<string | null>(null);

  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const template = String(new FormData(event.currentTarget).get('template') ?? '');
    setNotice(null);
    const ok = await action.run(() =>
      browserApi.put('/api/store-admin/dns/default-template', { template }),
    );
    if (ok) {
      const name = templates.find((t) => t.id === template)?.name ?? template;
      setNotice(`New domains’ zones now start with “${name}”.`);
      router.refresh();
    }
  }

  return (
    <>
      <h2 id="templates-title">Templates</h2>
      <p>Each template’s records, as a domain {previewZone} would get them.</p>
      {templates.map((t) => (
        <section key={t.id} className={styles.panel} aria-labelledby={`template-${t.id}`}>
          <h3 id={`template-${t.id}`}>
            {t.name}
            {t.id === current ? <span className={styles.badge}> (the default)</span> : null}
          </h3>
          <p>{t.description}</p>
          <div
            className={styles.tableWrap}
            tabIndex={0}
            role="region"
            aria-label={`Records of ${t.name}`}
          >
            <table className={styles.table}>
              <caption className={styles.hidden}>Records of {t.name}</caption>
              <thead>
                <tr>
                  <th scope="col">Name</th>
                  <th scope="col">Type</th>
                  <th scope="col">Content</th>
                  <th scope="col">TTL</th>
                </tr>
              </thead>
              <tbody>
                {t.records.map((r) => (
                  <tr key={`${r.name} ${r.type} ${r.content}`}>
                    <td>{r.name}</td>
                    <td>{r.type}</td>
                    <td>{r.priority === undefined ? r.content : `${r.priority} ${r.content}`}</td>
                    <td>{r.ttl}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </section>
      ))}

      <h2 id="default-title">Default for new domains</h2>
      <FormStatus message={notice} />
      <form
        method="post"
        className={formStyles.form}
        onSubmit={save}
        aria-labelledby="default-title"
        noValidate
      >
        <FormError message={action.error} />
        <fieldset aria-describedby={action.fields.template ? 'template-error' : undefined}>
          <legend>Template every new zone starts with</legend>
          {templates.map((t) => (
            <div key={t.id}>
              <input
                type="radio"
                id={`default-${t.id}`}
                name="template"
                value={t.id}
                defaultChecked={t.id === current}
              />{' '}
              <label htmlFor={`default-${t.id}`}>{t.name}</label>
            </div>
          ))}
          {action.fields.template ? (
            <p id="template-error" className={formStyles.fieldError}>
              {action.fields.template.join(' ')}
            </p>
          ) : null}
        </fieldset>
        <button type="submit" className={formStyles.button} disabled={action.waiting}>
          Save the default
        </button>
      </form>
    </>
  );
}
