'use client';
import type { FormEvent } from 'react';
import authStyles from '@/components/form/form.module.css';
import { Field, FormError } from '@/components/form/field';
import styles from './dashboard.module.css';
import { Saved, useSettings, type Props } from './settings-parts';

/** A plan's seats: who holds them, and fewer from the next period. */
export function PlanSettings({ service, members, canManage }: Props) {
  const settings = service.settings.type === 'plan' ? service.settings : null;
  const s = useSettings(service.id);
  if (!settings) return null;
  const held = new Set(settings.holders.map((h) => h.user_id));
  async function save(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const seats = new FormData(e.currentTarget).getAll('seat').map(String);
    await s.patch({ seats }, 'Seats saved.');
  }
  async function fewer(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const n = Number(new FormData(e.currentTarget).get('seat_count'));
    await s.patch({ seat_count: n }, 'Seat count saved: it applies from the next period.');
  }
  return (
    <>
      <p className={styles.panel}>
        {settings.seats} seats
        {settings.next_seats ? `, ${settings.next_seats} from the next period` : ''}. Held by:{' '}
        {settings.holders.map((h) => h.name).join(', ') || 'nobody yet'}.
      </p>
      {canManage ? (
        <>
          <form method="post" className={styles.panel} onSubmit={save}>
            <fieldset>
              <legend>Who holds a seat</legend>
              {members.map((m) => (
                <div key={m.id} className={authStyles.check}>
                  <input
                    id={`seat-${m.id}`}
                    name="seat"
                    value={m.id}
                    type="checkbox"
                    className={authStyles.checkbox}
                    defaultChecked={held.has(m.id)}
                  />
                  <label htmlFor={`seat-${m.id}`}>
                    {m.name} ({m.email})
                  </label>
                </div>
              ))}
            </fieldset>
            <FormError message={s.error} />
            <button type="submit" className={authStyles.button} disabled={s.waiting}>
              Save seats
            </button>
            <Saved message={s.saved} />
          </form>
          <form method="post" className={styles.panel} onSubmit={fewer}>
            <Field
              id="seat_count"
              label="Seats from the next period"
              type="number"
              min={1}
              max={settings.seats}
              defaultValue={settings.next_seats ?? settings.seats}
              errors={s.fields.seat_count}
            />
            <button type="submit" className={authStyles.secondary} disabled={s.waiting}>
              Change seat count
            </button>
          </form>
        </>
      ) : null}
    </>
  );
}
