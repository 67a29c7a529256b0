import { inArray } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { startMailServer } from '../support/mail-server';
import { twoQueues } from '../support/two-queues';

// Two instances on one PostgreSQL database never send a message twice: two
// job queues, each with its own connection pool and two workers, share the messages. On the
// PGlite lane both queues share the one connection an embedded database has.
const mailbox = await startMailServer();
process.env.SMTP_URL = mailbox.url;

const { appDb } = await import('@/lib/db/app-db');
const { outbox } = await import('@/lib/db/schema');
const { sendMail } = await import('@/lib/mail/outbox.server');
const { lane, queues, close } = await twoQueues();

afterAll(async () => {
  await close();
  await mailbox.close();
});

describe(`two job queues on one database (${lane})`, () => {
  it('deliver each of many messages exactly once', async () => {
    const addresses = Array.from({ length: 24 }, (_, i) => `pair.${process.pid}.${i}@example.com`);
    // Recorded by this process, which only enqueues; the two queues deliver.
    for (const to of addresses) {
      await sendMail({
        storeKey: 'nameport',
        to,
        fromName: 'Nameport',
        fromAddress: 'no-reply@nameport.example',
        subject: 'One',
        text: 'x',
        html: 'x',
      });
    }
    for (const queue of queues) await queue.start();
    const runs = await Promise.all(queues.map((queue) => queue.drain()));
    await Promise.all(queues.map((queue) => queue.drain()));

    for (const to of addresses) expect(mailbox.to(to), to).toHaveLength(1);
    expect(mailbox.received).toHaveLength(addresses.length);
    expect(runs[0]! + runs[1]!).toBe(addresses.length);
    const rows = await (
      await appDb()
    )
      .select()
      .from(outbox)
      .where(inArray(outbox.recipient, addresses));
    expect(rows.map((r) => [r.state, r.attempts])).toEqual(addresses.map(() => ['sent', 1]));
  });
});
