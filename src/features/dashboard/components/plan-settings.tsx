'use client';
import Link from 'next/link';
import type { FormEvent } from 'react';
import authStyles from '@/components/form/form.module.css';
import { Field, FormError } from '@/components/form/field';
import styles from './dashboard.module.css';
import { Saved, useSettings, type Props } from './settings-parts';

/** A plan's seats: who holds them, and fewer from the next period. */
export function PlanSettings({ service, members, canManage, canBill }: Props) {
  const settings = service.settings.type === 'plan' ? service.settings : null;
  const s = useSettings(service.id);
  // The seat count is a form of its own: its refusal and its saved message show beside it.
  const count = useSettings(service.id);
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
    await count.patch({ seat_count: n }, 'Seat count saved: it applies from the next period.');
  }
  // More seats than the plan has are bought, not set here (422 seats_through_checkout): the
  // field says its bound beside it as well as the message at the top.
  const countErrors =
    count.code === 'seats_through_checkout'
      ? [`must be at most ${settings.seats}, the seats the plan has now`]
      : count.fields.seat_count;
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
          <form method="post" className={styles.panel} onSubmit={fewer} noValidate>
            <FormError message={count.error} />
            <Field
              id="seat_count"
              label="Seats from the next period"
              hint={`From 1 to ${settings.seats}, the seats the plan has now: fewer apply from the next period.`}
              type="number"
              inputMode="numeric"
              min={1}
              max={settings.seats}
              defaultValue={settings.next_seats ?? settings.seats}
              errors={countErrors}
            />
            <p>
              {canBill ? (
                <>
                  For more people, buy the plan again for them on{' '}
                  <Link prefetch={false} href="/dashboard/plans">
                    Plans
                  </Link>{' '}
                  (Add a plan or seats): it is paid at the checkout.
                </>
              ) : (
                'For more people, an owner, admin or billing member buys the plan again for them on Plans.'
              )}
            </p>
            <button type="submit" className={authStyles.secondary} disabled={count.waiting}>
              Change seat count
            </button>
            <Saved message={count.saved} />
          </form>
        </>
      ) : null}
    </>
  );
}
