import { drizzle as drizzleNodePostgres } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import type { PGlite } from '@electric-sql/pglite';
import type pg from 'pg';
import type { Database, DatabaseHandle } from '../db/client.js';
import * as schema from '../db/schema.js';

/**
 * The same database seen through a second Drizzle instance that counts the
 * statements it sends: for tests of how many round trips a read makes, where
 * every statement of a hot path counts (a gift order makes about twenty).
 */
export function countedStatements(handle: DatabaseHandle): { db: Database; count(): number } {
  let statements = 0;
  const logger = { logQuery: () => void (statements += 1) };
  const options = { schema, casing: 'snake_case', logger } as const;
  const client = (handle.db as unknown as { $client: unknown }).$client;
  const db =
    handle.kind === 'embedded'
      ? (drizzlePglite({ client: client as PGlite, ...options }) as unknown as Database)
      : (drizzleNodePostgres({ client: client as pg.Pool, ...options }) as unknown as Database);
  return { db, count: () => statements };
}
