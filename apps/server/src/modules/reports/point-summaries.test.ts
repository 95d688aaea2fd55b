import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { eq, sql } from 'drizzle-orm';
import { rowsOf } from '../../db/rows.js';
import { createAgent } from '../../testing/factories.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { agents } from '../agents/schema.js';
import { addDays } from '../points/calendar-days.js';
import { LedgerSession, NotEnoughPoints } from '../points/ledger.js';

/**
 * The reports' summaries (`point_month_totals` whatever the split by source,
 * `point_lapse_totals`, `member_active_months`) always equal the aggregate of
 * the ledger they summarise, whatever the ledger did:
 * imports of several members at once, back-dated adjustments, orders and
 * their refunds, reversals and expiries; the purge of deleted members keeps
 * their entries and lots, so it changes neither.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Totals = Record<string, number>;

async function summariesAndAggregates(): Promise<{ summaries: Totals; aggregates: Totals }> {
  const db = t.database.db;
  const read = async (query: ReturnType<typeof sql>) => {
    const totals: Totals = {};
    for (const row of rowsOf<{ key: string; points: string | number }>(await db.execute(query))) {
      if (Number(row.points) !== 0) totals[row.key] = Number(row.points);
    }
    return totals;
  };
  const monthSummaries = await read(sql`
    select 'month ' || country_code || ' ' || month || ' ' || kind as key, sum(points) as points
    from point_month_totals group by 1`);
  const monthEntries = await read(sql`
    select 'month ' || a.country_code || ' ' || date_trunc('month', e.entry_date)::date || ' ' || e.kind as key,
      sum(e.amount) as points
    from point_entries e join agents a on a.id = e.agent_id group by 1`);
  const lapseSummaries = await read(sql`
    select 'lapse ' || country_code || ' ' || month as key, sum(points) as points
    from point_lapse_totals group by 1`);
  const lapseLots = await read(sql`
    select 'lapse ' || a.country_code || ' ' || date_trunc('month', l.expires_on)::date as key,
      sum(l.remaining) as points
    from point_lots l join agents a on a.id = l.agent_id group by 1`);
  const activeKept = await read(sql`
    select 'active ' || country_code || ' ' || month as key, count(*) as points
    from member_active_months group by 1`);
  const activeEntries = await read(sql`
    select 'active ' || a.country_code || ' ' || date_trunc('month', e.entry_date)::date as key,
      count(distinct e.agent_id) as points
    from point_entries e join agents a on a.id = e.agent_id
    where e.kind = 'order' or (e.kind in ('segment', 'additional') and e.amount > 0)
    group by 1`);
  return {
    summaries: { ...monthSummaries, ...lapseSummaries, ...activeKept },
    aggregates: { ...monthEntries, ...lapseLots, ...activeEntries },
  };
}

type Step =
  | { op: 'import'; who: number[]; amount: number; campaign: number }
  | { op: 'adjust'; who: number; amount: number; backDays: number; claim: boolean }
  | { op: 'order'; who: number; amount: number }
  | { op: 'refund'; who: number; pick: number }
  | { op: 'reverse'; who: number; amount: number; campaign: number }
  | { op: 'advance'; days: number };

const member = fc.nat(3);
const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({
    op: fc.constant('import' as const),
    who: fc.uniqueArray(member, { minLength: 1, maxLength: 4 }),
    amount: fc.integer({ min: 1, max: 40 }),
    campaign: fc.integer({ min: 0, max: 40 }),
  }),
  fc.record({
    op: fc.constant('adjust' as const),
    who: member,
    amount: fc.integer({ min: 1, max: 80 }),
    backDays: fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 1200 })),
    claim: fc.boolean(),
  }),
  fc.record({
    op: fc.constant('order' as const),
    who: member,
    amount: fc.integer({ min: 1, max: 90 }),
  }),
  fc.record({ op: fc.constant('refund' as const), who: member, pick: fc.nat(10) }),
  fc.record({
    op: fc.constant('reverse' as const),
    who: member,
    amount: fc.integer({ min: 1, max: 30 }),
    campaign: fc.integer({ min: 0, max: 30 }),
  }),
  fc.record({
    op: fc.constant('advance' as const),
    days: fc.oneof(fc.integer({ min: 1, max: 200 }), fc.constant(3 * 365)),
  }),
);

describe('the reports’ summaries', () => {
  it('equal the ledger’s entries per country, month and kind, and its open lots per lapse month', async () => {
    let nextOrder = 1;
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 20 }), async (steps) => {
        const db = t.database.db;
        // Two members in each country: a summary row must never mix countries.
        const members = [
          await createAgent(db, { countryCode: 'gr' }),
          await createAgent(db, { countryCode: 'gr' }),
          await createAgent(db, { countryCode: 'ae', languageCode: 'ara' }),
          await createAgent(db, { countryCode: 'ae', languageCode: 'ara' }),
        ];
        const orders: { agentId: number; orderId: number }[] = [];
        let today = '2031-01-15';
        for (const next of steps) {
          if (next.op === 'advance') {
            today = addDays(today, next.days);
            continue;
          }
          const who = next.op === 'import' ? next.who : [next.who];
          const ids = who.map((index) => members[index]!.id);
          const day = next.op === 'adjust' ? addDays(today, -next.backDays) : today;
          try {
            await db.transaction(async (tx) => {
              const session = await LedgerSession.open(tx, ids, day);
              for (const id of ids) {
                if (next.op === 'import')
                  session.credit(id, {
                    kind: 'segment',
                    amount: next.amount,
                    campaignPoints: next.campaign,
                  });
                if (next.op === 'adjust')
                  session.credit(id, {
                    kind: 'additional',
                    amount: next.amount,
                    source: next.claim ? 'claim' : 'staff',
                  });
                if (next.op === 'reverse')
                  session.debit(id, {
                    kind: 'reversal',
                    amount: next.amount,
                    campaignPoints: next.campaign,
                  });
                if (next.op === 'order') {
                  const orderId = nextOrder++;
                  session.debit(id, { kind: 'order', amount: next.amount, orderId });
                  orders.push({ agentId: id, orderId });
                }
                if (next.op === 'refund') {
                  const own = orders.filter((order) => order.agentId === id);
                  const order = own[next.pick % Math.max(own.length, 1)];
                  if (order !== undefined) await session.refundOrder(id, order.orderId);
                }
              }
              await session.flush();
            });
          } catch (error) {
            if (!(error instanceof NotEnoughPoints)) throw error;
          }
        }
        const { summaries, aggregates } = await summariesAndAggregates();
        expect(summaries).toEqual(aggregates);
      }),
      { numRuns: 15 },
    );
    // Up to 20 transactions on four members per run: well over the default timeout on a busy machine.
  }, 60_000);

  it('keep a purged member’s points, which the purge keeps in the ledger', async () => {
    const db = t.database.db;
    const kept = await createAgent(db, { countryCode: 'gr' });
    const purged = await createAgent(db, { countryCode: 'gr' });
    await db.transaction(async (tx) => {
      const session = await LedgerSession.open(tx, [kept.id, purged.id], '2031-03-01');
      session.credit(kept.id, { kind: 'segment', amount: 10 });
      session.credit(purged.id, { kind: 'segment', amount: 25 });
      session.debit(purged.id, { kind: 'order', amount: 5, orderId: 99_999 });
      await session.flush();
    });
    await db
      .update(agents)
      .set({ status: 'deleted', deletedAt: new Date(Date.now() - 400 * 86_400_000) })
      .where(eq(agents.id, purged.id));
    const before = await summariesAndAggregates();
    expect((await t.app.memberPurge.runNow()).purged).toBeGreaterThanOrEqual(1);
    const [tombstone] = await db.select().from(agents).where(eq(agents.id, purged.id));
    expect(tombstone?.status).toBe('purged');
    const { summaries, aggregates } = await summariesAndAggregates();
    expect(summaries).toEqual(aggregates);
    expect(summaries).toEqual(before.summaries);
  });

  it('count members per country and state through every insert, state change, edit and delete', async () => {
    const db = t.database.db;
    const totals = async () => {
      const read = async (query: ReturnType<typeof sql>) =>
        Object.fromEntries(
          rowsOf<{ key: string; n: string | number }>(await db.execute(query))
            .filter((row) => Number(row.n) !== 0)
            .map((row) => [row.key, Number(row.n)]),
        );
      return {
        kept: await read(sql`select country_code || ' ' || status as key, sum(members) as n
          from member_state_totals group by 1`),
        counted: await read(sql`select country_code || ' ' || status as key, count(*) as n
          from agents group by 1`),
      };
    };
    const pending = await createAgent(db, { countryCode: 'gr', status: 'pending' });
    const other = await createAgent(db, { countryCode: 'ae', languageCode: 'ara' });
    const gone = await createAgent(db, { countryCode: 'gr' });
    await db.update(agents).set({ status: 'active' }).where(eq(agents.id, pending.id));
    await db.update(agents).set({ lastName: 'Edited' }).where(eq(agents.id, other.id));
    await db.update(agents).set({ status: 'deletion_requested' }).where(eq(agents.id, other.id));
    await db.delete(agents).where(eq(agents.id, gone.id));
    const { kept, counted } = await totals();
    expect(kept).toEqual(counted);
    expect(kept['ae deletion_requested']).toBeGreaterThanOrEqual(1);
  });
});
