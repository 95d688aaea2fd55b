import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../testing/test-database.js';
import { rowsOf } from './rows.js';

const serverUrl = process.env.DATABASE_URL;

describe.runIf(serverUrl !== undefined)('statements on a PostgreSQL server', () => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase();
  });
  afterAll(() => t.dispose());

  it('are prepared by name once run again, and answer as before', async () => {
    const text = 'select $1::int + 1 as next';
    const answers: number[] = [];
    const prepared = await t.db.transaction(async (tx) => {
      // One connection: it prepares the name on the text's second use.
      for (const value of [1, 2, 3]) {
        const [row] = rowsOf<{ next: number }>(
          await tx.execute(sql`select ${value}::int + 1 as next`),
        );
        answers.push(row!.next);
      }
      return rowsOf<{ name: string; statement: string }>(
        await tx.execute(sql`select name, statement from pg_prepared_statements`),
      );
    });
    expect(answers).toEqual([2, 3, 4]);
    const names = prepared.filter((row) => row.statement === text).map((row) => row.name);
    expect(names).toHaveLength(1);
    expect(names[0]).toMatch(/^club_auto_\d+$/);
  });

  it('leave simple statements without values as they are', async () => {
    const prepared = await t.db.transaction(async (tx) => {
      for (let i = 0; i < 3; i++) await tx.execute(sql.raw('select 1; select 2'));
      return rowsOf<{ statement: string }>(
        await tx.execute(sql`select statement from pg_prepared_statements`),
      );
    });
    expect(prepared.map((row) => row.statement)).not.toContain('select 1; select 2');
  });
});
