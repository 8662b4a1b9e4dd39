import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * PGlite has no cross-process lock: a second process opening the same folder silently loses writes.
 * Whoever opens the embedded database (the server or a command-line task) first takes this lock file.
 * The server also records its port and an operator token in it, so commands can ask it instead.
 */
export interface LockInfo {
  pid: number;
  port?: number;
  token?: string;
}

export function lockFile(dataDir: string): string {
  return join(dataDir, 'server.lock');
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The live holder of the lock, or null when there is none (a stale lock is removed). */
export function readLock(dataDir: string): LockInfo | null {
  try {
    const info = JSON.parse(readFileSync(lockFile(dataDir), 'utf8')) as LockInfo;
    if (info.pid !== process.pid && isAlive(info.pid)) return info;
    if (info.pid === process.pid) return info;
  } catch {
    // no lock, or an unreadable one left half-written by a crash
  }
  rmSync(lockFile(dataDir), { force: true });
  return null;
}

export class DataDirBusyError extends Error {
  constructor(readonly holder: LockInfo) {
    super(`Another K&B Marine process (pid ${holder.pid}) is using this data folder.`);
  }
}

export interface DataDirLock {
  info: LockInfo;
  update(extra: Omit<LockInfo, 'pid'>): void;
  release(): void;
}

export function acquireLock(dataDir: string): DataDirLock {
  mkdirSync(dataDir, { recursive: true });
  const file = lockFile(dataDir);
  const holder = readLock(dataDir);
  if (holder) throw new DataDirBusyError(holder);
  const info: LockInfo = { pid: process.pid };
  try {
    writeFileSync(file, JSON.stringify(info), { flag: 'wx', mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') throw new DataDirBusyError(readLock(dataDir) ?? info);
    throw error;
  }
  return {
    info,
    update(extra) {
      Object.assign(info, extra);
      writeFileSync(file, JSON.stringify(info), { mode: 0o600 });
    },
    release() {
      rmSync(file, { force: true });
    },
  };
}

export function newOperatorToken(): string {
  return randomBytes(24).toString('base64url');
}
