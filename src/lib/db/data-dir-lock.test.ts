import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  acquireDataDirLock,
  DataDirLockedError,
  lockFileOf,
  type LockHolder,
} from './data-dir-lock';

const base = mkdtempSync(path.join(tmpdir(), 'storefront-lockfile-'));
let n = 0;
const freshDir = () => path.join(base, `db${n++}`);

afterAll(() => rmSync(base, { recursive: true, force: true }));

function foreignLock(dir: string, holder: Partial<LockHolder>) {
  const full: LockHolder = {
    pid: 1,
    hostname: 'vm',
    command: 'node scripts/serve.mjs',
    argv: ['/usr/bin/node', '/srv/storefront/scripts/serve.mjs'],
    startedAt: '2026-11-20T10:00:00.000Z',
    nonce: 'earlier',
    ...holder,
  };
  writeFileSync(lockFileOf(dir), JSON.stringify(full));
}

function lockedError(dir: string): DataDirLockedError {
  try {
    acquireDataDirLock(dir).release();
  } catch (error) {
    if (error instanceof DataDirLockedError) return error;
    throw error;
  }
  throw new Error('the lock was taken');
}

describe('the lock of an embedded database directory', () => {
  it('is a file beside the directory, naming this process, gone after release', () => {
    const dir = freshDir();
    const lock = acquireDataDirLock(dir);
    const written = JSON.parse(readFileSync(`${dir}.lock`, 'utf8')) as LockHolder;
    expect(written).toMatchObject({
      pid: process.pid,
      argv: process.argv,
      nonce: lock.holder.nonce,
    });
    lock.release();
    expect(existsSync(`${dir}.lock`)).toBe(false);
  });

  it('is not taken twice by one process', () => {
    const dir = freshDir();
    const lock = acquireDataDirLock(dir);
    try {
      expect(lockedError(dir).message).toContain('This process has it open already');
    } finally {
      lock.release();
    }
  });

  it('is taken over from a process that has exited', () => {
    const dir = freshDir();
    const gone = spawnSync(process.execPath, ['-e', '']).pid!;
    foreignLock(dir, { pid: gone, hostname: hostname() });
    const lock = acquireDataDirLock(dir);
    expect(JSON.parse(readFileSync(`${dir}.lock`, 'utf8')).pid).toBe(process.pid);
    lock.release();
  });

  it('is taken over from an earlier process that had the same pid, or whose pid now runs another program', () => {
    const host = hostname();
    const samePid = freshDir();
    foreignLock(samePid, { pid: process.pid, hostname: host });
    acquireDataDirLock(samePid).release();

    const otherProcess = freshDir();
    foreignLock(otherProcess, { pid: process.ppid, hostname: host, processStart: 1 });
    acquireDataDirLock(otherProcess).release();
  });

  it('is left to a live holder that has renamed itself (as the server does)', async () => {
    const dir = freshDir();
    const lockModule = path.resolve(import.meta.dirname, 'data-dir-lock.ts');
    const child = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        '--input-type=module',
        '-e',
        `const { acquireDataDirLock } = await import(${JSON.stringify(lockModule)});
         process.title = 'next-server (storefront)';
         acquireDataDirLock(${JSON.stringify(dir)});
         console.log('held');
         setInterval(() => {}, 1000);`,
      ],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    try {
      await new Promise<void>((resolve, reject) => {
        child.stdout!.on('data', (d: Buffer) => d.toString().includes('held') && resolve());
        child.on('exit', () => reject(new Error('the holder exited')));
      });
      expect(lockedError(dir).message).toContain(`in use by process ${child.pid} `);
    } finally {
      child.kill('SIGKILL');
    }
  });

  it('is left alone when its holder is on another machine, with the way out in the message', () => {
    const dir = freshDir();
    foreignLock(dir, { pid: 4242, hostname: 'elsewhere' });
    const error = lockedError(dir);
    expect(error.message).toContain('in use by process 4242 on elsewhere (node scripts/serve.mjs');
    expect(error.message).toContain(
      `If it is gone (say, its container was replaced), remove ${dir}.lock`,
    );
    expect(JSON.parse(readFileSync(`${dir}.lock`, 'utf8')).nonce).toBe('earlier');
  });

  it('records the server of its holder, replacing the file whole', () => {
    const dir = freshDir();
    const lock = acquireDataDirLock(dir);
    const server = lock.advertiseServer('http://127.0.0.1:3000');
    expect(server.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(JSON.parse(readFileSync(`${dir}.lock`, 'utf8')).server).toEqual(server);
    lock.release();
  });
});
