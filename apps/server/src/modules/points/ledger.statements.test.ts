import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inArray } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { createAgent } from '../../testing/factories.js';
import { createTestDatabase, type TestDatabase } from '../../testing/test-database.js';
import { countedStatements } from '../../testing/counted-statements.js';
import { LedgerSession } from './ledger.js';
import { pointEntries } from './schema.js';

/**
 * How many statements the ledger sends: every change of points goes through
 * it, so each of its round trips is paid by every order, import and
 * adjustment (decision 033). What it writes is tested in ledger.test.ts; here
 * only that it stays this few.
 */
let database: TestDatabase;
let db: Database;
beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
});
afterAll(() => database.dispose());

describe('the statements of the ledger', () => {
  it('open a member with a balance in one statement, and flush a spend and a credit in one', async () => {
    const agent = await createAgent(db);
    await db.transaction(async (tx) => {
      const session = await LedgerSession.open(tx, [agent.id], '2026-01-10');
      session.credit(agent.id, { kind: 'segment', amount: 30 });
      await session.flush();
    });
    const counted = countedStatements(database);
    let written = 0;
    let opened = 0;
    let entryIds: number[] = [];
    const balance = await counted.db.transaction(async (tx) => {
      const start = counted.count();
      const session = await LedgerSession.open(tx, [agent.id], '2026-02-10');
      opened = counted.count() - start;
      session.debit(agent.id, { kind: 'order', amount: 12 });
      session.credit(agent.id, { kind: 'additional', amount: 5 });
      const before = counted.count();
      entryIds = await session.flush();
      written = counted.count() - before;
      return session.balance(agent.id);
    });
    // The balance row locked and the lots read in one statement: a member with a balance row.
    expect(opened).toBe(1);
    expect(written).toBe(1);
    expect(balance).toMatchObject({ available: 23, used: 12 });
    const entries = await db
      .select({ id: pointEntries.id })
      .from(pointEntries)
      .where(inArray(pointEntries.id, entryIds));
    expect(entries).toHaveLength(2);
  });
});
