import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { createAgent } from '../../testing/factories.js';
import { createTestDatabase, type TestDatabase } from '../../testing/test-database.js';
import { addDays, addYears } from './calendar-days.js';
import { LedgerSession, NotEnoughPoints, type Balance } from './ledger.js';
import { pointAllocations, pointBalances, pointEntries, pointLots } from './schema.js';

let database: TestDatabase;
let db: Database;
beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
});
afterAll(() => database.dispose());

type Operation =
  | { op: 'credit'; kind: 'segment' | 'additional'; amount: number }
  | { op: 'spend'; amount: number }
  | { op: 'reverse'; pick: number }
  | { op: 'advance'; days: number }
  | { op: 'settle' };

/** What the ledger must do, written the simplest way: a list of dated lots. */
class ReferenceLedger {
  today = '2024-01-01';
  lots: { creditedOn: string; expiresOn: string; remaining: number }[] = [];
  credits: { creditedOn: string; amount: number; reversed: boolean }[] = [];
  totals = { regular: 0, additional: 0, used: 0, expired: 0, available: 0 };

  /** The work of opening a session: lapsed lots expire. */
  private settle() {
    for (const lot of this.lots) {
      if (lot.remaining > 0 && lot.expiresOn <= this.today) {
        this.totals.expired += lot.remaining;
        this.totals.available -= lot.remaining;
        lot.remaining = 0;
      }
    }
  }

  private lot(creditedOn: string) {
    let lot = this.lots.find((candidate) => candidate.creditedOn === creditedOn);
    if (!lot) {
      lot = { creditedOn, expiresOn: addYears(creditedOn, 3), remaining: 0 };
      this.lots.push(lot);
    }
    return lot;
  }

  private take(amount: number, firstDay?: string): number {
    const order = [...this.lots].sort((a, b) => a.creditedOn.localeCompare(b.creditedOn));
    if (firstDay)
      order.sort((a, b) => Number(b.creditedOn === firstDay) - Number(a.creditedOn === firstDay));
    let left = Math.min(amount, this.totals.available);
    for (const lot of order) {
      const take = Math.min(left, lot.remaining);
      lot.remaining -= take;
      left -= take;
    }
    return Math.min(amount, this.totals.available);
  }

  /** Applies one operation; false when it is refused (nothing changes). */
  apply(operation: Operation): boolean {
    if (operation.op === 'advance') {
      this.today = addDays(this.today, operation.days);
      return true;
    }
    if (operation.op === 'spend') {
      const before = this.totals.available - this.lapsing();
      if (operation.amount > before) return false;
    }
    this.settle();
    switch (operation.op) {
      case 'credit': {
        this.lot(this.today).remaining += operation.amount;
        this.totals[operation.kind === 'segment' ? 'regular' : 'additional'] += operation.amount;
        this.totals.available += operation.amount;
        if (operation.kind === 'segment')
          this.credits.push({ creditedOn: this.today, amount: operation.amount, reversed: false });
        return true;
      }
      case 'spend': {
        this.take(operation.amount);
        this.totals.used += operation.amount;
        this.totals.available -= operation.amount;
        return true;
      }
      case 'reverse': {
        const open = this.credits.filter((credit) => !credit.reversed);
        const credit = open[operation.pick % Math.max(open.length, 1)];
        if (!credit) return true;
        credit.reversed = true;
        const taken = this.take(credit.amount, credit.creditedOn);
        this.totals.regular -= taken;
        this.totals.available -= taken;
        return true;
      }
      case 'settle':
        return true;
    }
  }

  private lapsing(): number {
    return this.lots
      .filter((lot) => lot.expiresOn <= this.today)
      .reduce((sum, lot) => sum + lot.remaining, 0);
  }
}

const operation: fc.Arbitrary<Operation> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({
      op: fc.constant('credit' as const),
      kind: fc.constantFrom('segment' as const, 'additional' as const),
      amount: fc.integer({ min: 1, max: 30 }),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      op: fc.constant('spend' as const),
      amount: fc.integer({ min: 1, max: 60 }),
    }),
  },
  { weight: 2, arbitrary: fc.record({ op: fc.constant('reverse' as const), pick: fc.nat(20) }) },
  {
    weight: 3,
    arbitrary: fc.record({
      op: fc.constant('advance' as const),
      days: fc.oneof(fc.integer({ min: 0, max: 400 }), fc.constant(1), fc.constant(3 * 365)),
    }),
  },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('settle' as const) }) },
);

