import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzleNodePostgres } from 'drizzle-orm/node-postgres';
import * as schema from './schema.js';
import { migrateEmbedded, migrateServer } from './migrate.js';

/** What the code sees of the database: the same for the embedded database and a PostgreSQL server. */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

export type DatabaseHandle = {
  db: Database;
  kind: 'embedded' | 'postgres';
  /** Applies the migrations; safe when several processes start together on one server. */
  migrate(): Promise<void>;
  close(): Promise<void>;
};

export type DatabaseOptions = {
  /** `postgres://…`; when absent the embedded database is used. */
  databaseUrl?: string | undefined;
  /** Data folder of the embedded database; absent keeps it in memory (tests). */
  dataDir?: string | undefined;
  /** Tests: start the in-memory embedded database from this data-folder archive (already migrated). */
  template?: Blob;
  /** Called with errors of idle pooled connections, which would otherwise crash the process. */
  onPoolError?: (error: Error) => void;
};

const drizzleOptions = { schema, casing: 'snake_case' } as const;

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.databaseUrl !== undefined) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: 10,
      connectionTimeoutMillis: 5000,
    });
    pool.on('error', (error) => options.onPoolError?.(error));
    const db = drizzleNodePostgres({ client: pool, ...drizzleOptions });
    return {
      db,
      kind: 'postgres',
      migrate: () => migrateServer(pool),
      close: () => pool.end(),
    };
  }
  if (options.dataDir !== undefined) mkdirSync(options.dataDir, { recursive: true });
  const client = await PGlite.create(options.dataDir, { loadDataDir: options.template });
  const db = drizzlePglite({ client, ...drizzleOptions });
  return {
    db,
    kind: 'embedded',
    migrate: () => migrateEmbedded(db),
    close: () => client.close(),
  };
}
