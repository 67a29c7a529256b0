import type { Variables } from '@/features/tenancy/variables-schema';
import type { Weekday } from '@/features/tenancy/weekdays';

export type { Weekday };

/** The weekday and "HH:MM" time at `date` in the store's time zone. */
export function localWeekdayAndTime(date: Date, timeZone: string): { day: Weekday; time: string } {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    weekday: 'long',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(date);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return {
    day: get('weekday').toLowerCase() as Weekday,
    time: `${get('hour')}:${get('minute')}`,
  };
}

/**
 * Whether the store is open at `date`, worked out in the store's own time zone: open from
 * openTime (inclusive) to closedTime (exclusive) on days that have hours.
 */
export function openNow(
  hours: Variables['openingHours'],
  timeZone: string,
  date: Date,
): { today: Weekday; open: boolean } {
  const { day, time } = localWeekdayAndTime(date, timeZone);
  const slot = hours[day];
  return { today: day, open: slot !== null && time >= slot.openTime && time < slot.closedTime };
}
