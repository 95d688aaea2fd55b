import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { commandLineActor } from '../../audit/audit-log.js';
import { createAgent } from '../../../testing/factories.js';
import { createTestDatabase, type TestDatabase } from '../../../testing/test-database.js';
import { auditEntries } from '../../audit/schema.js';
import { pointAdjustments, pointArchives, pointBalances, pointEntries } from '../schema.js';
import { importAdjustments } from './import-adjustments.js';

const actor = commandLineActor('points-tester');
let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.dispose());

describe('points file: additional points and archives', () => {
  it('credits additional points once per reference, with their description', async () => {
    const agent = await createAgent(database.db);
    const lines = [
      JSON.stringify({
        type: 'additional',
        reference: `welcome-${agent.number}`,
        number: agent.number,
        points: 50,
        description: 'Welcome bonus',
      }),
      JSON.stringify({
        type: 'additional',
        reference: `promo-${agent.number}`,
        number: agent.number,
        points: 20,
        description: 'Winter promotion',
      }),
    ];
    expect(await importAdjustments(database.db, lines, '2026-11-22', actor)).toEqual({
      credited: 2,
      archived: 0,
      unchanged: 0,
      rejected: [],
    });
    lines.push(
      JSON.stringify({
        type: 'additional',
        reference: `moved-${agent.number}`,
        number: agent.number,
        points: 5,
        description: 'Moved balance',
        creditedOn: '2024-03-01',
      }),
      JSON.stringify({
        type: 'additional',
        reference: `future-${agent.number}`,
        number: agent.number,
        points: 5,
        description: 'Future',
        creditedOn: '2027-01-01',
      }),
    );
    expect(await importAdjustments(database.db, lines, '2026-11-23', actor)).toEqual({
      credited: 1,
      archived: 0,
      unchanged: 2,
      rejected: [{ line: 4, message: 'creditedOn: must not be in the future' }],
    });
    const [balance] = await database.db
      .select()
      .from(pointBalances)
      .where(eq(pointBalances.agentId, agent.id));
    expect(balance).toMatchObject({ additional: 75, available: 75, regular: 0 });
    const entries = await database.db
      .select()
      .from(pointEntries)
      .where(eq(pointEntries.agentId, agent.id))
      .orderBy(pointEntries.id);
    expect(
      entries.map((entry) => [entry.kind, entry.amount, entry.description, entry.expiresOn]),
    ).toEqual([
      ['additional', 50, 'Welcome bonus', '2029-11-22'],
      ['additional', 20, 'Winter promotion', '2029-11-22'],
      ['additional', 5, 'Moved balance', '2027-03-01'],
    ]);
    // Each credit is audited with the command's actor, and names its ledger entry and who made it.
    const audits = await database.db
      .select()
      .from(auditEntries)
      .where(eq(auditEntries.target, agent.number))
      .orderBy(auditEntries.id);
    expect(
      audits.map((audit) => [audit.action, audit.actor, audit.reason, audit.before, audit.after]),
    ).toEqual([
      [
        'member.adjust-points',
        'command-line (points-tester)',
        'Welcome bonus',
        { available: 0 },
        expect.objectContaining({ available: 50, points: 50 }),
      ],
      [
        'member.adjust-points',
        'command-line (points-tester)',
        'Winter promotion',
        { available: 50 },
        expect.objectContaining({ available: 70, points: 20 }),
      ],
      [
        'member.adjust-points',
        'command-line (points-tester)',
        'Moved balance',
        { available: 70 },
        expect.objectContaining({ available: 75, points: 5 }),
      ],
    ]);
    const adjustments = await database.db
      .select()
      .from(pointAdjustments)
      .where(eq(pointAdjustments.agentId, agent.id));
    expect(adjustments.map((row) => [row.entryId, row.actor]).sort()).toEqual(
      entries.map((entry) => [entry.id, 'command-line (points-tester)']).sort(),
    );
  });

  it('rejects lines the database cannot store by number, with their reason, and keeps their neighbours', async () => {
    const agent = await createAgent(database.db);
    const additional = (reference: string, extra: Record<string, unknown> = {}) =>
      JSON.stringify({
        type: 'additional',
        reference,
        number: agent.number,
        points: 10,
        description: 'Bonus',
        ...extra,
      });
    const archive = (archiveDate: string) =>
      JSON.stringify({
        type: 'archive',
        number: agent.number,
        archiveDate,
        accumulated: 1,
        additional: 0,
        used: 0,
        remaining: 1,
      });
    const summary = await importAdjustments(
      database.db,
      [
        additional('edge-good-1'),
        additional('edge-year-0', { creditedOn: '0000-01-01' }),
        archive('0000-12-31'),
        archive('9999-12-31'),
        additional('edge-nul\u0000'),
        additional('edge-surrogate', { description: 'Bonus \uD800' }),
        additional('edge-good-2', { creditedOn: '1900-01-01' }),
      ],
      '2026-11-22',
      actor,
    );
    expect(summary.rejected).toEqual([
      { line: 2, message: 'creditedOn: must be a date from 1900-01-01 to 2199-12-31' },
      { line: 3, message: 'archiveDate: must be a date from 1900-01-01 to 2199-12-31' },
      { line: 4, message: 'archiveDate: must be a date from 1900-01-01 to 2199-12-31' },
      { line: 5, message: 'reference: must not hold NUL or unpaired surrogate characters' },
      { line: 6, message: 'description: must not hold NUL or unpaired surrogate characters' },
    ]);
    expect(summary).toMatchObject({ credited: 2, archived: 0 });
  });

  it('sets archived balances, and reports bad lines by number without stopping', async () => {
    const agent = await createAgent(database.db);
    const summary = await importAdjustments(
      database.db,
      [
        'not json',
        JSON.stringify({
          type: 'archive',
          number: agent.number,
          archiveDate: '2025-12-31',
          accumulated: 900,
          additional: 100,
          used: 600,
          remaining: 300,
        }),
        JSON.stringify({
          type: 'additional',
          reference: 'x-1',
          number: '999999999',
          points: 5,
          description: 'Nobody',
        }),
        JSON.stringify({
          type: 'additional',
          reference: 'x-2',
          number: agent.number,
          points: -5,
          description: 'Negative',
        }),
        JSON.stringify({
          type: 'archive',
          number: agent.number,
          archiveDate: '2025-02-30',
          accumulated: 1,
          additional: 0,
          used: 0,
          remaining: 1,
        }),
        '',
      ],
      '2026-11-22',
      actor,
    );
    expect(summary).toMatchObject({ credited: 0, archived: 1, unchanged: 0 });
    expect(summary.rejected.map((rejection) => rejection.line)).toEqual([1, 3, 4, 5]);
    expect(summary.rejected[1]!.message).toBe('no member 999999999');
    const [archive] = await database.db
      .select()
      .from(pointArchives)
      .where(eq(pointArchives.memberNumber, agent.number));
    expect(archive).toMatchObject({ archiveDate: '2025-12-31', remaining: 300 });
    const [count] = await database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(pointEntries)
      .where(eq(pointEntries.agentId, agent.id));
    expect(count?.n).toBe(0);
  });
});