/** Runs one operation against the real ledger in its own transaction. */
async function applyToLedger(
  agentId: number,
  today: string,
  operation: Operation,
  credits: { creditedOn: string; amount: number; reversed: boolean }[],
): Promise<boolean> {
  if (operation.op === 'advance') return true;
  try {
    await db.transaction(async (tx) => {
      const session = await LedgerSession.open(tx, [agentId], today);
      if (operation.op === 'credit')
        session.credit(agentId, { kind: operation.kind, amount: operation.amount });
      if (operation.op === 'spend')
        session.debit(agentId, { kind: 'order', amount: operation.amount });
      if (operation.op === 'reverse') {
        const open = credits.filter((credit) => !credit.reversed);
        const credit = open[operation.pick % Math.max(open.length, 1)];
        if (credit)
          session.debit(agentId, {
            kind: 'reversal',
            amount: credit.amount,
            creditedOn: credit.creditedOn,
          });
      }
      await session.flush();
    });
    return true;
  } catch (error) {
    if (error instanceof NotEnoughPoints) return false;
    throw error;
  }
}

async function storedBalance(agentId: number): Promise<Balance | undefined> {
  const [row] = await db.select().from(pointBalances).where(eq(pointBalances.agentId, agentId));
  return row;
}

/** The invariants of the points: balance = sum of entries = sum of lots, nothing negative. */
async function expectConsistent(agentId: number): Promise<void> {
  const balance = await storedBalance(agentId);
  const [entries] = await db
    .select({ sum: sql<number>`coalesce(sum(${pointEntries.amount}), 0)::int` })
    .from(pointEntries)
    .where(eq(pointEntries.agentId, agentId));
  const [lots] = await db
    .select({
      sum: sql<number>`coalesce(sum(${pointLots.remaining}), 0)::int`,
      negative: sql<number>`count(*) filter (where ${pointLots.remaining} < 0)::int`,
    })
    .from(pointLots)
    .where(eq(pointLots.agentId, agentId));
  const available = balance?.available ?? 0;
  expect(entries?.sum).toBe(available);
  expect(lots?.sum).toBe(available);
  expect(lots?.negative).toBe(0);
  expect(available).toBeGreaterThanOrEqual(0);
}

describe('the points ledger against a reference model', () => {
  it('spends oldest credits first, lapses them at exactly three years, and balances equal the entries', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(operation, { minLength: 1, maxLength: 25 }), async (operations) => {
        const agent = await createAgent(db);
        const model = new ReferenceLedger();
        for (const step of operations) {
          const today = model.today;
          const credits = model.credits.map((credit) => ({ ...credit }));
          const accepted = await applyToLedger(agent.id, today, step, credits);
          expect(accepted).toBe(model.apply(step));
          const balance = await storedBalance(agent.id);
          if (balance) {
            expect({
              regular: balance.regular,
              additional: balance.additional,
              used: balance.used,
              expired: balance.expired,
              available: balance.available,
            }).toEqual(model.totals);
            const lots = await db
              .select({ creditedOn: pointLots.creditedOn, remaining: pointLots.remaining })
              .from(pointLots)
              .where(eq(pointLots.agentId, agent.id));
            for (const lot of model.lots) {
              expect(lots.find((row) => row.creditedOn === lot.creditedOn)?.remaining ?? 0).toBe(
                lot.remaining,
              );
            }
          }
          await expectConsistent(agent.id);
        }
      }),
      { numRuns: 30 },
    );
    // 30 runs of up to 25 transactions each: about 20 s on the embedded database of a busy two-core machine.
  }, 60_000);
});

