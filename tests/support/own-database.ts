import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, inject } from 'vitest';

/**
 * Gives a test file a PostgreSQL database of its own on the PostgreSQL lane (on the PGlite lane
 * every file has its own already). For files whose jobs sweep every row that is due — the life
 * of services on a clock moved years ahead — so that they never touch another file's rows. Call
 * it before anything opens the app's database.
 */
export async function ownDatabase(): Promise<void> {
  const shared = inject('databaseUrl');
  if (!shared.startsWith('postgres')) return;
  const url = new URL(shared);
  const name = `${url.pathname.slice(1)}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: shared });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  url.pathname = `/${name}`;
  process.env.DATABASE_URL = url.toString();
  afterAll(async () => {
    const { closeAppDatabase } = await import('@/lib/db/app-db');
    await closeAppDatabase();
    const cleanup = new pg.Client({ connectionString: shared });
    await cleanup.connect();
    await cleanup.query(`drop database if exists ${name} with (force)`);
    await cleanup.end();
  });
}
