import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * What the log lines of one request share: its id (made by scripts/serve.mjs) and, once resolved,
 * its store. Bound with AsyncLocalStorage, so code deep inside a call logs the request's id
 * without taking it as an argument.
 */
export type LogScope = { requestId: string | null; store: string | null };

// One storage per process, however many copies of this module Next's bundles hold.
const KEY = Symbol.for('storefront.log-scope');
const holder = globalThis as { [KEY]?: AsyncLocalStorage<LogScope> };
const storage = (holder[KEY] ??= new AsyncLocalStorage<LogScope>());

/** Runs `fn` as the work of the request with this id. */
export function runInLogScope<T>(requestId: string | null, fn: (scope: LogScope) => T): T {
  const context: LogScope = { requestId, store: null };
  return storage.run(context, () => fn(context));
}

/** The log scope of the request this code runs for, if any. */
export function currentLogScope(): LogScope | undefined {
  return storage.getStore();
}

/** Records the store the current request resolved (for its log line). */
export function noteRequestStore(store: string): void {
  const context = storage.getStore();
  if (context) context.store = store;
}
