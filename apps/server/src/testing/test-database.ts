import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { inject } from 'vitest';
import { loadConfig } from '../config.js';
import { openDatabase, type DatabaseHandle } from '../db/client.js';

export type TestDatabase = DatabaseHandle & {
  /** Connection string of the test's own PostgreSQL database; undefined for the in-memory embedded one. */
  url: string | undefined;
  /** Closes it and, on PostgreSQL, drops it. */
  dispose(): Promise<void>;
};

/** The PostgreSQL server the suite runs against, if DATABASE_URL is set. */
export const serverUrl = loadConfig(process.env).databaseUrl;

/**
 * A fresh, migrated database for one test file: an in-memory embedded
 * database, or with DATABASE_URL a new database on that server, dropped again
 * by `dispose`.
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  if (serverUrl === undefined) {
    const template = inject('embeddedTemplate');
    const handle = await openDatabase({ template: new Blob([readFileSync(template)]) });
    return { ...handle, url: undefined, dispose: () => handle.close() };
  }
  const name = `club_test_${randomBytes(6).toString('hex')}`;
  await adminQuery(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ databaseUrl: url.toString() });
  await handle.migrate();
  return {
    ...handle,
    url: url.toString(),
    dispose: async () => {
      await handle.close();
      await adminQuery(`drop database if exists ${name} with (force)`);
    },
  };
}

/** Creates an empty (unmigrated) database on the server; for migration tests. */
export async function createEmptyServerDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  if (serverUrl === undefined) throw new Error('DATABASE_URL is not set');
  const name = `club_test_${randomBytes(6).toString('hex')}`;
  await adminQuery(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => adminQuery(`drop database if exists ${name} with (force)`),
  };
}

async function adminQuery(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}
