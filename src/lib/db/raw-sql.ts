import { sql, type SQL } from 'drizzle-orm';
import type { AppDb, ExecuteSql, RawResult } from './client';

/** A database or an open transaction of it: anything that can run a statement. */
export type SqlRunner = Pick<AppDb, 'execute'>;

/**
 * pg-boss's `$1`-numbered SQL as a Drizzle statement, so that it runs on whatever connection
 * `runner` is: inside a caller's transaction, the job is inserted in that same transaction (on
 * PGlite, the only way: the one connection is held by the transaction until it ends).
 * Each `$n` becomes its own parameter; `sql.param` keeps arrays and objects whole.
 */
export function statement(text: string, values: readonly unknown[] = []): SQL {
  const chunks: SQL[] = [];
  let last = 0;
  for (const match of text.matchAll(/\$(\d+)/g)) {
    chunks.push(sql.raw(text.slice(last, match.index)));
    chunks.push(sql`${sql.param(values[Number(match[1]) - 1] ?? null)}`);
    last = match.index + match[0].length;
  }
  chunks.push(sql.raw(text.slice(last)));
  return sql.join(chunks);
}

/** A pg-boss `db` that runs on `runner` (a transaction, typically). */
export function executeOn(runner: SqlRunner): ExecuteSql {
  return async (text, values) => {
    const result = (await runner.execute(statement(text, values))) as unknown as RawResult;
    return { rows: result.rows };
  };
}
