import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { PointsPage } from '@club/contract/points';
import type { MemberLedgerEntry, MemberView } from '@club/contract/staff-members';
import { dataOf } from '../../testing/agent-requests.js';
import { getPage, logIn } from '../../testing/account-helpers.js';
import { balanceOf, ledgerProblems } from '../../testing/booking-records.js';
import { createAgent } from '../../testing/factories.js';
import { creditAdditional } from '../../testing/points-data.js';
import { createStaff, staffCall, staffLogin, type TestStaff } from '../../testing/staff-helpers.js';
import { createTestApp, testConfig, type TestApp } from '../../testing/test-app.js';
import { auditEntries } from '../audit/schema.js';
import { pointEntries } from '../points/schema.js';

let t: TestApp;
let clock = Date.parse('2026-11-22T10:00:00Z');
const SUPPORT_LIMIT = 50;
const staff: Partial<Record<'managerGr' | 'supportGr' | 'managerAt', TestStaff>> = {};
const tokens: Record<'managerGr' | 'supportGr' | 'managerAt', string> = {
  managerGr: '',
  supportGr: '',
  managerAt: '',
};

beforeAll(async () => {
  // The limit comes from the configuration (SUPPORT_ADJUSTMENT_LIMIT).
  t = await createTestApp({
    now: () => clock,
    config: { staff: { ...testConfig().staff, supportAdjustmentLimit: SUPPORT_LIMIT } },
  });
  for (const [name, role, countries] of [
    ['managerGr', 'manager', ['gr']],
    ['supportGr', 'support', ['gr']],
    ['managerAt', 'manager', ['at']],
  ] as const) {
    clock += 30_000;
    staff[name] = await createStaff(t.database.db, role, [...countries]);
    tokens[name] = await staffLogin(t.app, staff[name], clock);
  }
});
afterAll(() => t.close());

const adjust = (as: keyof typeof tokens, number: string, body: Record<string, string>) =>
  staffCall(t.app, tokens[as], 'POST', `/s2c/staff/v1/members/${number}/adjustments`, body);

async function memberWith(points: number) {
  const member = await createAgent(t.database.db);
  if (points > 0) await creditAdditional(t.database.db, member.id, '2026-11-01', points, 'Bonus');
  return member;
}

const available = async (agentId: number) => (await balanceOf(t.database.db, agentId))?.available;

