import 'server-only';
import { sql } from 'drizzle-orm';
import { clockOffsetMs, resumeClock, testClockEnabled } from './clock';
import { appDb } from './db/app-db';
import { testClock } from './db/schema';

/**
 * The test clock's offset in the database (decision 0151): without it a restarted test deployment
 * fell back to the real time, and orders dated two years on sat in the past of the clock.
 */

/** Takes the kept offset, if any (the server at boot, and the clock call before it answers). */
export async function resumeKeptClock(): Promise<void> {
  if (!testClockEnabled()) return;
  const [row] = await (await appDb()).select().from(testClock);
  if (row) resumeClock(row.offsetMs);
}

/** Keeps this process's offset; a larger kept one (another instance moved further) stays. */
export async function keepClock(): Promise<void> {
  const offsetMs = clockOffsetMs();
  await (
    await appDb()
  )
    .insert(testClock)
    .values({ id: 1, offsetMs })
    .onConflictDoUpdate({
      target: testClock.id,
      set: { offsetMs: sql`greatest(${testClock.offsetMs}, excluded.offset_ms)` },
    });
}
