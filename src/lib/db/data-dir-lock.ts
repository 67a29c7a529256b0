import { randomBytes } from 'node:crypto';
import {
  closeSync,
  fsyncSync,
  linkSync,
  openSync,
  readFileSync,
  renameSync,
  statSync,
  unlinkSync,
  writeSync,
} from 'node:fs';
import { hostname } from 'node:os';
import path from 'node:path';

/**
 * PGlite is one process's database: two processes opening one data directory corrupt it. Every
 * process that opens a `pglite:<dir>` database first takes this lock, a file next to the
 * directory (`<dir>.lock`) created atomically, holding who took it. A lock whose process is gone
 * is taken over. See docs/decisions/0041-one-process-per-embedded-database.md.
 */

/** What the lock file says about its holder. */
export type LockHolder = {
  pid: number;
  hostname: string;
  /** The holder's command line as a person would type it, for the message. */
  command: string;
  argv: string[];
  /**
   * When the holder's process started, in clock ticks since boot (Linux `/proc/<pid>/stat`): a
   * pid that runs a process started at another time is a reused pid, and the lock is stale.
   */
  processStart?: number;
  startedAt: string;
  /** Tells this lock from an earlier one of the same pid. */
  nonce: string;
  /** Set by a server: where it answers, and the token of its local-only calls. */
  server?: { url: string; token: string };
};

export class DataDirLockedError extends Error {
  constructor(
    readonly dir: string,
    readonly holder: LockHolder,
  ) {
    const here = holder.hostname === hostname();
    const who = `process ${holder.pid}${here ? '' : ` on ${holder.hostname}`} (${holder.command}, since ${holder.startedAt})`;
    const lines = [
      `The database in ${dir} is in use by ${who}.`,
      'An embedded (PGlite) database can be open in only one process at a time.',
    ];
    if (holder.pid === process.pid && here) {
      lines.push('This process has it open already: use that connection.');
    } else {
      lines.push(
        `Stop that process first${here ? ` (kill ${holder.pid})` : ''} and run this again, ` +
          'or point DATABASE_URL at another directory or a PostgreSQL server.',
      );
    }
    if (!here) {
      lines.push(
        `This machine cannot see that process. If it is gone (say, its container was replaced), remove ${lockFileOf(dir)}.`,
      );
    }
    super(lines.join('\n'));
    this.name = 'DataDirLockedError';
  }
}

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

export function lockFileOf(dir: string): string {
  const absolute = path.resolve(dir);
  return path.join(path.dirname(absolute), `${path.basename(absolute)}.lock`);
}

/** The lock's holder as written in its file, or null when there is no readable lock. */
export function readDataDirLock(dir: string): LockHolder | null {
  return readHolder(lockFileOf(dir));
}

function readHolder(file: string): LockHolder | null {
  let text;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    return null;
  }
  try {
    const parsed = JSON.parse(text) as LockHolder;
    return typeof parsed.pid === 'number' && typeof parsed.nonce === 'string' ? parsed : null;
  } catch {
    return null;
  }
}

function commandLine(argv: string[]): string {
  const [exe, ...rest] = argv;
  const relative = rest.map((arg) =>
    path.isAbsolute(arg) && arg.startsWith(process.cwd() + path.sep)
      ? path.relative(process.cwd(), arg)
      : arg,
  );
  return [path.basename(exe ?? 'node'), ...relative].join(' ');
}

/** Whether the process named by a lock is still running (as far as this machine can tell). */
function holderAlive(holder: LockHolder): boolean {
  if (holder.hostname !== hostname()) return true; // cannot look: assume it is
  // Our own pid: this process, or an earlier one that had the same pid (containers reuse pids).
  if (holder.pid === process.pid) {
    return [...held.values()].some((lock) => lock.holder.nonce === holder.nonce);
  }
  try {
    process.kill(holder.pid, 0);
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
  // The pid runs, but after a restart it may be another process. Its start time tells (its
  // command line would not: a process may rename itself, as the server does with process.title).
  const started = processStartOf(holder.pid);
  return started === undefined || holder.processStart === undefined
    ? true // no /proc (macOS): the pid is alive, trust it
    : started === holder.processStart;
}

/** A process's start time in clock ticks since boot, where /proc tells it. */
function processStartOf(pid: number): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // "pid (comm) state ppid ...": comm may hold spaces and parentheses; starttime is field 22.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const value = Number(fields[22 - 3]);
    return Number.isFinite(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

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
      if (Date.now() - statSync(guard).mtimeMs > TAKEOVER_STALE_MS) unlinkSync(guard);
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
  const holder: LockHolder = {
    pid: process.pid,
    hostname: hostname(),
    command: commandLine(process.argv),
    argv: process.argv,
    processStart: processStartOf(process.pid),
    startedAt: new Date().toISOString(),
    nonce: randomBytes(12).toString('hex'),
  };
  for (let attempt = 0; ; attempt++) {
    if (createExclusive(file, JSON.stringify(holder, null, 2))) break;
    const current = readHolder(file);
    if (current && holderAlive(current)) throw new DataDirLockedError(absolute, current);
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

/** The lock this process holds on `dir`, if any. */
export function heldDataDirLock(dir: string): DataDirLock | undefined {
  return held.get(lockFileOf(dir));
}
