import { describe, expect, it } from 'vitest';
import { variablesSchema } from '@/features/tenancy/variables-schema';
import { localWeekdayAndTime, openNow, zoneOffsets, zoneOffsetsNow } from './opening-hours';

const hours = variablesSchema.parse({
  openingHours: {
    monday: { openTime: '09:00', closedTime: '17:30' },
    saturday: { openTime: '10:00', closedTime: '14:00' },
  },
}).openingHours;

describe('opening hours', () => {
  it('is open inside the hours and closed at closing time, in the store time zone', () => {
    // Monday 2026-11-23, 09:00 in London (GMT in winter).
    expect(openNow(hours, 'Europe/London', new Date('2026-11-23T09:00:00Z'))).toEqual({
      today: 'monday',
      open: true,
    });
    expect(openNow(hours, 'Europe/London', new Date('2026-11-23T17:29:00Z')).open).toBe(true);
    expect(openNow(hours, 'Europe/London', new Date('2026-11-23T17:30:00Z')).open).toBe(false);
    expect(openNow(hours, 'Europe/London', new Date('2026-11-23T08:59:00Z')).open).toBe(false);
  });

  it('uses the store time zone for the day and the time', () => {
    // 2026-11-23 03:00 UTC is still Sunday evening in Seattle: closed, and today is Sunday.
    expect(openNow(hours, 'America/Los_Angeles', new Date('2026-11-23T03:00:00Z'))).toEqual({
      today: 'sunday',
      open: false,
    });
    // Monday 17:00 UTC is 09:00 in Seattle: open there.
    expect(openNow(hours, 'America/Los_Angeles', new Date('2026-11-23T17:00:00Z')).open).toBe(true);
  });

  it('follows daylight saving time', () => {
    // Monday 2026-06-01 08:30 UTC is 09:30 in London (BST): open.
    expect(openNow(hours, 'Europe/London', new Date('2026-06-01T08:30:00Z')).open).toBe(true);
  });

  it('is closed on days without hours', () => {
    expect(openNow(hours, 'Europe/London', new Date('2026-11-24T12:00:00Z'))).toEqual({
      today: 'tuesday',
      open: false,
    });
  });
});

describe('zone offsets worked out on the server', () => {
  const from = new Date('2026-11-01T00:00:00Z');

  it('finds the minute daylight saving time starts and ends', () => {
    const london = zoneOffsets('Europe/London', from);
    expect(london.slice(0, 3)).toEqual([
      [from.getTime(), 0],
      [Date.parse('2027-03-28T01:00:00Z'), 60],
      [Date.parse('2027-10-31T01:00:00Z'), 0],
    ]);
    // A zone without daylight saving time: one offset, then the end of the table.
    expect(zoneOffsets('Asia/Kolkata', from)).toHaveLength(2);
    expect(zoneOffsets('Asia/Kolkata', from)[0]).toEqual([from.getTime(), 330]);
  });

  it('gives the same local day and time as Intl, across zones and a year', () => {
    const zones = [
      'Europe/London',
      'America/Los_Angeles',
      'America/St_Johns',
      'Australia/Adelaide',
      'Asia/Kathmandu',
      'Pacific/Chatham',
      'UTC',
    ];
    for (const zone of zones) {
      const offsets = zoneOffsets(zone, from);
      for (let i = 0; i < 400; i++) {
        // Every 23 h 17 min, so the checks fall at all times of day, transitions included.
        const at = new Date(from.getTime() + i * (23 * 60 + 17) * 60_000);
        expect(localWeekdayAndTime(at, zone, offsets), `${zone} ${at.toISOString()}`).toEqual(
          localWeekdayAndTime(at, zone),
        );
      }
    }
  });

  it('answers the same as Intl around the spring change in London', () => {
    const offsets = zoneOffsets('Europe/London', from);
    for (const iso of ['2027-03-28T00:59:00Z', '2027-03-28T01:00:00Z', '2027-03-28T01:01:00Z']) {
      expect(localWeekdayAndTime(new Date(iso), 'Europe/London', offsets)).toEqual(
        localWeekdayAndTime(new Date(iso), 'Europe/London'),
      );
    }
  });

  it('falls back to Intl outside the table', () => {
    const offsets = zoneOffsets('Europe/London', from, 10);
    const before = new Date('2026-06-01T08:30:00Z'); // BST, before the table starts
    const after = new Date('2027-06-01T08:30:00Z'); // BST, after the table ends
    expect(localWeekdayAndTime(before, 'Europe/London', offsets).time).toBe('09:30');
    expect(localWeekdayAndTime(after, 'Europe/London', offsets).time).toBe('09:30');
    expect(openNow(hours, 'Europe/London', before, offsets).open).toBe(true);
  });
});

describe('zoneOffsetsNow', () => {
  it('covers the last two days and the coming year, and is kept for the hour', () => {
    const now = Date.parse('2026-11-21T10:20:00Z');
    const offsets = zoneOffsetsNow('Europe/London', now);
    expect(offsets[0]![0]).toBe(Date.parse('2026-11-19T10:00:00Z'));
    expect(zoneOffsetsNow('Europe/London', now + 30 * 60_000)).toBe(offsets);
    expect(zoneOffsetsNow('Europe/London', now + 60 * 60_000)).not.toBe(offsets);
    const inAYear = new Date(now + 365 * 86_400_000);
    expect(localWeekdayAndTime(inAYear, 'Europe/London', offsets)).toEqual(
      localWeekdayAndTime(inAYear, 'Europe/London'),
    );
  });
});
