import {
  linkSync,
  mkdirSync,
  readFileSync,
  rmdirSync,
  statSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';

/**
 * The embedded database has one writer. Whoever opens DATA_DIR (the server or a
 * staff command) first owns it through `owner.lock` in the folder, which names
 * the owner's process; nobody else opens it until the owner is gone.
 */
export const ownerLockName = 'owner.lock';

/**
 * Who holds DATA_DIR: the server, or the staff command (e.g. `agencies:link`)
 * running alone. `start` is when the process started, where the system tells
 * (Linux): a pid reused by an unrelated process after a crash is not the owner.
 */
export type DataDirOwner = { pid: number; role: string; start?: string };

export class DataDirInUse extends Error {
  constructor(
    readonly dataDir: string,
    readonly owner: DataDirOwner,
  ) {
    super(
      `The embedded database in DATA_DIR ${dataDir} is in use by ${describeOwner(owner)}: it takes one writer only.`,
    );
  }
}

export function describeOwner(owner: DataDirOwner): string {
  return owner.role === 'server'
    ? `the server (process ${owner.pid})`
    : `the staff command ${owner.role} (process ${owner.pid})`;
}

export type DataDirOwnership = { release(): void };

/** A takeover left behind by a process that died in the middle of it is this old at most. */
const takeoverStaleMs = 10_000;

/**
 * Makes this process the owner of `dataDir`, or throws {@link DataDirInUse}
 * naming the live owner. The lock file appears with its content in one step
 * (a hard link of a finished file), so nobody reads a half-written owner; a
 * lock whose process is gone (killed, crashed) is taken over. Released by
 * `release()` and, should the process end without it, on exit.
 */
export function claimDataDir(dataDir: string, role: string): DataDirOwnership {
  mkdirSync(dataDir, { recursive: true });
  const lockPath = join(dataDir, ownerLockName);
  const start = processStart(process.pid);
  const mine: DataDirOwner = { pid: process.pid, role, ...(start === undefined ? {} : { start }) };
  const draft = `${lockPath}.${process.pid}`;
  writeFileSync(draft, `${JSON.stringify(mine)}\n`, { mode: 0o600 });
  try {
    for (let attempt = 0; ; attempt += 1) {
      try {
        linkSync(draft, lockPath);
        break;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      }
      const owner = readOwner(lockPath);
      if (owner !== undefined && isAlive(owner)) throw new DataDirInUse(dataDir, owner);
      // Gone (or unreadable): remove it, unless another process is taking it over right now.
      if (attempt >= 3 || !removeStaleLock(lockPath, owner)) {
        throw new DataDirInUse(dataDir, readOwner(lockPath) ?? { pid: 0, role: 'unknown' });
      }
    }
  } finally {
    unlinkSync(draft);
  }
  let held = true;
  const release = () => {
    if (!held) return;
    held = false;
    process.off('exit', release);
    // Only our own lock: never one a later owner took over.
    if (readOwner(lockPath)?.pid === process.pid) unlinkSync(lockPath);
  };
  process.on('exit', release);
  return { release };
}

/** The owner named in the lock file; undefined when there is none or it cannot be read. */
export function readOwner(lockPath: string): DataDirOwner | undefined {
  try {
    const owner = JSON.parse(readFileSync(lockPath, 'utf8')) as Partial<DataDirOwner>;
    if (!Number.isSafeInteger(owner.pid) || typeof owner.role !== 'string') return undefined;
    return {
      pid: owner.pid!,
      role: owner.role,
      ...(typeof owner.start === 'string' ? { start: owner.start } : {}),
    };
  } catch {
    return undefined;
  }
}

function isAlive(owner: DataDirOwner): boolean {
  if (owner.pid === process.pid) return true;
  try {
    process.kill(owner.pid, 0);
  } catch (error) {
    // EPERM: it exists, under another user.
    if ((error as NodeJS.ErrnoException).code === 'ESRCH') return false;
  }
  const start = owner.start === undefined ? undefined : processStart(owner.pid);
  return start === undefined || start === owner.start;
}

/** When a process started (clock ticks since boot, from /proc); undefined where there is no /proc. */
export function processStart(pid: number): string | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The name (field 2) may hold spaces and parentheses: count fields after its last ')'.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
  } catch {
    return undefined;
  }
}

/**
 * Removes a stale lock under a takeover folder (made atomically), so that of
 * two processes finding the same dead owner only one removes the lock, and
 * never the new owner's. False when another takeover is under way.
 */
function removeStaleLock(lockPath: string, stale: DataDirOwner | undefined): boolean {
  const takeover = `${lockPath}.takeover`;
  try {
    mkdirSync(takeover);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    if (Date.now() - mtimeOf(takeover) < takeoverStaleMs) return false;
    rmdirSync(takeover);
    mkdirSync(takeover);
  }
  try {
    const now = readOwner(lockPath);
    if (now?.pid === stale?.pid && now?.role === stale?.role) unlinkIfPresent(lockPath);
    return true;
  } finally {
    rmdirSync(takeover);
  }
}

function mtimeOf(path: string): number {
  try {
    return statSync(path).mtimeMs;
  } catch {
    return 0;
  }
}

function unlinkIfPresent(path: string): void {
  try {
    unlinkSync(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
}
