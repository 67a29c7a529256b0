import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PGliteThread } from './pglite-thread';

// The embedded database on its own thread (docs/decisions/0106) behaves as PGlite in the process
// did: results, PostgreSQL's errors with their code, commit and roll back, one connection.
describe('PGliteThread', () => {
  let db: PGliteThread;
  beforeAll(async () => {
    db = new PGliteThread(null, {});
    await db.waitReady;
    await db.exec('create table t (id int primary key, at timestamptz default now())');
  });
  afterAll(() => db.close());

  it('answers rows, as objects or arrays, and keeps the types asked for as text', async () => {
    await db.query('insert into t (id) values ($1), ($2)', [1, 2]);
    const objects = await db.query('select id from t order by id');
    expect(objects.rows).toEqual([{ id: 1 }, { id: 2 }]);
    const arrays = await db.query('select id, at from t where id = $1', [1], {
      rowMode: 'array',
      parsers: { 1184: (v: string) => v },
    });
    expect(arrays.rows[0]).toEqual([1, expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:/)]);
  });

  it("passes PostgreSQL's error code and fields back", async () => {
    const error = await db.query('insert into t (id) values (1)').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    expect(error).toMatchObject({ code: '23505', constraint: 't_pkey' });
  });

  it('commits a transaction that ends well and rolls back one that throws', async () => {
    await db.transaction(async (tx) => {
      await tx.query('insert into t (id) values (10)');
    });
    const failed = await db
      .transaction(async (tx) => {
        await tx.query('insert into t (id) values (11)');
        throw new Error('changed my mind');
      })
      .catch((e: Error) => e.message);
    expect(failed).toBe('changed my mind');
    const ids = await db.query('select id from t where id >= 10 order by id');
    expect(ids.rows).toEqual([{ id: 10 }]);
  });

  it('runs a statement from outside after the open transaction, never inside it', async () => {
    const order: string[] = [];
    let outside: Promise<unknown> | undefined;
    await db
      .transaction(async (tx) => {
        await tx.query('insert into t (id) values (20)');
        outside = db.query('select count(*)::int as n from t where id = 20').then((r) => {
          order.push('outside');
          return r.rows;
        });
        await tx.query('select pg_sleep(0.05)');
        order.push('transaction');
        throw new Error('roll back');
      })
      .catch(() => undefined);
    expect(await outside).toEqual([{ n: 0 }]);
    expect(order).toEqual(['transaction', 'outside']);
  });
});
