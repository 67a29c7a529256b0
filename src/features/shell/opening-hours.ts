import type { Variables } from '@/features/tenancy/variables-schema';
import { WEEKDAYS, type Weekday } from '@/features/tenancy/weekdays';

export type { Weekday };

/**
 * A time zone's UTC offsets over a stretch of time: `[fromEpochMs, offsetMinutes]` pairs in
 * order, each offset holding until the next pair. Worked out on the server when a page is
 * rendered, so the browser can tell the store's local time with arithmetic: constructing an
 * `Intl.DateTimeFormat` for a time zone costs a phone tens of milliseconds of main thread.
 */
export type ZoneOffsets = readonly (readonly [fromMs: number, offsetMinutes: number])[];

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

function offsetFinder(timeZone: string): (ms: number) => number {
  const format = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  });
  return (ms) => {
    const at = Math.floor(ms / 1000) * 1000;
    const p: Record<string, number> = {};
    for (const part of format.formatToParts(at)) p[part.type] = Number(part.value);
    const wall = Date.UTC(p.year!, p.month! - 1, p.day!, p.hour!, p.minute!, p.second!);
    return Math.round((wall - at) / MINUTE);
  };
}

/** Zones change offset at most a few times a year, never twice in a week. */
const STEP_DAYS = 7;

/**
 * The offsets of `timeZone` from `from` for `days` days. Changes are found week by week and then
 * pinned to the minute, so a zone with daylight saving time gives two or three pairs a year.
 */
export function zoneOffsets(timeZone: string, from: Date, days = 400): ZoneOffsets {
  const offsetAt = offsetFinder(timeZone);
  const start = Math.floor(from.getTime() / MINUTE) * MINUTE;
  const out: [number, number][] = [[start, offsetAt(start)]];
  for (let day = STEP_DAYS; day < days + STEP_DAYS; day += STEP_DAYS) {
    const at = start + Math.min(day, days) * DAY;
    const previous = start + (day - STEP_DAYS) * DAY;
    const offset = offsetAt(at);
    if (offset === out[out.length - 1]![1]) continue;
    // The change lies in (previous, at]: find its first minute.
    let lo = previous / MINUTE;
    let hi = at / MINUTE;
    while (hi - lo > 1) {
      const mid = Math.floor((lo + hi) / 2);
      if (offsetAt(mid * MINUTE) === offset) hi = mid;
      else lo = mid;
    }
    out.push([hi * MINUTE, offset]);
  }
  // The table ends one day past its last check: later instants are not covered.
  out.push([start + (days + 1) * DAY, Number.NaN]);
  return out;
}

const HOUR = 60 * MINUTE;
const recent = new Map<string, ZoneOffsets>();

/**
 * The offsets for a page rendered at `now` (ms): from two days back (a visitor's clock may be
 * behind the server's), kept per zone for the hour, as pages rendered on every request (404s)
 * also show them. The browser reads them with its own, real, time: give the real time
 * (`realNow()`), not a test clock's.
 */
export function zoneOffsetsNow(timeZone: string, now: number): ZoneOffsets {
  const hour = Math.floor(now / HOUR) * HOUR;
  const key = `${timeZone} ${hour}`;
  let offsets = recent.get(key);
  if (!offsets) {
    if (recent.size >= 256) recent.clear();
    offsets = zoneOffsets(timeZone, new Date(hour - 2 * DAY));
    recent.set(key, offsets);
  }
  return offsets;
}

const BY_UTC_DAY: readonly Weekday[] = [WEEKDAYS[6], ...WEEKDAYS.slice(0, 6)];
const pad = (n: number) => String(n).padStart(2, '0');

/** The weekday and "HH:MM" time at `date` in the store's time zone. */
export function localWeekdayAndTime(
  date: Date,
  timeZone: string,
  offsets?: ZoneOffsets,
): { day: Weekday; time: string } {
  const ms = date.getTime();
  let offset = Number.NaN;
  if (offsets && offsets.length > 0 && ms >= offsets[0]![0]) {
    for (const [from, minutes] of offsets) {
      if (from > ms) break;
      offset = minutes;
    }
  }
  if (!Number.isNaN(offset)) {
    const local = new Date(ms + offset * MINUTE);
    return {
      day: BY_UTC_DAY[local.getUTCDay()]!,
      time: `${pad(local.getUTCHours())}:${pad(local.getUTCMinutes())}`,
    };
  }
  // Outside the table (a clock far off, or no table): ask Intl.
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
  offsets?: ZoneOffsets,
): { today: Weekday; open: boolean } {
  const { day, time } = localWeekdayAndTime(date, timeZone, offsets);
  const slot = hours[day];
  return { today: day, open: slot !== null && time >= slot.openTime && time < slot.closedTime };
}
