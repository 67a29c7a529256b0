import { logger } from '@/lib/logger';

/**
 * Work that becomes due with time (an order to expire, a renewal to charge) is found, not
 * scheduled: each feature registers a finder that looks at its own rows with the product's
 * clock and enqueues a job per due item, with a singleton key so that a second tick finds the job
 * already there. The server runs every finder once a minute (the scheduler tick), and the test
 * clock runs them after moving time, so a test sees what a day later brings without waiting.
 */
export type DueWorkFinder = (now: Date) => Promise<void>;

const KEY = Symbol.for('storefront.due-work');
type Holder = { [KEY]?: Map<string, DueWorkFinder> };
const finders = ((globalThis as Holder)[KEY] ??= new Map());

/** Registers (or replaces) the finder called `name`. */
export function registerDueWork(name: string, find: DueWorkFinder): void {
  finders.set(name, find);
}

/**
 * Runs every finder with the time given; a failing finder is logged and the others still run.
 * Answers how many failed.
 */
export async function runFinders(now: Date): Promise<number> {
  let failed = 0;
  for (const [name, find] of finders) {
    try {
      await find(now);
    } catch (error) {
      failed++;
      logger.error({ finder: name, err: String(error) }, 'due work finder failed');
    }
  }
  return failed;
}
