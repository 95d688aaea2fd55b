import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { openDatabase } from './client.js';
import { createEmptyServerDatabase, serverUrl } from '../testing/test-database.js';

type Database = Awaited<ReturnType<typeof openDatabase>>['db'];

/** Raw rows: both drivers answer `{ rows }`, which the common database type leaves unknown. */
async function rows<T>(db: Database, query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await db.execute(query)) as { rows: T[] }).rows;
}

async function tableNames(db: Database): Promise<string[]> {
  const result = await rows<{ table_name: string }>(
    db,
    sql`select table_name from information_schema.tables where table_schema = 'public' order by table_name`,
  );
  return result.map((row) => row.table_name);
}

describe('migrations', () => {
  it('apply to an empty embedded database, and a second run finds nothing to do', async () => {
    const database = await openDatabase({});
    try {
      await database.migrate();
      await database.migrate();
      expect(await tableNames(database.db)).toEqual(
        expect.arrayContaining([
          'countries',
          'country_languages',
          'pages',
          'faq_items',
          'texts',
          'content_version',
        ]),
      );
    } finally {
      await database.close();
    }
  });

  it.runIf(serverUrl !== undefined)(
    'run from several processes at once on one PostgreSQL without error',
    async () => {
      const empty = await createEmptyServerDatabase();
      const handles = await Promise.all(
        Array.from({ length: 4 }, () => openDatabase({ databaseUrl: empty.url })),
      );
      try {
        await Promise.all(handles.map((handle) => handle.migrate()));
        const first = handles[0];
        if (first === undefined) throw new Error('no database');
        expect(await tableNames(first.db)).toContain('countries');
        const applied = await rows<{ n: string }>(
          first.db,
          sql`select count(*) as n from drizzle.__drizzle_migrations`,
        );
        expect(Number(applied[0]?.n)).toBeGreaterThan(0);
      } finally {
        await Promise.all(handles.map((handle) => handle.close()));
        await empty.drop();
      }
    },
  );
});
