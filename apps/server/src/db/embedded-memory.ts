import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { PGlite } from '@electric-sql/pglite';

const run = promisify(execFile);

/**
 * The embedded database's buffer pool. PGlite starts PostgreSQL with 128 MB,
 * which it touches at start: that alone is about a third of the server's
 * resident memory. A club's hot rows (content, its members' balances) fit in
 * far less, and pages outside the pool are read from the operating system's
 * file cache (issue 19, bench/memory.ts).
 */
export const embeddedSharedBuffers = '32MB';

/** PGlite's own start parameters, with the smaller buffer pool. */
export function embeddedStartParams(): string[] {
  return [...PGlite.defaultStartParams, '-c', `shared_buffers=${embeddedSharedBuffers}`];
}

/** Whether `dataDir` holds a database already (initdb writes PG_VERSION). */
export function hasDatabase(dataDir: string): boolean {
  return existsSync(join(dataDir, 'PG_VERSION'));
}

/**
 * Creates the database of an empty data folder in a child process. PGlite
 * keeps initdb's WebAssembly memory for as long as the instance that ran it
 * is open (about 400 MB more resident memory for the life of the server);
 * a child process gives it all back when it exits, and the server then opens
 * the folder as on any later start.
 */
export async function createDatabaseApart(dataDir: string): Promise<void> {
  const pglite = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  const script = `const { PGlite } = require(${JSON.stringify(pglite)});
PGlite.create(${JSON.stringify(dataDir)}).then((db) => db.close());`;
  await run(process.execPath, ['--eval', script], { timeout: 120_000 });
}
