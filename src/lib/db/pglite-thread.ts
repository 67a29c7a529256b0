import path from 'node:path';
import { Worker } from 'node:worker_threads';

/**
 * The embedded database on a thread of its own (docs/decisions/0106): the part of PGlite's API
 * the product uses (query, exec, transaction, close), each statement sent to
 * pglite-worker.mjs and awaited. PGlite executes a statement synchronously in WebAssembly; on the
 * server's thread every statement held every other request and timer while it ran.
 *
 * Query options cross as data: `rowMode`, and `parsers` only as "keep this type as text" (what
 * Drizzle asks for dates, timestamps and intervals); the parser functions themselves stay here.
 */

type QueryOptions = { rowMode?: 'array' | 'object'; parsers?: Record<number, unknown> };
export type ThreadResults = { rows: unknown[]; affectedRows?: number; fields: unknown[] };
type ErrorFields = { name?: string; message: string } & Record<string, unknown>;
type Reply = { id: number; result?: unknown; error?: ErrorFields };
type Pending = { resolve: (value: unknown) => void; reject: (error: Error) => void };

export type ThreadTransaction = {
  query: (sql: string, params?: unknown[], options?: QueryOptions) => Promise<ThreadResults>;
  exec: (sql: string, options?: QueryOptions) => Promise<ThreadResults[]>;
};

/** The error PGlite raised, with PostgreSQL's fields (code, detail, constraint...) kept. */
function rebuilt(fields: ErrorFields): Error {
  const { name, message, ...rest } = fields;
  const error = Object.assign(new Error(message), rest);
  if (name) error.name = name;
  return error;
}

function wireOptions(options?: QueryOptions) {
  if (!options) return undefined;
  const { parsers, ...rest } = options;
  return parsers ? { ...rest, textTypes: Object.keys(parsers).map(Number) } : rest;
}

export class PGliteThread {
  readonly waitReady: Promise<void>;
  private readonly worker: Worker;
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  private failure: Error | undefined;

  constructor(dataDir: string | null, options: Record<string, unknown>) {
    this.worker = new Worker(path.join(process.cwd(), 'src', 'lib', 'db', 'pglite-worker.mjs'), {
      workerData: { dataDir, options },
    });
    // Idle, the thread does not keep a script or a test alive; a server has its listener.
    this.worker.unref();
    this.waitReady = new Promise<void>((resolve, reject) => {
      const onReady = (message: { ready?: boolean; error?: ErrorFields }) => {
        if (!('ready' in message)) return;
        this.worker.off('message', onReady);
        if (message.ready) return resolve();
        reject(rebuilt(message.error ?? { message: 'the database did not start' }));
        void this.worker.terminate();
      };
      this.worker.on('message', onReady);
      this.worker.once('error', reject);
    });
    this.worker.on('message', (reply: Reply) => {
      if (typeof reply.id === 'number') this.settle(reply);
    });
    const fail = (error: Error) => {
      this.failure ??= error;
      for (const { reject } of this.pending.values()) reject(error);
      this.pending.clear();
    };
    this.worker.on('error', fail);
    this.worker.on('exit', (code) => fail(new Error(`the database thread stopped (exit ${code})`)));
  }

  query(sql: string, params?: unknown[], options?: QueryOptions): Promise<ThreadResults> {
    return this.send({ op: 'query', sql, params, options: wireOptions(options) });
  }

  exec(sql: string, options?: QueryOptions): Promise<ThreadResults[]> {
    return this.send({ op: 'exec', sql, options: wireOptions(options) });
  }

  /** Commits when `callback` resolves; rolls back and rethrows when it throws. */
  async transaction<T>(callback: (tx: ThreadTransaction) => Promise<T>): Promise<T> {
    const { tx } = await this.send<{ tx: number }>({ op: 'begin' });
    const inside: ThreadTransaction = {
      query: (sql, params, options) =>
        this.send({ op: 'query', tx, sql, params, options: wireOptions(options) }),
      exec: (sql, options) => this.send({ op: 'exec', tx, sql, options: wireOptions(options) }),
    };
    let result: T;
    try {
      result = await callback(inside);
    } catch (error) {
      await this.send({ op: 'end', tx, commit: false });
      throw error;
    }
    await this.send({ op: 'end', tx, commit: true });
    return result;
  }

  async close(): Promise<void> {
    try {
      if (!this.failure) await this.send({ op: 'close' });
    } finally {
      await this.worker.terminate();
    }
  }

  private send<T>(message: Record<string, unknown>): Promise<T> {
    if (this.failure) return Promise.reject(this.failure);
    const id = this.nextId++;
    const answer = new Promise<T>((resolve, reject) =>
      this.pending.set(id, { resolve: resolve as (value: unknown) => void, reject }),
    );
    if (this.pending.size === 1) this.worker.ref();
    this.worker.postMessage({ ...message, id });
    return answer;
  }

  private settle({ id, result, error }: Reply) {
    const waiting = this.pending.get(id);
    if (!waiting) return;
    this.pending.delete(id);
    if (this.pending.size === 0) this.worker.unref();
    if (error) waiting.reject(rebuilt(error));
    else waiting.resolve(result);
  }
}
