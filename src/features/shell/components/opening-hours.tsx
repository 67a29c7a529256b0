'use client';
import { useEffect, useState } from 'react';
import type { Variables } from '@/features/tenancy/variables-schema';
import { dayLabel, WEEKDAYS } from '@/features/tenancy/weekdays';
import { openNow, type Weekday, type ZoneOffsets } from '../opening-hours';
import styles from './footer.module.css';

/**
 * Opening hours per weekday. Today and "open now" depend on the moment and the store's time zone,
 * so they are worked out in the browser (the page itself is cached for every visitor) and
 * refreshed every minute; their space is reserved so nothing shifts when they appear. The zone's
 * offsets come from the server (`offsets`), so the browser needs no time-zone database for it.
 */
export function OpeningHours({
  hours,
  timeZone,
  offsets,
}: {
  hours: Variables['openingHours'];
  timeZone: string;
  offsets: ZoneOffsets;
}) {
  const [now, setNow] = useState<{ today: Weekday; open: boolean } | null>(null);
  useEffect(() => {
    const update = () => setNow(openNow(hours, timeZone, new Date(), offsets));
    update();
    const timer = setInterval(update, 60_000);
    return () => clearInterval(timer);
  }, [hours, timeZone, offsets]);

  return (
    <div>
      <p className={styles.status} aria-live="polite">
        {now ? (now.open ? 'Open now' : 'Closed now') : '\u00a0'}
      </p>
      <dl className={styles.hours}>
        {WEEKDAYS.map((day) => {
          const slot = hours[day];
          const today = now?.today === day;
          return (
            <div
              key={day}
              className={today ? styles.today : undefined}
              aria-current={today ? 'date' : undefined}
            >
              <dt>
                {dayLabel(day)}
                {today ? <span className={styles.visuallyHidden}> (today)</span> : null}
              </dt>
              <dd>{slot ? `${slot.openTime}–${slot.closedTime}` : 'Closed'}</dd>
            </div>
          );
        })}
      </dl>
      <p className={styles.timeZone}>Times in {timeZone.replace(/_/g, ' ')}</p>
    </div>
  );
}