describe('a flush', () => {
  it('writes a spend’s entry, its allocations, the summaries, lots and balance, and answers the entries’ ids', async () => {
    const agent = await createAgent(db);
    await db.transaction(async (tx) => {
      const session = await LedgerSession.open(tx, [agent.id], '2026-01-10');
      session.credit(agent.id, { kind: 'segment', amount: 30 });
      await session.flush();
    });
    let entryIds: number[] = [];
    const balance = await db.transaction(async (tx) => {
      const session = await LedgerSession.open(tx, [agent.id], '2026-02-10');
      session.debit(agent.id, { kind: 'order', amount: 12 });
      session.credit(agent.id, { kind: 'additional', amount: 5 });
      entryIds = await session.flush();
      return session.balance(agent.id);
    });
    expect(balance).toMatchObject({ available: 23, used: 12 });
    // The ids answered are the entries' own, in the order they were made.
    const entries = await db
      .select({ id: pointEntries.id, kind: pointEntries.kind, amount: pointEntries.amount })
      .from(pointEntries)
      .where(inArray(pointEntries.id, entryIds));
    expect(entryIds.map((id) => entries.find((entry) => entry.id === id))).toEqual([
      { id: entryIds[0], kind: 'order', amount: -12 },
      { id: entryIds[1], kind: 'additional', amount: 5 },
    ]);
    const allocations = await db
      .select({ entryId: pointAllocations.entryId, amount: pointAllocations.amount })
      .from(pointAllocations)
      .where(inArray(pointAllocations.entryId, entryIds))
      .orderBy(pointAllocations.entryId);
    expect(allocations).toEqual([
      { entryId: entryIds[0], amount: -12 },
      { entryId: entryIds[1], amount: 5 },
    ]);
    await expectConsistent(agent.id);
    await db.transaction(async (tx) => {
      const session = await LedgerSession.open(tx, [agent.id], '2026-02-10');
      session.debit(agent.id, { kind: 'order', amount: 5 });
      await session.flush();
    });
    const [row] = await db
      .select({ available: pointBalances.available, used: pointBalances.used })
      .from(pointBalances)
      .where(eq(pointBalances.agentId, agent.id));
    expect(row).toEqual({ available: 18, used: 17 });
    const lots = await db
      .select({ remaining: pointLots.remaining })
      .from(pointLots)
      .where(eq(pointLots.agentId, agent.id))
      .orderBy(pointLots.creditedOn);
    // Oldest lot first: the January lot gives the last 5, the February one keeps its 5.
    expect(lots).toEqual([{ remaining: 13 }, { remaining: 5 }]);
  });
});

describe('expiry', () => {
  async function creditOn(agentId: number, day: string, amount: number) {
    await db.transaction(async (tx) => {
      const session = await LedgerSession.open(tx, [agentId], day);
      session.credit(agentId, { kind: 'segment', amount });
      await session.flush();
    });
  }

  async function balanceOn(agentId: number, day: string) {
    return db.transaction(async (tx) => {
      const session = await LedgerSession.open(tx, [agentId], day);
      await session.flush();
      return session.balance(agentId);
    });
  }

  it('keeps a credit the day before its third anniversary and lapses it on the day', async () => {
    const agent = await createAgent(db);
    await creditOn(agent.id, '2023-05-10', 25);
    expect((await balanceOn(agent.id, '2026-05-09')).available).toBe(25);
    const lapsed = await balanceOn(agent.id, '2026-05-10');
    expect(lapsed).toMatchObject({ available: 0, expired: 25, regular: 25 });
    // Idempotent: a second pass on the same or a later day lapses nothing more.
    expect(await balanceOn(agent.id, '2026-06-01')).toMatchObject({ available: 0, expired: 25 });
    const expiries = await db.select().from(pointEntries).where(eq(pointEntries.agentId, agent.id));
    expect(expiries.filter((entry) => entry.kind === 'expiry')).toHaveLength(1);
    await expectConsistent(agent.id);
  });

  it('lapses a credit of 29 February on 28 February three years later', async () => {
    expect(addYears('2024-02-29', 3)).toBe('2027-02-28');
    const agent = await createAgent(db);
    await creditOn(agent.id, '2024-02-29', 10);
    expect((await balanceOn(agent.id, '2027-02-27')).available).toBe(10);
    expect((await balanceOn(agent.id, '2027-02-28')).available).toBe(0);
  });

  it('never spends points that have lapsed', async () => {
    const agent = await createAgent(db);
    await creditOn(agent.id, '2020-01-01', 50);
    await expect(
      db.transaction(async (tx) => {
        const session = await LedgerSession.open(tx, [agent.id], '2023-01-01');
        session.debit(agent.id, { kind: 'order', amount: 10 });
        await session.flush();
      }),
    ).rejects.toBeInstanceOf(NotEnoughPoints);
  });
});

describe('concurrent spending', () => {
  it('never overspends when orders race for the same points', async () => {
    const agent = await createAgent(db);
    await db.transaction(async (tx) => {
      const session = await LedgerSession.open(tx, [agent.id], '2026-01-01');
      session.credit(agent.id, { kind: 'additional', amount: 100, description: 'Welcome bonus' });
      await session.flush();
    });
    const results = await Promise.allSettled(
      Array.from({ length: 8 }, () =>
        db.transaction(async (tx) => {
          const session = await LedgerSession.open(tx, [agent.id], '2026-01-02');
          session.debit(agent.id, { kind: 'order', amount: 30 });
          await session.flush();
        }),
      ),
    );
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(3);
    expect(
      results
        .filter((result) => result.status === 'rejected')
        .every((result) => result.reason instanceof NotEnoughPoints),
    ).toBe(true);
    expect(await storedBalance(agent.id)).toMatchObject({ available: 10, used: 90 });
    await expectConsistent(agent.id);
  });
});

