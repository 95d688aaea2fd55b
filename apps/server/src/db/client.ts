import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzleNodePostgres } from 'drizzle-orm/node-postgres';
import * as schema from './schema.js';
import { migrateEmbedded, migrateServer } from './migrate.js';
import { WatchedPool } from './watchdog.js';
import { namingClient } from './server-statements.js';
import { claimDataDir } from './data-dir-owner.js';
import { createDatabaseApart, embeddedStartParams, hasDatabase } from './embedded-memory.js';
import { embeddedParsers, withNamedStatements } from './embedded-statements.js';

/** What the code sees of the database: the same for the embedded database and a PostgreSQL server. */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

/**
 * A database transaction: what a function takes when its writes must commit
 * or roll back with its caller's (the mail outbox, the ledger). A `Database`
 * is not one, so the type checker refuses a call outside a transaction.
 */
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

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
  /**
   * Data folder of the embedded database; absent keeps it in memory (tests). Opening it makes
   * this process its one owner until `close()`: it throws `DataDirInUse` while another owns it.
   */
  dataDir?: string | undefined;
  /** Who opens the data folder, named to whoever finds it in use: `server` or the staff command. */
  owner?: string;
  /** Tests: start the in-memory embedded database from this data-folder archive (already migrated). */
  template?: Blob;
  /** Called with errors of pooled connections (idle or checked out), which would otherwise crash the process. */
  onPoolError?: (error: Error) => void;
  /**
   * PostgreSQL: fail fast when the server stops answering. A probe not answered within this
   * time makes every connection request fail at once (503) until the server answers again
   * ({@link WatchedPool}). Absent: requests wait for the connection timeout (commands, tests).
   */
  answerTimeoutMs?: number | undefined;
  /** Told when the database stops or starts answering (with `answerTimeoutMs`). */
  onAnsweringChange?: (answering: boolean, reason: string) => void;
};

const drizzleOptions = { schema, casing: 'snake_case' } as const;

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.databaseUrl !== undefined) {
    const poolConfig = {
      connectionString: options.databaseUrl,
      max: 10,
      connectionTimeoutMillis: 5000,
      // Statements run again are prepared by name (decision 033).
      Client: namingClient(),
    };
    const pool =
      options.answerTimeoutMs === undefined
        ? new pg.Pool(poolConfig)
        : new WatchedPool(poolConfig, {
            connectionString: options.databaseUrl,
            answerTimeoutMs: options.answerTimeoutMs,
            onChange: options.onAnsweringChange,
          });
    // pg-pool listens for errors of idle connections only. A connection that dies while it is
    // checked out and between statements (a transaction's code running, PostgreSQL restarted)
    // emits 'error' on its client, which would crash the process without a listener; the next
    // statement on it then fails and the broken connection is dropped when it is released.
    const reported = new WeakSet<Error>();
    const report = (error: Error) => {
      if (reported.has(error)) return;
      reported.add(error);
      options.onPoolError?.(error);
    };
    pool.on('error', report);
    pool.on('connect', (client) => client.on('error', report));
    const db = drizzleNodePostgres({ client: pool, ...drizzleOptions });
    return {
      db,
      kind: 'postgres',
      migrate: () => migrateServer(pool),
      close: () => pool.end(),
    };
  }
  const ownership =
    options.dataDir === undefined
      ? undefined
      : claimDataDir(options.dataDir, options.owner ?? 'server');
  let client: PGlite;
  try {
    // A template is a whole database already: only an empty folder without one is created apart.
    if (
      options.dataDir !== undefined &&
      options.template === undefined &&
      !hasDatabase(options.dataDir)
    ) {
      await createDatabaseApart(options.dataDir);
    }
    client = await PGlite.create(options.dataDir, {
      loadDataDir: options.template,
      startParams: embeddedStartParams(),
      parsers: embeddedParsers,
    });
  } catch (error) {
    ownership?.release();
    throw error;
  }
  const db = drizzlePglite({ client: withNamedStatements(client), ...drizzleOptions });
  return {
    db,
    kind: 'embedded',
    migrate: () => migrateEmbedded(db),
    close: async () => {
      try {
        await client.close();
      } finally {
        ownership?.release();
      }
    },
  };
}
