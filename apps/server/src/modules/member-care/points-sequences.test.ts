import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { commandLineActor, type AuditActor } from '../audit/audit-log.js';
import { giftOrders } from '../gifts/schema.js';
import { addDays } from '../points/calendar-days.js';
import { applyPointsAdjustment } from '../points/adjustments/adjust-points.js';
import { lapseDuePoints } from '../points/lapse-due-points.js';
import { LedgerSession, NotEnoughPoints } from '../points/ledger.js';
import { pointBalances, pointEntries } from '../points/schema.js';
import { ledgerProblems } from '../../testing/booking-records.js';
import { createAgent } from '../../testing/factories.js';
import { createTestDatabase, type TestDatabase } from '../../testing/test-database.js';

/**
 * Property: whatever sequence of staff adjustments (credits and debits),
 * gift orders, refunds of orders and days passing (the points clock lapsing
 * credits three years old) happens to a few members, every balance equals
 * the sum of its ledger entries and of its lots' remaining points, and is
 * never below zero; a refused debit or order writes nothing.
 */

type Step =
  | { op: 'adjust'; member: number; points: number; staff: number }
  | { op: 'order'; member: number; points: number }
  | { op: 'refund'; pick: number }
  | { op: 'days'; days: number };

const MEMBERS = 3;

const step: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({
      op: fc.constant('adjust' as const),
      member: fc.nat(MEMBERS - 1),
      points: fc.integer({ min: -150, max: 200 }).filter((points) => points !== 0),
      staff: fc.nat(1),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      op: fc.constant('order' as const),
      member: fc.nat(MEMBERS - 1),
      points: fc.integer({ min: 1, max: 150 }),
    }),
  },
  { weight: 2, arbitrary: fc.record({ op: fc.constant('refund' as const), pick: fc.nat(20) }) },
  // Up to about two years at once: credits lapse three years after their day.
  {
    weight: 2,
    arbitrary: fc.record({
      op: fc.constant('days' as const),
      days: fc.integer({ min: 1, max: 700 }),
    }),
  },
);

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.dispose());

const staffActors: AuditActor[] = [
  { staffId: null, label: 'manager.gr@example.com' },
  commandLineActor('points-operator'),
];

async function entryCount(agentId: number): Promise<number> {
  const [row] = await database.db
    .select({ n: sql<number>`count(*)::int` })
    .from(pointEntries)
    .where(eq(pointEntries.agentId, agentId));
  return row?.n ?? 0;
}

/** A gift order as ordering places it: the order row and its ledger debit in one transaction. */
async function placeOrder(agentId: number, points: number, today: string): Promise<number | null> {
  try {
    return await database.db.transaction(async (tx) => {
      const [order] = await tx
        .insert(giftOrders)
        .values({
          agentId,
          countryCode: 'gr',
          orderKey: randomUUID(),
          delivery: 'send',
          totalPoints: points,
          provider: 'manual',
        })
        .returning({ id: giftOrders.id });
      const session = await LedgerSession.open(tx, [agentId], today);
      session.debit(agentId, { kind: 'order', amount: points, orderId: order!.id });
      await session.flush();
      return order!.id;
    });
  } catch (error) {
    if (error instanceof NotEnoughPoints) return null;
    throw error;
  }
}

/** A failed order's refund as the order worker makes it (once: a second refund gives nothing). */
async function refundOrder(agentId: number, orderId: number, today: string): Promise<void> {
  await database.db.transaction(async (tx) => {
    const session = await LedgerSession.open(tx, [agentId], today);
    await session.refundOrder(agentId, orderId, `Order ${orderId} failed`);
    await session.flush();
  });
}

describe('points sequences (property)', () => {
  it('keep every balance equal to its ledger and never below zero', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 12 }), async (steps) => {
        const members = await Promise.all(
          Array.from({ length: MEMBERS }, () => createAgent(database.db)),
        );
        const orders: { agentId: number; orderId: number }[] = [];
        let today = '2026-01-05';
        for (const current of steps) {
          if (current.op === 'days') {
            today = addDays(today, current.days);
            for (const member of members) await lapseDuePoints(database.db, member.id, today);
          } else if (current.op === 'adjust') {
            const member = members[current.member]!;
            const before = await entryCount(member.id);
            try {
              await database.db.transaction((tx) =>
                applyPointsAdjustment(
                  tx,
                  staffActors[current.staff]!,
                  member,
                  { points: current.points, reason: 'Property step' },
                  today,
                ),
              );
            } catch (error) {
              if (!(error instanceof NotEnoughPoints)) throw error;
              // A refused debit rolled back whole: not even a lapse it caused was written.
              expect(await entryCount(member.id)).toBe(before);
            }
          } else if (current.op === 'order') {
            const member = members[current.member]!;
            const before = await entryCount(member.id);
            const orderId = await placeOrder(member.id, current.points, today);
            if (orderId === null) expect(await entryCount(member.id)).toBe(before);
            else orders.push({ agentId: member.id, orderId });
          } else if (orders.length > 0) {
            const { agentId, orderId } = orders[current.pick % orders.length]!;
            await refundOrder(agentId, orderId, today);
          }
        }
        expect(await ledgerProblems(database.db)).toEqual([]);
        const negative = await database.db
          .select({ agentId: pointBalances.agentId })
          .from(pointBalances)
          .where(sql`${pointBalances.available} < 0`);
        expect(negative).toEqual([]);
      }),
      { numRuns: 8 },
    );
  }, 120_000);
});