describe('POST /s2c/staff/v1/members/{number}/adjustments', () => {
  it('credits points with the reason, answers the ledger entry, and audits it in the same transaction', async () => {
    const member = await memberWith(100);
    const response = await adjust('managerGr', member.number, {
      points: '40',
      reason: '  Hotel stay missing from the booking  ',
    });
    expect(response.statusCode).toBe(200);
    expect(dataOf<MemberLedgerEntry>(response)).toMatchObject({
      kind: 'additional',
      amount: 40,
      description: 'Hotel stay missing from the booking',
      entryDate: '2026-11-22',
      expiresOn: '2029-11-22',
      adjustedBy: staff.managerGr!.email,
    });
    expect(await available(member.id)).toBe(140);
    const audits = await t.database.db
      .select()
      .from(auditEntries)
      .where(eq(auditEntries.target, member.number));
    expect(audits).toEqual([
      expect.objectContaining({
        staffId: staff.managerGr!.id,
        actor: staff.managerGr!.email,
        action: 'member.adjust-points',
        targetType: 'member',
        countryCode: 'gr',
        reason: 'Hotel stay missing from the booking',
        before: { available: 100 },
        after: expect.objectContaining({ available: 140, points: 40 }) as unknown,
      }),
    ]);
    expect(await ledgerProblems(t.database.db)).toEqual([]);
  });

  it('debits points, and refuses a debit below what is available with a 400 that says so', async () => {
    const member = await memberWith(100);
    expect(
      (await adjust('managerGr', member.number, { points: '-30', reason: 'Duplicate credit' }))
        .statusCode,
    ).toBe(200);
    expect(await available(member.id)).toBe(70);
    const refused = await adjust('managerGr', member.number, { points: '-71', reason: 'Too much' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      data: { points: 'The member has 70 points available: a debit cannot take more' },
    });
    expect(await available(member.id)).toBe(70);
    const entries = await t.database.db
      .select({ amount: pointEntries.amount, kind: pointEntries.kind })
      .from(pointEntries)
      .where(eq(pointEntries.agentId, member.id));
    expect(entries.map((entry) => entry.amount).sort()).toEqual([-30, 100]);
    const audits = await t.database.db
      .select()
      .from(auditEntries)
      .where(eq(auditEntries.target, member.number));
    expect(audits.map((audit) => audit.reason)).toEqual(['Duplicate credit']);
    expect(await ledgerProblems(t.database.db)).toEqual([]);
  });

  it('needs a reason and whole points other than zero (400 per field, nothing written)', async () => {
    const member = await memberWith(10);
    for (const [body, field] of [
      [{ points: '5', reason: '' }, 'reason'],
      [{ points: '5', reason: '   ' }, 'reason'],
      [{ points: '5' }, 'reason'],
      [{ points: '5', reason: 'x'.repeat(501) }, 'reason'],
      [{ points: '0', reason: 'Nothing' }, 'points'],
      [{ points: '1.5', reason: 'Half' }, 'points'],
      [{ points: 'ten', reason: 'Words' }, 'points'],
      [{ points: '', reason: 'Empty' }, 'points'],
      [{ points: '99999999999', reason: 'Huge' }, 'points'],
      [{ reason: 'No points' }, 'points'],
    ] as const) {
      const response = await adjust('managerGr', member.number, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json<{ data: Record<string, unknown> }>().data[field]).toEqual(
        expect.any(String),
      );
    }
    expect(await available(member.id)).toBe(10);
  });

  it('lets support adjust up to its limit per member per day, and refuses more with 403', async () => {
    const member = await memberWith(200);
    const half = SUPPORT_LIMIT / 2;
    // Each call is within the limit; together they are not (credits and debits alike count).
    const first = await adjust('supportGr', member.number, {
      points: String(half),
      reason: 'Goodwill',
    });
    expect(first.statusCode).toBe(200);
    expect(
      (await adjust('supportGr', member.number, { points: String(-half), reason: 'Undo' }))
        .statusCode,
    ).toBe(200);
    const third = await adjust('supportGr', member.number, { points: '1', reason: 'One more' });
    expect(third.statusCode).toBe(403);
    expect(third.json()).toMatchObject({
      data: {
        points: `Support adjusts at most ${SUPPORT_LIMIT} points per member a day: 0 left for this member today`,
      },
    });
    for (const points of [SUPPORT_LIMIT + 1, -(SUPPORT_LIMIT + 1)]) {
      const response = await adjust('supportGr', member.number, {
        points: String(points),
        reason: 'Too much',
      });
      expect(response.statusCode).toBe(403);
    }
    expect(await available(member.id)).toBe(200);
    // The member view tells support what is left today, and a manager that it has no limit.
    const viewAs = async (as: keyof typeof tokens, number = member.number) =>
      dataOf<MemberView>(
        await staffCall(t.app, tokens[as], 'GET', `/s2c/staff/v1/members/${number}`),
      ).adjustmentLimit;
    expect(await viewAs('supportGr')).toBe(0);
    expect(await viewAs('managerGr')).toBeNull();
    // Another member has the whole limit.
    const other = await memberWith(0);
    expect(await viewAs('supportGr', other.number)).toBe(SUPPORT_LIMIT);
    // A manager has no such limit, and a manager's adjustments leave support's count alone.
    expect(
      (
        await adjust('managerGr', member.number, {
          points: String(SUPPORT_LIMIT * 3),
          reason: 'Campaign',
        })
      ).statusCode,
    ).toBe(200);
    expect(await viewAs('supportGr')).toBe(0);
    // The next day (UTC) support has its limit again.
    clock += 24 * 3_600_000;
    // A day later every session has ended: the staff log in again.
    for (const name of Object.keys(tokens) as (keyof typeof tokens)[]) {
      tokens[name] = await staffLogin(t.app, staff[name]!, clock);
    }
    expect(await viewAs('supportGr')).toBe(SUPPORT_LIMIT);
    expect(
      (await adjust('supportGr', member.number, { points: String(SUPPORT_LIMIT), reason: 'Next' }))
        .statusCode,
    ).toBe(200);
  });

  it('counts support adjustments made at once in the same transaction: together never past the limit', async () => {
    const member = await memberWith(0);
    const answers = await Promise.all(
      [1, 2, 3].map((call) =>
        adjust('supportGr', member.number, {
          points: String(SUPPORT_LIMIT / 2),
          reason: `At once ${call}`,
        }),
      ),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 200, 403]);
    expect(await available(member.id)).toBe(SUPPORT_LIMIT);
    expect(await ledgerProblems(t.database.db)).toEqual([]);
  });

  it('answers 404 for a member of another country, and changes nothing', async () => {
    const member = await memberWith(10);
    expect(
      (await adjust('managerAt', member.number, { points: '5', reason: 'Nope' })).statusCode,
    ).toBe(404);
    expect(await available(member.id)).toBe(10);
  });

  it('never overspends: two debits at once take the points once', async () => {
    const member = await memberWith(100);
    const answers = await Promise.all([
      adjust('managerGr', member.number, { points: '-80', reason: 'First' }),
      adjust('managerGr', member.number, { points: '-80', reason: 'Second' }),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 400]);
    expect(await available(member.id)).toBe(20);
    expect(await ledgerProblems(t.database.db)).toEqual([]);
  });

  it('shows the member the adjustment and its reason on their points page', async () => {
    const member = await memberWith(100);
    await adjust('managerGr', member.number, {
      points: '25',
      reason: 'Missing hotel night in Vienna',
    });
    await adjust('managerGr', member.number, {
      points: '-5',
      reason: 'Correction of a double credit',
    });
    const token = await logIn(t.app, member.number, member.password);
    const page = await getPage<PointsPage>(t.app, 'points', {}, token);
    expect(page.status).toBe(200);
    expect(page.data.addArray.map((row) => [row.description, row.points])).toEqual([
      ['Correction of a double credit', -5],
      ['Missing hotel night in Vienna', 25],
      ['Bonus', 100],
    ]);
    expect(page.data.summAdd).toBe(120);
    expect(page.data.refresh).toBe(120);
  });
});
