'use client';
import { useRouter } from 'next/navigation';
import { useState, type FormEvent } from 'react';
import form from '@/components/form/form.module.css';
import { Field, FormError } from '@/components/form/field';
import { useFormAction } from '@/components/form/use-form-action';
import { browserApi } from '@/lib/browser-api';
import { RECORD_TYPES } from '../record-types';
import { TEMPLATE_LABELS, TEMPLATES } from '../templates';
import styles from './dns.module.css';

export type EditorRecord = {
  id: string;
  name: string;
  type: string;
  content: string;
  ttl: number;
  priority?: number;
};

type Props = {
  serviceId: string;
  zone: string;
  records: EditorRecord[];
  canManage: boolean;
  dnssec: { enabled: boolean; ds: string[] };
};

type Plan = { add: Omit<EditorRecord, 'id'>[]; replace: EditorRecord[] };

function bodyOf(data: FormData) {
  const priority = String(data.get('priority') ?? '').trim();
  return {
    name: String(data.get('name') ?? '').trim() || '@',
    type: String(data.get('type') ?? 'A'),
    content: String(data.get('content') ?? ''),
    ttl: Number(data.get('ttl') ?? 3600),
    ...(priority ? { priority: Number(priority) } : {}),
  };
}

function RecordFields({
  prefix,
  record,
  fields,
}: {
  prefix: string;
  record?: EditorRecord;
  fields: Record<string, string[]>;
}) {
  return (
    <>
      <Field
        id={`${prefix}-name`}
        name="name"
        label="Name"
        hint="@ for the domain itself"
        defaultValue={record?.name ?? ''}
        errors={fields.name}
      />
      <div className={form.field}>
        <label htmlFor={`${prefix}-type`} className={form.label}>
          Type
        </label>
        <select
          id={`${prefix}-type`}
          name="type"
          className={styles.select}
          defaultValue={record?.type ?? 'A'}
        >
          {RECORD_TYPES.map((t) => (
            <option key={t}>{t}</option>
          ))}
        </select>
      </div>
      <Field
        id={`${prefix}-content`}
        name="content"
        label="Value"
        defaultValue={record?.content ?? ''}
        errors={fields.content}
        required
      />
      <Field
        id={`${prefix}-ttl`}
        name="ttl"
        label="TTL (seconds)"
        type="number"
        min={60}
        max={86400}
        defaultValue={record?.ttl ?? 3600}
        errors={fields.ttl}
      />
      <Field
        id={`${prefix}-priority`}
        name="priority"
        label="Priority (MX, SRV)"
        type="number"
        min={0}
        max={65535}
        defaultValue={record?.priority ?? ''}
        errors={fields.priority}
      />
    </>
  );
}