describe('refunds of failed orders', () => {
  async function inSession<T>(
    agentId: number,
    day: string,
    work: (session: LedgerSession) => Promise<T> | T,
  ) {
    return db.transaction(async (tx) => {
      const session = await LedgerSession.open(tx, [agentId], day);
      const result = await work(session);
      await session.flush();
      return result;
    });
  }

  it('gives the points back to the lots they came from, once', async () => {
    const agent = await createAgent(db);
    await inSession(agent.id, '2024-01-10', (s) =>
      s.credit(agent.id, { kind: 'segment', amount: 30 }),
    );
    await inSession(agent.id, '2024-06-10', (s) =>
      s.credit(agent.id, { kind: 'segment', amount: 30 }),
    );
    await inSession(agent.id, '2025-01-01', (s) =>
      s.debit(agent.id, { kind: 'order', amount: 40, orderId: 7001 }),
    );
    expect(
      await inSession(agent.id, '2025-01-02', (s) => s.refundOrder(agent.id, 7001, 'Order failed')),
    ).toBe(40);
    expect(await inSession(agent.id, '2025-01-03', (s) => s.refundOrder(agent.id, 7001))).toBe(0);
    expect(await storedBalance(agent.id)).toMatchObject({ used: 0, available: 60, expired: 0 });
    const lots = await db
      .select()
      .from(pointLots)
      .where(eq(pointLots.agentId, agent.id))
      .orderBy(pointLots.creditedOn);
    expect(lots.map((lot) => lot.remaining)).toEqual([30, 30]);
    await expectConsistent(agent.id);
  });

  it('lets refunded points lapse at once when their lot has lapsed meanwhile', async () => {
    const agent = await createAgent(db);
    await inSession(agent.id, '2023-01-10', (s) =>
      s.credit(agent.id, { kind: 'segment', amount: 20 }),
    );
    await inSession(agent.id, '2025-12-01', (s) =>
      s.debit(agent.id, { kind: 'order', amount: 20, orderId: 7002 }),
    );
    expect(await inSession(agent.id, '2026-02-01', (s) => s.refundOrder(agent.id, 7002))).toBe(20);
    expect(await storedBalance(agent.id)).toMatchObject({ used: 0, expired: 20, available: 0 });
    await expectConsistent(agent.id);
  });
});

const serverUrl = process.env.DATABASE_URL;

describe.runIf(serverUrl !== undefined)('a lock waited for (PostgreSQL)', () => {
  type Change = (session: LedgerSession) => void;

  /**
   * `first` changes the member's points and holds the lock a moment; `then`
   * starts meanwhile in a transaction of its own, waits for the lock and
   * changes them after.
   */
  async function oneAfterTheOther(agentId: number, day: string, first: Change, then: Change) {
    let second: Promise<void> | undefined;
    await db.transaction(async (tx) => {
      const session = await LedgerSession.open(tx, [agentId], day);
      first(session);
      second = db.transaction(async (other) => {
        const waiting = await LedgerSession.open(other, [agentId], day);
        then(waiting);
        await waiting.flush();
      });
      await new Promise((resolve) => setTimeout(resolve, 300));
      await session.flush();
    });
    await second;
  }

  it('sees the lots another transaction changed while it waited', async () => {
    const agent = await createAgent(db);
    await db.transaction(async (tx) => {
      const session = await LedgerSession.open(tx, [agent.id], '2026-03-01');
      session.credit(agent.id, { kind: 'segment', amount: 30 });
      await session.flush();
    });
    await oneAfterTheOther(
      agent.id,
      '2026-03-02',
      (session) => session.debit(agent.id, { kind: 'order', amount: 20 }),
      (session) => session.debit(agent.id, { kind: 'order', amount: 10 }),
    );
    // Read as of before the wait, the lot would still hold 30 and be written back as 20.
    const [lot] = await db
      .select({ remaining: pointLots.remaining })
      .from(pointLots)
      .where(eq(pointLots.agentId, agent.id));
    expect(lot).toEqual({ remaining: 0 });
    await expectConsistent(agent.id);
  });

  it('makes a member’s first balance row once when two first changes meet', async () => {
    const agent = await createAgent(db);
    await oneAfterTheOther(
      agent.id,
      '2026-03-01',
      (session) => session.credit(agent.id, { kind: 'segment', amount: 30 }),
      (session) => session.debit(agent.id, { kind: 'order', amount: 12 }),
    );
    const [row] = await db
      .select({ available: pointBalances.available, used: pointBalances.used })
      .from(pointBalances)
      .where(eq(pointBalances.agentId, agent.id));
    expect(row).toEqual({ available: 18, used: 12 });
    await expectConsistent(agent.id);
  });
});
