import { getEnv } from './env';

/**
 * The product's time. Everything with a business meaning (expiry, renewal, when a mail was sent)
 * reads `now()`, never `Date.now()`, so that a test clock can move it (docs/decisions/0042).
 *
 * With TEST_CLOCK=true the clock can be advanced; the offset lives on globalThis because Next
 * loads this module in several bundles of one process, and they must agree on the time. Each
 * process keeps its own offset: two instances of a test deployment are moved one by one.
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

/** The product's current time. */
export function now(): Date {
  return new Date(Date.now() + clockOffsetMs());
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
