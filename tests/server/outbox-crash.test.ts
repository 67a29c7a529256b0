import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startMailServer } from '../support/mail-server';
import { startScript } from '../support/processes';

// A process that records a mail and its delivery job and dies before sending
// it (SIGKILL, no chance to clean up) leaves the mail to the next start, which sends it once.
const base = mkdtempSync(path.join(tmpdir(), 'storefront-crash-'));
const dir = path.join(base, 'db');
const mailbox = await startMailServer();
const env = { DATABASE_URL: `pglite:${dir}`, SMTP_URL: mailbox.url, SMS_URL: '' };
const to = `crash.${process.pid}@example.com`;

afterAll(async () => {
  await mailbox.close();
  rmSync(base, { recursive: true, force: true });
});

type Delivered = { ran: number; rows: { recipient: string; state: string; attempts: number }[] };

async function deliverRun(): Promise<Delivered> {
  const run = await startScript('tests/processes/outbox-child.ts', ['deliver'], env).finished;
  expect(run.stderr).toBe('');
  expect(run.code).toBe(0);
  return JSON.parse(run.stdout.trim().split('\n').at(-1)!) as Delivered;
}

describe('a process killed between recording a mail and sending it', () => {
  it(
    'leaves the mail to the next start, which sends it exactly once',
    { timeout: 120_000 },
    async () => {
      const sender = startScript('tests/processes/outbox-child.ts', ['send', to], env);
      const crashed = await sender.finished;
      expect(crashed.signal).toBe('SIGKILL');
      expect(crashed.stdout).toContain('recorded');
      expect(mailbox.to(to)).toHaveLength(0);
      // The dead process's lock is still there; the next start takes it over.
      expect(JSON.parse(readFileSync(`${dir}.lock`, 'utf8')).pid).toBe(sender.child.pid);

      const restarted = await deliverRun();
      expect(restarted.ran).toBe(1);
      expect(restarted.rows).toEqual([
        expect.objectContaining({ recipient: to, state: 'sent', attempts: 1 }),
      ]);
      expect(mailbox.to(to)).toHaveLength(1);
      expect(mailbox.to(to)[0]!.subject).toBe('Sent once');

      const again = await deliverRun();
      expect(again.ran).toBe(0);
      expect(mailbox.to(to)).toHaveLength(1);
      expect(existsSync(`${dir}.lock`)).toBe(false);
    },
  );
});
