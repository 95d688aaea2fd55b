import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PointsHistory } from '@club/contract/points';
import { logIn } from '../../testing/account-helpers.js';
import { createAgent } from '../../testing/factories.js';
import { creditAdditional, insertBooking } from '../../testing/points-data.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { LedgerSession } from './ledger.js';

let t: TestApp;
const clock = Date.parse('2026-11-22T10:00:00Z');
beforeAll(async () => {
  t = await createTestApp({ now: () => clock });
});
afterAll(() => t.close());

let pnrCounter = 0;
const nextPnr = () => `HI${String(++pnrCounter).padStart(4, '0')}`;

async function member() {
  const agent = await createAgent(t.database.db);
  const token = await logIn(t.app, agent.number, agent.password);
  return { ...agent, token };
}

async function spend(agentId: number, day: string, amount: number): Promise<void> {
  await t.database.db.transaction(async (tx) => {
    const session = await LedgerSession.open(tx, [agentId], day);
    session.debit(agentId, { kind: 'order', amount, description: 'Order' });
    await session.flush();
  });
}

async function history(number: string, token: string) {
  const response = await t.app.inject({
    url: `/s2c/auth/v1/agent-points/history?number=${number}`,
    headers: { authorization: `Bearer ${token}` },
  });
  return { status: response.statusCode, data: response.json<{ data: PointsHistory }>().data };
}

describe('GET /s2c/auth/v1/agent-points/history', () => {
  it('answers 24 months up to this one, all zero for a new member', async () => {
    const agent = await member();
    const { status, data } = await history(agent.number, agent.token);
    expect(status).toBe(200);
    expect(data.months).toHaveLength(24);
    expect(data.months[0]).toEqual({ month: '2024-12', earned: 0, spent: 0, expired: 0 });
    expect(data.months[23]).toEqual({ month: '2026-11', earned: 0, spent: 0, expired: 0 });
  });

  it('sums the ledger per month: earned, spent on gifts, and lapsed (lapsing due points first)', async () => {
    const agent = await member();
    // Lapses on 2026-11-10 (three years), before "today": the history lets it lapse.
    await creditAdditional(t.database.db, agent.id, '2023-11-10', 40, 'Old bonus');
    await insertBooking(t.database.db, {
      pnr: nextPnr(),
      agentId: agent.id,
      createdOn: '2026-03-04',
      segments: [
        { kind: 'air', serviceDate: '2026-03-10', status: 'OK', points: 5 },
        { kind: 'hotel', serviceDate: '2026-03-10', status: 'OK', points: 10 },
      ],
    });
    await creditAdditional(t.database.db, agent.id, '2026-03-20', 20, 'Spring bonus');
    await spend(agent.id, '2026-05-02', 12);
    // Older than the two years: left out.
    await creditAdditional(t.database.db, agent.id, '2024-11-30', 9, 'Too old');
    const { data } = await history(agent.number, agent.token);
    const byMonth = new Map(data.months.map((month) => [month.month, month]));
    expect(byMonth.get('2026-03')).toEqual({ month: '2026-03', earned: 35, spent: 0, expired: 0 });
    expect(byMonth.get('2026-05')).toEqual({ month: '2026-05', earned: 0, spent: 12, expired: 0 });
    // The order took its 12 from the oldest lot, the old bonus; the other 28 lapsed today.
    expect(byMonth.get('2026-11')).toEqual({ month: '2026-11', earned: 0, spent: 0, expired: 28 });
    expect(data.months.reduce((sum, month) => sum + month.earned, 0)).toBe(35);
  });

  it("answers only the caller's own number, and 400 for a bad one", async () => {
    const agent = await member();
    const other = await member();
    expect((await history(other.number, agent.token)).status).toBe(403);
    const anonymous = await t.app.inject({
      url: `/s2c/auth/v1/agent-points/history?number=${agent.number}`,
    });
    expect(anonymous.statusCode).toBe(401);
    expect((await history('12ab', agent.token)).status).toBe(400);
  });
});