/** The DNS tab's editor: records inline, a template with its preview, DNSSEC. */
export function DnsEditor({ serviceId, zone, records, canManage, dnssec }: Props) {
  const router = useRouter();
  const action = useFormAction('Check the record: see the fields.');
  const [editing, setEditing] = useState<string | null>(null);
  const [plan, setPlan] = useState<Plan | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const base = `/api/services/${serviceId}/dns`;

  async function done(text: string) {
    setMessage(text);
    router.refresh();
  }
  async function addRecord(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const target = e.currentTarget;
    const body = bodyOf(new FormData(target));
    if (await action.run(() => browserApi.post(base, body))) {
      target.reset();
      await done(`${body.type} record for ${body.name} added.`);
    }
  }
  async function saveRecord(e: FormEvent<HTMLFormElement>, id: string) {
    e.preventDefault();
    const body = bodyOf(new FormData(e.currentTarget));
    if (await action.run(() => browserApi.patch(`${base}/${id}`, body))) {
      setEditing(null);
      await done('Record saved.');
    }
  }
  async function removeRecord(r: EditorRecord) {
    if (await action.run(() => browserApi.delete(`${base}/${r.id}`))) {
      await done(`${r.type} record for ${r.name} removed.`);
    }
  }
  async function template(e: FormEvent<HTMLFormElement>, preview: boolean) {
    e.preventDefault();
    const data = new FormData(e.currentTarget);
    const value = String(data.get('value') ?? '');
    const body = { template: String(data.get('template')), preview, ...(value ? { value } : {}) };
    let answer: Plan | null = null;
    const ok = await action.run(async () => {
      const { data: got } = await browserApi.post(`${base}/template`, body);
      answer = got.data.template as Plan;
    });
    if (!ok) return;
    if (preview) setPlan(answer);
    else {
      setPlan(null);
      await done('Template applied.');
    }
  }
  async function toggleDnssec() {
    if (await action.run(() => browserApi.put(`${base}/dnssec`, { enabled: !dnssec.enabled }))) {
      await done(dnssec.enabled ? 'DNSSEC is being turned off.' : 'DNSSEC is being turned on.');
    }
  }

  return (
    <>
      <p role="status" aria-live="polite" className={message ? form.success : undefined}>
        {message}
      </p>
      <FormError message={action.error} />
      <section aria-labelledby="records-title">
        <h2 id="records-title">Records of {zone}</h2>
        {records.length === 0 ? <p>No records yet.</p> : null}
        <ul className={styles.records}>
          {records.map((r) => (
            <li key={r.id} className={styles.record}>
              {editing === r.id ? (
                <form
                  onSubmit={(e) => void saveRecord(e, r.id)}
                  aria-label={`Edit ${r.type} ${r.name}`}
                >
                  <RecordFields prefix={`edit-${r.id}`} record={r} fields={action.fields} />
                  <div className={styles.row}>
                    <button type="submit" className={form.button} disabled={action.waiting}>
                      Save
                    </button>
                    <button
                      type="button"
                      className={form.secondary}
                      onClick={() => setEditing(null)}
                    >
                      Cancel
                    </button>
                  </div>
                </form>
              ) : (
                <>
                  <div className={styles.recordHead}>
                    {r.name} {r.type} {r.priority !== undefined ? r.priority : ''}
                  </div>
                  <div className={styles.content}>{r.content}</div>
                  <div>TTL {r.ttl} s</div>
                  {canManage ? (
                    <div className={styles.row}>
                      <button
                        type="button"
                        className={form.secondary}
                        onClick={() => setEditing(r.id)}
                        aria-label={`Edit ${r.type} record ${r.name}`}
                      >
                        Edit
                      </button>
                      <button
                        type="button"
                        className={form.secondary}
                        onClick={() => void removeRecord(r)}
                        disabled={action.waiting}
                        aria-label={`Delete ${r.type} record ${r.name}`}
                      >
                        Delete
                      </button>
                    </div>
                  ) : null}
                </>
              )}
            </li>
          ))}
        </ul>
      </section>
      {canManage ? (
        <>
          <section aria-labelledby="add-title">
            <h2 id="add-title">Add a record</h2>
            <form onSubmit={(e) => void addRecord(e)} className={form.form}>
              <RecordFields prefix="add" fields={editing ? {} : action.fields} />
              <button type="submit" className={form.button} disabled={action.waiting}>
                Add record
              </button>
            </form>
          </section>
          <section aria-labelledby="template-title">
            <h2 id="template-title">Templates</h2>
            <form
              className={form.form}
              onSubmit={(e) => {
                const submitter = (e.nativeEvent as SubmitEvent)
                  .submitter as HTMLButtonElement | null;
                void template(e, submitter?.value !== 'apply');
              }}
            >
              <div className={form.field}>
                <label htmlFor="template" className={form.label}>
                  Template
                </label>
                <select
                  id="template"
                  name="template"
                  className={styles.select}
                  onChange={() => setPlan(null)}
                >
                  {TEMPLATES.map((t) => (
                    <option key={t} value={t}>
                      {TEMPLATE_LABELS[t]}
                    </option>
                  ))}
                </select>
              </div>
              <Field
                id="value"
                label="Verification text"
                hint="Only for the verification template"
              />
              <div className={styles.row}>
                <button
                  type="submit"
                  name="step"
                  value="preview"
                  className={form.secondary}
                  disabled={action.waiting}
                >
                  Preview
                </button>
                {plan ? (
                  <button
                    type="submit"
                    name="step"
                    value="apply"
                    className={form.button}
                    disabled={action.waiting}
                  >
                    Apply template
                  </button>
                ) : null}
              </div>
            </form>
            {plan ? (
              <div aria-live="polite">
                <h3>It adds</h3>
                <ul>
                  {plan.add.map((r) => (
                    <li key={`${r.name} ${r.type} ${r.content}`}>
                      {r.name} {r.type} {r.content}
                    </li>
                  ))}
                </ul>
                <h3>It replaces</h3>
                {plan.replace.length === 0 ? <p>Nothing.</p> : null}
                <ul>
                  {plan.replace.map((r) => (
                    <li key={r.id}>
                      {r.name} {r.type} {r.content}
                    </li>
                  ))}
                </ul>
              </div>
            ) : null}
          </section>
        </>
      ) : null}
      <section aria-labelledby="dnssec-title">
        <h2 id="dnssec-title">DNSSEC</h2>
        <p>DNSSEC is {dnssec.enabled ? 'on' : 'off'}.</p>
        {dnssec.ds.length > 0 ? (
          <>
            <p>Publish this DS record at the registry:</p>
            {dnssec.ds.map((d) => (
              <p key={d} className={styles.ds}>
                {d}
              </p>
            ))}
          </>
        ) : null}
        {canManage ? (
          <button
            type="button"
            className={form.secondary}
            onClick={() => void toggleDnssec()}
            disabled={action.waiting}
          >
            {dnssec.enabled ? 'Turn DNSSEC off' : 'Turn DNSSEC on'}
          </button>
        ) : null}
      </section>
    </>
  );
}
