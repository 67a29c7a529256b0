import { inArray } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { startMailServer } from '../support/mail-server';

// Two instances on one PostgreSQL database never send a message twice (issue 11 point 7): two
// job queues, each with its own connection pool and two workers, share the messages. On the
// PGlite lane both queues share the one connection an embedded database has.
const mailbox = await startMailServer();
process.env.SMTP_URL = mailbox.url;

const { appDatabase, appDb } = await import('@/lib/db/app-db');
const { openDatabase } = await import('@/lib/db/client');
const { outbox } = await import('@/lib/db/schema');
const { getEnv } = await import('@/lib/env');
const { JobQueue } = await import('@/lib/jobs/job-queue.server');
const { sendMail } = await import('@/lib/mail/outbox.server');

const url = inject('databaseUrl');
const lane = url.startsWith('postgres') ? 'PostgreSQL, two pools' : 'PGlite, one connection';
const instances = await Promise.all(
  [0, 1].map(async () =>
    url.startsWith('postgres') ? await openDatabase(url, { maxConnections: 3 }) : null,
  ),
);
const queues = instances.map(
  (instance) =>
    new JobQueue({
      executeSql:
        instance?.executeSql ??
        ((text, values) => appDatabase().then((h) => h.executeSql(text, values))),
      schema: getEnv().JOB_SCHEMA,
      pollingIntervalSeconds: 0.5,
      workers: true,
    }),
);

afterAll(async () => {
  for (const queue of queues) await queue.stop();
  for (const instance of instances) await instance?.close();
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
