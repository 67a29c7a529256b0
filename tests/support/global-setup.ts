import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    databaseUrl: string;
  }
}

/**
 * Picks the database lane. Default: every test worker gets its own in-memory PGlite. With
 * TEST_DATABASE_URL (a PostgreSQL server), a fresh database is created, migrated and seeded for
 * this run and dropped after it, so runs never see each other's rows.
 */
export default async function setup(project: TestProject) {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    project.provide('databaseUrl', 'pglite:memory');
    return;
  }
  const name = `storefront_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  // Migrated and seeded once here, before the workers start: the files then share a database
  // that is already whole, whichever of them comes first.
  const { openDatabase } = await import('@/lib/db/client');
  const { seedDemoData } = await import('@/features/demo/server/demo-seed.server');
  const handle = await openDatabase(url.toString(), { maxConnections: 2 });
  await handle.migrate();
  await seedDemoData(handle.db, { demoStores: true });
  await handle.close();
  project.provide('databaseUrl', url.toString());

  return async () => {
    const cleanup = new pg.Client({ connectionString: serverUrl });
    await cleanup.connect();
    await cleanup.query(`drop database if exists ${name} with (force)`);
    await cleanup.end();
  };
}
