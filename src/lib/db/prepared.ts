import type { AppDb } from './client';

const statements = new WeakMap<object, Map<string, unknown>>();

/**
 * A query of the hot path, built once per database (or transaction) object and sent as a named
 * statement: drizzle skips building its SQL on every call, and a PostgreSQL server parses and
 * plans it once per connection instead of on every request (docs/decisions/0281). `name` must be
 * unique to the query's text; `build` makes the query with `sql.placeholder` for its values and
 * ends with `.prepare(name)`, the name it is given.
 */
export function prepared<T>(db: AppDb, name: string, build: (db: AppDb, name: string) => T): T {
  let byName = statements.get(db);
  if (!byName) statements.set(db, (byName = new Map()));
  let query = byName.get(name) as T | undefined;
  if (query === undefined) byName.set(name, (query = build(db, name)));
  return query;
}
