import { describe, expect, it } from 'vitest';
import { Agent } from '../support/agent';
import { ownDatabase } from '../support/own-database';

// POST /api/admin/clock on a test deployment (TEST_CLOCK=true): the operator moves the product's
// time, and the answer comes once the jobs that became due have run.
// The clock moves days ahead here: the jobs and the session sweep it runs would reach other
// files' rows in the PostgreSQL lane's shared database.
await ownDatabase();
const TOKEN = 'clock-test-admin-token-0123456789abcdef';
process.env.TEST_CLOCK = 'true';
process.env.ADMIN_API_TOKEN = TOKEN;
const route = await import('@/app/api/admin/clock/route');
const { now } = await import('@/lib/clock');
const { defineJob } = await import('@/lib/jobs/registry');
const jobs = await import('@/lib/jobs/process-queue.server');
await jobs.runJobsInThisProcess();

const DAY = 24 * 60 * 60 * 1000;
const ran: Date[] = [];
defineJob('test.clock-step', async () => {
  ran.push(now());
});

const operator = new Agent('nameport.localhost');
const advance = (json: unknown, token = TOKEN) =>
  operator.call(route.POST, '/api/admin/clock', {
    method: 'POST',
    json,
    headers: { authorization: `Bearer ${token}` },
  });

describe('POST /api/admin/clock', () => {
  it('refuses a caller without the operator token', async () => {
    const answer = await advance({ advance_days: 1 }, 'not-the-token-not-the-token-not-the-token');
    expect(answer.status).toBe(401);
    expect(answer.body.error.code).toBe('unauthorized');
    expect(answer.headers.get('www-authenticate')).toBe('Bearer');
  });

  it.each([[0], [3651], [1.5], ['3'], [null]])(
    'refuses advance_days %j as a whole number of days from 1 to 3650',
    async (days) => {
      const before = now().getTime();
      const answer = await advance({ advance_days: days });
      expect(answer.status).toBe(400);
      expect(answer.body.error).toMatchObject({
        code: 'validation_failed',
        fields: { advance_days: ['must be a whole number of days from 1 to 3650'] },
      });
      expect(now().getTime() - before).toBeLessThan(DAY);
    },
  );

  it.each([
    [{ advance_minutes: 0 }, 'advance_minutes', 'must be a whole number of minutes from 1 to 1440'],
    [
      { advance_minutes: 1441 },
      'advance_minutes',
      'must be a whole number of minutes from 1 to 1440',
    ],
    [{}, 'advance_days', 'send advance_days or advance_minutes, one of them'],
    [
      { advance_days: 1, advance_minutes: 1 },
      'advance_days',
      'send advance_days or advance_minutes, one of them',
    ],
  ])('refuses %j, moving nothing', async (json, field, message) => {
    const before = now().getTime();
    const answer = await advance(json);
    expect(answer.status).toBe(400);
    expect(answer.body.error.fields).toEqual({ [field]: [message] });
    expect(now().getTime() - before).toBeLessThan(60_000);
  });

  it('moves the clock and answers once the jobs that became due have run', async () => {
    const startAfter = new Date(now().getTime() + 2 * DAY);
    await jobs.enqueue('test.clock-step', {}, { startAfter });
    const before = Date.now();
    const answer = await advance({ advance_days: 3 });
    expect(answer.status).toBe(200);
    expect(answer.body.data.ran).toBe(1);
    const moved = new Date(answer.body.data.now).getTime();
    expect(moved - before).toBeGreaterThanOrEqual(3 * DAY);
    expect(moved - Date.now()).toBeLessThanOrEqual(3 * DAY);
    expect(ran).toHaveLength(1);
    expect(ran[0]!.getTime()).toBeGreaterThanOrEqual(startAfter.getTime());
    expect(now().getTime() - Date.now()).toBeGreaterThanOrEqual(3 * DAY - 1_000);
  });

  it('answers the product time on GET, for the operator only', async () => {
    const headers = { authorization: `Bearer ${TOKEN}` };
    const answer = await operator.call(route.GET, '/api/admin/clock', { headers });
    expect(answer.status).toBe(200);
    const told = new Date(answer.body.data.now).getTime();
    expect(Math.abs(told - now().getTime())).toBeLessThan(1_000);
    expect(told - Date.now()).toBeGreaterThanOrEqual(3 * DAY - 1_000);
    expect((await operator.call(route.GET, '/api/admin/clock')).status).toBe(401);
  });

  it('answers other methods with 405', async () => {
    const answer = await operator.call(route.PUT, '/api/admin/clock', {
      method: 'PUT',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(answer.status).toBe(405);
    expect(answer.headers.get('allow')).toBe('GET, POST');
  });

  it('runs what each day made due on that day, as if the days had passed one by one', async () => {
    const start = now().getTime();
    const dayOf = (d: Date) => Math.floor((d.getTime() - start) / DAY);
    ran.length = 0;
    await jobs.enqueue('test.clock-step', {}, { startAfter: new Date(start + 5 * DAY + 60_000) });
    await jobs.enqueue('test.clock-step', {}, { startAfter: new Date(start + 2 * DAY + 60_000) });
    const answer = await advance({ advance_days: 7 });
    expect(answer.status).toBe(200);
    expect(answer.body.data.ran).toBe(2);
    expect(ran.map(dayOf)).toEqual([3, 6]);
  });

  it('goes on at the moved time after a restart', async () => {
    const moved = now().getTime();
    // A restarted process has no offset in memory: it starts at the real time.
    delete (globalThis as Record<symbol, unknown>)[Symbol.for('storefront.clock-offset')];
    expect(now().getTime()).toBeLessThan(moved - DAY);
    const headers = { authorization: `Bearer ${TOKEN}` };
    const answer = await operator.call(route.GET, '/api/admin/clock', { headers });
    expect(answer.status).toBe(200);
    expect(Date.parse(answer.body.data.now)).toBeGreaterThanOrEqual(moved);
    expect(now().getTime()).toBeGreaterThanOrEqual(moved);
  });

  // Last: the tests above count the offset in whole days.
  it('moves the clock by minutes, for what lasts less than a day', async () => {
    const before = now().getTime();
    const answer = await advance({ advance_minutes: 16 });
    expect(answer.status).toBe(200);
    const moved = new Date(answer.body.data.now).getTime() - before;
    expect(moved).toBeGreaterThanOrEqual(16 * 60_000);
    expect(moved).toBeLessThan(17 * 60_000);
  });
});
