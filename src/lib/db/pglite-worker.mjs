// The embedded database (PGlite) runs here, in a worker thread of the server's process, so that
// its statements, which PGlite executes synchronously in WebAssembly, run beside the server's
// thread instead of holding it (docs/decisions/0106). The server's side is pglite-thread.ts: it
// sends each statement here and awaits the answer. This file is plain JavaScript because it is
// loaded by path at run time, outside the app's bundle.
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';

const { dataDir, options } = workerData;
const db = new PGlite(dataDir ? { ...options, dataDir } : options);
/** Open transactions by id: each resolves (commit) or rejects (roll back) when its end arrives. */
const transactions = new Map();
let nextTransaction = 1;

/** An error as plain data: its message and what PostgreSQL said (code, detail, constraint...). */
function plain(error) {
  if (!(error instanceof Error)) return { message: String(error) };
  const fields = { name: error.name, message: error.message };
  for (const [key, value] of Object.entries(error)) {
    if (value === null || ['string', 'number', 'boolean'].includes(typeof value))
      fields[key] = value;
  }
  return fields;
}

/** Drizzle keeps dates, timestamps and intervals as PostgreSQL's text: those types' OIDs. */
function queryOptions(options) {
  if (!options) return undefined;
  const { textTypes, ...rest } = options;
  if (!textTypes?.length) return rest;
  return { ...rest, parsers: Object.fromEntries(textTypes.map((oid) => [oid, (v) => v])) };
}

const ROLLBACK = Symbol('rollback');

async function run(message) {
  const target = message.tx ? transactions.get(message.tx)?.tx : db;
  switch (message.op) {
    case 'query':
      if (!target) throw new Error('the transaction has ended');
      return target.query(message.sql, message.params, queryOptions(message.options));
    case 'exec':
      if (!target) throw new Error('the transaction has ended');
      return target.exec(message.sql, queryOptions(message.options));
    case 'begin': {
      const id = nextTransaction++;
      const open = {};
      transactions.set(id, open);
      await new Promise((opened, failed) => {
        open.done = db
          .transaction(
            (tx) =>
              new Promise((commit, rollBack) => {
                Object.assign(open, { tx, commit, rollBack });
                opened();
              }),
          )
          .finally(() => transactions.delete(id));
        // A transaction that could not begin fails here; one that ended is seen by its end.
        open.done.catch(failed);
      });
      return { tx: id };
    }
    case 'end': {
      const open = transactions.get(message.tx);
      if (!open?.commit) throw new Error('the transaction has ended');
      if (message.commit) open.commit();
      else open.rollBack(ROLLBACK);
      try {
        await open.done;
      } catch (error) {
        if (error !== ROLLBACK) throw error;
      }
      return null;
    }
    case 'close':
      await db.close();
      return null;
    default:
      throw new Error(`unknown operation ${message.op}`);
  }
}

parentPort.on('message', (message) => {
  run(message).then(
    (result) => parentPort.postMessage({ id: message.id, result }),
    (error) => parentPort.postMessage({ id: message.id, error: plain(error) }),
  );
});

db.waitReady.then(
  () => parentPort.postMessage({ ready: true }),
  (error) => parentPort.postMessage({ ready: false, error: plain(error) }),
);
