import { getEnv } from './env';

/**
 * The product's time. Everything with a business meaning (expiry, renewal, when a mail was sent)
 * reads `now()`, never `Date.now()` or `new Date()`, so that a test clock can move it
 * (docs/decisions/0042; lint refuses the others outside this module, decision 0151).
 *
 * With TEST_CLOCK=true the clock can be advanced; the offset lives on globalThis because Next
 * loads this module in several bundles of one process, and they must agree on the time. The
 * offset is also kept in the database (test-clock-repository.server.ts), so a restarted process
 * goes on at the moved time; two instances of a test deployment are moved one by one.
 */
const KEY = Symbol.for('storefront.clock-offset');
type Holder = { [KEY]?: number };
const holder = globalThis as Holder;

export class TestClockDisabledError extends Error {
  constructor() {
    super('The clock can only be moved with TEST_CLOCK=true.');
    this.name = 'TestClockDisabledError';
  }
}

/** How far the product's time is ahead of the real time, in milliseconds (0 without a test clock). */
export function clockOffsetMs(): number {
  return holder[KEY] ?? 0;
}

/** The length of a day in milliseconds: the one constant of it. */
export const DAY_MS = 24 * 60 * 60 * 1000;

/** The product's current time. */
export function now(): Date {
  return new Date(Date.now() + clockOffsetMs());
}

/** `days` whole days after `from` (before it when negative). */
export function daysAfter(from: Date, days: number): Date {
  return new Date(from.getTime() + days * DAY_MS);
}

/**
 * The real time, for what is not the business's: when a lock file was taken or went stale,
 * rate-limit windows (their library counts in real time), Next's cache tags. Business time is
 * `now()`; elapsed time is `performance.now()`.
 */
export function realNow(): Date {
  return new Date(Date.now());
}

/** Whether this process may move its clock (TEST_CLOCK=true). */
export function testClockEnabled(): boolean {
  return getEnv().TEST_CLOCK;
}

/**
 * Moves the product's time forward by `ms` and answers the new time. Refused without
 * TEST_CLOCK=true. Time never goes back: a test that needs an earlier date starts from it.
 */
export function advanceClock(ms: number): Date {
  if (!testClockEnabled()) throw new TestClockDisabledError();
  if (!Number.isSafeInteger(ms) || ms < 0) {
    throw new RangeError('The clock moves forward by a whole number of milliseconds.');
  }
  holder[KEY] = clockOffsetMs() + ms;
  return now();
}

/**
 * Takes the offset kept from before a restart. Only forward: a process that has moved further
 * keeps its time.
 */
export function resumeClock(offsetMs: number): void {
  if (!testClockEnabled()) throw new TestClockDisabledError();
  if (!Number.isSafeInteger(offsetMs)) throw new RangeError('The offset is whole milliseconds.');
  holder[KEY] = Math.max(clockOffsetMs(), offsetMs);
}
