import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '@/lib/db/client';
import { outbox } from '@/lib/db/schema';
import { npmRun, startScript, waitForLine } from '../support/processes';

// While one process (here a stand-in for the server that opens the directory
// through app-db, serves the real GET /api/dev/outbox and keeps writing) has an embedded
// database open, every command refuses to open it too, or asks that process.
const base = mkdtempSync(path.join(tmpdir(), 'storefront-lock-'));
const dir = path.join(base, 'db');
const env = { DATABASE_URL: `pglite:${dir}`, SMTP_URL: '', SMS_URL: '' };
const recipient = '+447700900123';
const holder = startScript('tests/processes/db-holder.ts', [recipient], env);

beforeAll(async () => {
  await waitForLine(holder.child, /^ready \d+$/m, 60_000);
}, 90_000);

afterAll(() => {
  holder.child.kill('SIGKILL');
  rmSync(base, { recursive: true, force: true });
});

describe('an embedded database another process has open', () => {
  const pid = () => holder.child.pid!;

  it.each(['db:migrate', 'db:seed'])(
    'is not opened by npm run %s, which says who holds it',
    async (script) => {
      const run = await npmRun(script, [], env);
      expect(run.code).toBe(1);
      expect(run.stderr).toContain(`The database in ${dir} is in use by process ${pid()}`);
      expect(run.stderr).toContain('tests/processes/db-holder.ts');
      expect(run.stderr).toContain(`Stop that process first (kill ${pid()})`);
      expect(run.stderr).toContain('That is the server: it migrates and seeds the database itself');
      expect(run.stdout).not.toContain('migrated');
    },
  );

  it('is read by npm run outbox through the process that holds it', async () => {
    const run = await npmRun('outbox', ['--all', '--limit', '3'], env);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toContain(`(read through the running server, process ${pid()})`);
    expect(
      run.stdout.match(new RegExp(`=== sms to \\${recipient} \\| store nameport`, 'g')),
    ).toHaveLength(3);
    expect(run.stdout).toContain('kept (no transport)');
  });

  it('loses nothing the holder wrote meanwhile, and opens again once it has stopped', async () => {
    holder.child.kill('SIGTERM');
    const finished = await holder.finished;
    expect(finished.code).toBe(0);
    const wrote = Number(/^wrote (\d+)$/m.exec(finished.stdout)?.[1]);
    expect(wrote).toBeGreaterThan(0);
    expect(existsSync(`${dir}.lock`)).toBe(false);

    const handle = await openDatabase(`pglite:${dir}`);
    try {
      const rows = await handle.db.select().from(outbox).where(eq(outbox.recipient, recipient));
      expect(rows).toHaveLength(wrote);
      expect(new Set(rows.map((r) => r.text)).size).toBe(wrote);
    } finally {
      await handle.close();
    }

    const direct = await npmRun('outbox', ['--limit', '1'], env);
    expect(direct.code).toBe(0);
    expect(direct.stdout).not.toContain('read through the running server');
    expect(direct.stdout).toContain(`=== sms to ${recipient}`);
    expect(existsSync(`${dir}.lock`)).toBe(false);
  });
});
