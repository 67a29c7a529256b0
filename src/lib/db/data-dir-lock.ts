/**
 * PGlite is one process's database: two processes opening one data directory corrupt it. Every
 * process that opens a `pglite:<dir>` database first takes this lock, a file next to the
 * directory (`<dir>.lock`) created atomically, holding who took it. A lock whose process is gone
 * is taken over. See docs/decisions/0041-one-process-per-embedded-database.md.
 */

import { randomBytes } from 'node:crypto';
import {
  closeSync,
  fsyncSync,
  linkSync,
  openSync,
  renameSync,
  statSync,
  unlinkSync,
  writeSync,
} from 'node:fs';
import path from 'node:path';
import {
  DataDirLockedError,
  holderAlive,
  lockFileOf,
  readHolder,
  thisProcess,
  type LockHolder,
} from './lock-holder';
import { realNow } from '../clock';

export { DataDirLockedError, lockFileOf, type LockHolder } from './lock-holder';

export type DataDirLock = {
  readonly dir: string;
  readonly file: string;
  readonly holder: LockHolder;
  /** Records that this process serves HTTP at `url`, with a token for its local-only calls. */
  advertiseServer(url: string): { url: string; token: string };
  /** Removes the lock file (only while it is still this lock). */
  release(): void;
};

const TAKEOVER_STALE_MS = 10_000;
// On globalThis: Next may load this module in several bundles of one process, and all of them
// must know which locks the process holds.
const KEY = Symbol.for('storefront.data-dir-locks');
type Holder = { [KEY]?: { held: Map<string, DataDirLock>; exitHook: boolean } };
const state = ((globalThis as Holder)[KEY] ??= { held: new Map(), exitHook: false });
const held = state.held;

/** Writes `content` to a new file at `file`; false when the file exists. Atomic: link(2). */
function createExclusive(file: string, content: string): boolean {
  const temp = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  writeDurably(temp, content, 'wx');
  try {
    linkSync(temp, file);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  } finally {
    unlinkSync(temp);
  }
}

function writeDurably(file: string, content: string, flags: string) {
  const fd = openSync(file, flags, 0o600);
  try {
    writeSync(fd, content);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

function sleepSync(ms: number) {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

/**
 * Removes a dead holder's (or an unreadable) lock. Two processes may find the same stale lock at
 * once; a short second lock (`.takeover`) lets one of them re-read and remove it, so neither
 * removes the fresh lock the other has just made.
 */
function removeStale(file: string, stale: LockHolder | null): void {
  const guard = `${file}.takeover`;
  for (let tries = 0; !createExclusive(guard, String(process.pid)); tries++) {
    try {
      if (realNow().getTime() - statSync(guard).mtimeMs > TAKEOVER_STALE_MS) unlinkSync(guard);
    } catch {
      // gone meanwhile: try again
    }
    if (tries > 100) return; // someone else is taking over; the caller's next attempt sees it
    sleepSync(20);
  }
  try {
    const now = readHolder(file);
    if (stale ? now?.nonce === stale.nonce : now === null) unlinkSync(file);
  } catch {
    // already gone
  } finally {
    unlinkSync(guard);
  }
}

/**
 * Takes the lock of a PGlite data directory, or throws DataDirLockedError naming the live
 * process that holds it. Released by `release()` and, at the latest, when this process exits.
 */
export function acquireDataDirLock(dir: string): DataDirLock {
  const absolute = path.resolve(dir);
  const file = lockFileOf(absolute);
  const holder: LockHolder = thisProcess();
  const heldHere = (nonce: string) => [...held.values()].some((l) => l.holder.nonce === nonce);
  for (let attempt = 0; ; attempt++) {
    if (createExclusive(file, JSON.stringify(holder, null, 2))) break;
    const current = readHolder(file);
    if (current && holderAlive(current, heldHere)) {
      throw new DataDirLockedError(absolute, current);
    }
    if (attempt >= 5) {
      throw new Error(`Cannot take the lock ${file}: it keeps changing. Try again.`);
    }
    // Unreadable: gone meanwhile, or damaged (the file is only ever replaced whole). Look twice.
    if (current || attempt >= 1) removeStale(file, current);
    else sleepSync(50);
  }

  const lock: DataDirLock = {
    dir: absolute,
    file,
    holder,
    advertiseServer(url) {
      const server = { url, token: randomBytes(32).toString('base64url') };
      Object.assign(holder, { server });
      // Replace, never rewrite in place: a reader sees the old or the new file, whole.
      const temp = `${file}.${process.pid}.tmp`;
      writeDurably(temp, JSON.stringify(holder, null, 2), 'w');
      renameSync(temp, file);
      return server;
    },
    release() {
      if (held.get(file) !== lock) return;
      held.delete(file);
      try {
        if (readHolder(file)?.nonce === holder.nonce) unlinkSync(file);
      } catch {
        // already gone
      }
    },
  };
  held.set(file, lock);
  if (!state.exitHook) {
    state.exitHook = true;
    process.on('exit', () => {
      for (const each of [...held.values()]) each.release();
    });
  }
  return lock;
}
