import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { hostname } from 'node:os';
import path from 'node:path';
import { realNow } from '../clock';

/** Who holds the lock of an embedded database directory (data-dir-lock.ts), and whether it lives. */

/** The lock file of a data directory: beside it, since PGlite's initdb wants the directory empty. */
export function lockFileOf(dir: string): string {
  const absolute = path.resolve(dir);
  return path.join(path.dirname(absolute), `${path.basename(absolute)}.lock`);
}

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
  readonly code = 'data_dir_locked';

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

/** The holder a lock file names, or null when there is no readable lock. */
export function readHolder(file: string): LockHolder | null {
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

/** A command line as a person would type it: paths inside the working directory relative. */
function commandLine(argv: string[]): string {
  const [exe, ...rest] = argv;
  const relative = rest.map((arg) =>
    path.isAbsolute(arg) && arg.startsWith(process.cwd() + path.sep)
      ? path.relative(process.cwd(), arg)
      : arg,
  );
  return [path.basename(exe ?? 'node'), ...relative].join(' ');
}

/**
 * Whether the process named by a lock is still running (as far as this machine can tell).
 * `heldHere` says whether this process holds the lock with that nonce.
 */
export function holderAlive(holder: LockHolder, heldHere: (nonce: string) => boolean): boolean {
  if (holder.hostname !== hostname()) return true; // cannot look: assume it is
  // Our own pid: this process, or an earlier one that had the same pid (containers reuse pids).
  if (holder.pid === process.pid) {
    return heldHere(holder.nonce);
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

/** This process, as a new lock's file describes it. */
export function thisProcess(): LockHolder {
  return {
    pid: process.pid,
    hostname: hostname(),
    command: commandLine(process.argv),
    argv: process.argv,
    processStart: processStartOf(process.pid),
    startedAt: realNow().toISOString(),
    nonce: randomBytes(12).toString('hex'),
  };
}
