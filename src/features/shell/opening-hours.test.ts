import { describe, expect, it } from 'vitest';
import { variablesSchema } from '@/features/tenancy/variables-schema';
import { openNow } from './opening-hours';

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
