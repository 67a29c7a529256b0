// A process of the crash test (tests/server/outbox-crash.test.ts), on DATABASE_URL:
// - `send <to>`: records a mail and its delivery job (SMTP_URL is set, this process runs no
//   workers), then dies by SIGKILL before anything delivers it;
// - `deliver`: starts as the server does, runs every due job, prints the outbox rows as JSON.
import { closeAppDatabase, appDb } from '../../src/lib/db/app-db';
import { outbox } from '../../src/lib/db/schema';
import { sendMail } from '../../src/lib/mail/outbox.server';
import { runDueJobs, startJobQueue } from '../../src/lib/jobs/process-queue.server';

const [command, to] = process.argv.slice(2);
if (command === 'send') {
  await sendMail({
    storeKey: 'nameport',
    to: to!,
    fromName: 'Nameport',
    fromAddress: 'no-reply@nameport.example',
    subject: 'Sent once',
    text: 'Exactly one of these.',
    html: '<p>Exactly one of these.</p>',
  });
  console.log('recorded');
  process.kill(process.pid, 'SIGKILL');
} else if (command === 'deliver') {
  await startJobQueue({ workers: true });
  const ran = await runDueJobs();
  const rows = await (await appDb()).select().from(outbox);
  console.log(JSON.stringify({ ran, rows }));
  await closeAppDatabase();
} else {
  console.error('usage: outbox-child.ts send <to> | deliver');
  process.exit(2);
}
