import { eq, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { startSmsGateway } from '../support/auth-harness';
import { startMailServer, type Refusal } from '../support/mail-server';
import { ownDatabase } from '../support/own-database';

// Delivery as a job, against a real SMTP server that can refuse; time moves
// with the test clock, never by waiting.
// The clock moves days ahead here: the jobs and the session sweep it runs would reach other
// files' rows in the PostgreSQL lane's shared database.
await ownDatabase();
process.env.TEST_CLOCK = 'true';
let refuse: () => Refusal | null = () => null;
const mailbox = await startMailServer(0, { refuse: () => refuse() });
const gateway = await startSmsGateway();
process.env.SMTP_URL = mailbox.url;
process.env.SMS_URL = gateway.url;

const { appDatabase, appDb } = await import('@/lib/db/app-db');
const { outbox } = await import('@/lib/db/schema');
const { now } = await import('@/lib/clock');
const { getEnv } = await import('@/lib/env');
const jobs = await import('@/lib/jobs/process-queue.server');
const { sendMail, sendSms } = await import('@/lib/mail/outbox.server');
const { deliveryJob } = await import('@/lib/mail/outbox-delivery.server');
const { insertMessage } = await import('@/lib/mail/outbox-repository.server');
await jobs.runJobsInThisProcess();

afterAll(async () => {
  await Promise.all([mailbox.close(), gateway.close()]);
});

const DAY = 24 * 60 * 60 * 1000;
let n = 0;
const address = (tag: string) => `${tag}.${process.pid}.${n++}@example.com`;
const mail = (to: string) => ({
  storeKey: 'nameport',
  to,
  fromName: 'Nameport',
  fromAddress: 'no-reply@nameport.example',
  replyTo: 'help@nameport.example',
  subject: 'Hello',
  text: 'A link: https://nameport.example/activate?token=x',
  html: '<p>A link</p>',
});
const rowTo = async (to: string) =>
  (await (await appDb()).select().from(outbox).where(eq(outbox.recipient, to)))[0]!;

/** Seconds until the message's waiting delivery job may run. */
async function waitOf(outboxId: string): Promise<number> {
  const { rows } = await (
    await appDatabase()
  ).executeSql(
    `select extract(epoch from start_after - now())::float as wait from ${getEnv().JOB_SCHEMA}.job
     where data->>'outboxId' = $1 and state = 'retry'`,
    [outboxId],
  );
  return Number(rows[0]?.wait);
}

describe('mail delivery as a job', () => {
  it('delivers a mail once, drops its copy and records the one try', async () => {
    const to = address('once');
    await sendMail(mail(to));
    expect(await jobs.runDueJobs()).toBe(1);
    const [received] = mailbox.to(to);
    expect(mailbox.to(to)).toHaveLength(1);
    expect(received!.subject).toBe('Hello');
    expect(received!.text).toContain('activate?token=x');
    expect(received!.raw).toMatch(/^Reply-To: help@nameport\.example/m);
    const row = await rowTo(to);
    expect(row).toMatchObject({ state: 'sent', attempts: 1, error: null, text: '', html: null });
    expect(Math.abs(row.sentAt!.getTime() - now().getTime())).toBeLessThan(5_000);
  });

  it('retries a refused mail, waiting longer each time, until the server takes it', async () => {
    const to = address('retry');
    let refusals = 2;
    refuse = () => (refusals-- > 0 ? { code: 451, message: 'try again later' } : null);
    await sendMail(mail(to));
    expect(await jobs.runDueJobs()).toBe(1);
    const first = await rowTo(to);
    expect(first).toMatchObject({ state: 'queued', attempts: 1 });
    expect(first.error).toContain('451');
    const firstWait = await waitOf(first.id);
    expect(firstWait).toBeGreaterThan(55);
    expect(firstWait).toBeLessThanOrEqual(120);
    expect(await jobs.runDueJobs()).toBe(0); // not yet: the retry waits

    expect((await jobs.advanceTimeAndRunDueJobs(DAY)).ran).toBe(1);
    const second = await rowTo(to);
    expect(second).toMatchObject({ state: 'queued', attempts: 2 });
    const secondWait = await waitOf(second.id);
    expect(secondWait).toBeGreaterThan(115);
    expect(secondWait).toBeLessThanOrEqual(240);

    expect((await jobs.advanceTimeAndRunDueJobs(DAY)).ran).toBe(1);
    expect(await rowTo(to)).toMatchObject({ state: 'sent', attempts: 3, error: null, text: '' });
    expect(mailbox.to(to)).toHaveLength(1);
    refuse = () => null;
  });

  it('fails a mail for good after six tries', async () => {
    const to = address('gives-up');
    refuse = () => ({ code: 421, message: 'service not available' });
    await sendMail(mail(to));
    let runs = await jobs.runDueJobs();
    for (let i = 0; i < 5; i++) runs += (await jobs.advanceTimeAndRunDueJobs(DAY)).ran;
    expect(runs).toBe(6);
    const row = await rowTo(to);
    expect(row).toMatchObject({ state: 'failed', attempts: 6, sentAt: null });
    expect(row.error).toContain('421');
    expect((await jobs.advanceTimeAndRunDueJobs(DAY)).ran).toBe(0);
    expect(mailbox.to(to)).toHaveLength(0);
    refuse = () => null;
  });

  it('fails at once a mail the server refuses for good', async () => {
    const to = address('refused');
    refuse = () => ({ code: 550, message: 'no such mailbox' });
    await sendMail(mail(to));
    expect(await jobs.runDueJobs()).toBe(1);
    refuse = () => null;
    expect((await jobs.advanceTimeAndRunDueJobs(DAY)).ran).toBe(0);
    const row = await rowTo(to);
    expect(row).toMatchObject({ state: 'failed', attempts: 1 });
    expect(row.error).toContain('550');
  });

  it('delivers an SMS the same way', async () => {
    const to = `+4477009${String(process.pid).slice(-5).padStart(5, '0')}`;
    await sendSms({ storeKey: 'nameport', to, text: 'your code is 123456' });
    expect(await jobs.runDueJobs()).toBe(1);
    expect(gateway.received.filter((m) => m.to === to)).toEqual([
      { to, text: 'your code is 123456' },
    ]);
    expect(await rowTo(to)).toMatchObject({ channel: 'sms', state: 'sent', attempts: 1, text: '' });
  });
});

describe('a message and its job in one transaction', () => {
  it('leaves neither when the transaction rolls back, and both when it commits', async () => {
    const db = await appDb();
    const rolledBack = address('rolled-back');
    const committed = address('committed');
    await jobs.prepareJobQueue();
    await expect(
      db.transaction(async (tx) => {
        await sendMail(mail(rolledBack), { tx });
        throw new Error('the business change failed');
      }),
    ).rejects.toThrow('the business change failed');
    await db.transaction(async (tx) => {
      await sendMail(mail(committed), { tx });
    });
    expect(await jobs.runDueJobs()).toBe(1);
    expect(
      await (await appDb()).select().from(outbox).where(eq(outbox.recipient, rolledBack)),
    ).toEqual([]);
    expect(mailbox.to(rolledBack)).toHaveLength(0);
    expect(mailbox.to(committed)).toHaveLength(1);
  });
});

describe('one message, two runs', () => {
  async function queuedMessage(to: string) {
    const { to: recipient, ...rest } = mail(to);
    return insertMessage(await appDb(), {
      ...rest,
      channel: 'mail',
      recipient,
      state: 'queued',
      createdAt: now(),
    });
  }
  const run = (attempt: number) => ({ id: `run-${attempt}`, attempt, lastAttempt: false });

  it('is sent once when two runs take it at the same moment', async () => {
    const to = address('race');
    const outboxId = await queuedMessage(to);
    const outcomes = await Promise.allSettled([
      deliveryJob.handler({ outboxId }, run(1)),
      deliveryJob.handler({ outboxId }, run(1)),
    ]);
    expect(outcomes.filter((o) => o.status === 'fulfilled').length).toBeGreaterThanOrEqual(1);
    expect(mailbox.to(to)).toHaveLength(1);
    expect(await rowTo(to)).toMatchObject({ state: 'sent', attempts: 1 });
    await deliveryJob.handler({ outboxId }, run(2));
    expect(mailbox.to(to)).toHaveLength(1);
  });

  it('is failed, not sent again, when the run that took it never reported', async () => {
    const to = address('interrupted');
    const outboxId = await queuedMessage(to);
    await (
      await appDb()
    )
      .update(outbox)
      .set({ attempts: 1, claimedUntil: sql`now() - interval '1 minute'` })
      .where(eq(outbox.id, outboxId));
    await deliveryJob.handler({ outboxId }, run(2));
    const row = await rowTo(to);
    expect(row).toMatchObject({ state: 'failed', attempts: 1 });
    expect(row.error).toContain('interrupted');
    expect(mailbox.to(to)).toHaveLength(0);
  });
});
