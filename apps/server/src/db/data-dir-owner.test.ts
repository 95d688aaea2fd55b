import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { openDatabase } from './client.js';
import { claimDataDir, DataDirInUse, ownerLockName, processStart } from './data-dir-owner.js';

/** The embedded database's one owner: the lock in DATA_DIR. */

const root = mkdtempSync(join(tmpdir(), 'club-owner-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
let folders = 0;
const folder = () => join(root, `data-${(folders += 1)}`);
const lockOf = (dataDir: string) => join(dataDir, ownerLockName);

/** The pid of a process that has ended. */
function deadPid(): number {
  const ended = spawnSync(process.execPath, ['-e', '']);
  return ended.pid;
}

describe('the owner of DATA_DIR', () => {
  it('is named in the lock until released; nobody else claims it meanwhile', () => {
    const dataDir = folder();
    const ownership = claimDataDir(dataDir, 'server');
    expect(JSON.parse(readFileSync(lockOf(dataDir), 'utf8'))).toEqual({
      pid: process.pid,
      role: 'server',
      start: processStart(process.pid),
    });
    let refusal: unknown;
    try {
      claimDataDir(dataDir, 'agencies:link');
    } catch (error) {
      refusal = error;
    }
    expect(refusal).toBeInstanceOf(DataDirInUse);
    expect((refusal as DataDirInUse).owner).toMatchObject({ pid: process.pid, role: 'server' });
    expect((refusal as DataDirInUse).message).toBe(
      `The embedded database in DATA_DIR ${dataDir} is in use by the server (process ${process.pid}): it takes one writer only.`,
    );
    ownership.release();
    expect(existsSync(lockOf(dataDir))).toBe(false);
    claimDataDir(dataDir, 'agencies:link').release();
  });

  it('refuses while the process named in the lock lives', async () => {
    const dataDir = folder();
    const sleeper = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)']);
    try {
      claimDataDir(dataDir, 'x').release();
      writeFileSync(lockOf(dataDir), JSON.stringify({ pid: sleeper.pid, role: 'content:load' }));
      expect(() => claimDataDir(dataDir, 'server')).toThrow(
        `is in use by the staff command content:load (process ${sleeper.pid})`,
      );
      const start = processStart(sleeper.pid!);
      expect(start).toMatch(/^\d+$/);
      writeFileSync(lockOf(dataDir), JSON.stringify({ pid: sleeper.pid, role: 'server', start }));
      expect(() => claimDataDir(dataDir, 'server')).toThrow(DataDirInUse);
    } finally {
      sleeper.kill();
      await new Promise((resolve) => sleeper.once('exit', resolve));
    }
  });

  it('takes over the lock of a process that is gone, or an unreadable one', () => {
    const dataDir = folder();
    claimDataDir(dataDir, 'x').release();
    writeFileSync(lockOf(dataDir), JSON.stringify({ pid: deadPid(), role: 'server' }));
    const ownership = claimDataDir(dataDir, 'server');
    expect(JSON.parse(readFileSync(lockOf(dataDir), 'utf8'))).toMatchObject({ pid: process.pid });
    ownership.release();
    writeFileSync(lockOf(dataDir), 'not a lock');
    claimDataDir(dataDir, 'server').release();
    expect(existsSync(lockOf(dataDir))).toBe(false);
  });

  it('takes over a lock whose pid now belongs to another process (started at another time)', async () => {
    const dataDir = folder();
    const stranger = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)']);
    try {
      claimDataDir(dataDir, 'x').release();
      writeFileSync(
        lockOf(dataDir),
        JSON.stringify({ pid: stranger.pid, role: 'server', start: '1' }),
      );
      const ownership = claimDataDir(dataDir, 'server');
      expect(JSON.parse(readFileSync(lockOf(dataDir), 'utf8'))).toMatchObject({
        pid: process.pid,
      });
      ownership.release();
    } finally {
      stranger.kill();
      await new Promise((resolve) => stranger.once('exit', resolve));
    }
  });

  it('never removes a lock that another owner took over', () => {
    const dataDir = folder();
    const ownership = claimDataDir(dataDir, 'server');
    const other = JSON.stringify({ pid: deadPid(), role: 'server' });
    writeFileSync(lockOf(dataDir), other);
    ownership.release();
    expect(readFileSync(lockOf(dataDir), 'utf8')).toBe(other);
  });

  it('is taken by opening the embedded database and given back by closing it', async () => {
    const dataDir = folder();
    // A copy of the suite's migrated database: no initdb.
    const template = new Blob([readFileSync(inject('embeddedTemplate'))]);
    const database = await openDatabase({ dataDir, owner: 'gifts:tax', template });
    try {
      expect(JSON.parse(readFileSync(lockOf(dataDir), 'utf8'))).toMatchObject({
        pid: process.pid,
        role: 'gifts:tax',
      });
      await expect(openDatabase({ dataDir })).rejects.toBeInstanceOf(DataDirInUse);
    } finally {
      await database.close();
    }
    expect(existsSync(lockOf(dataDir))).toBe(false);
  });
});
