import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import type { MemberView } from '@club/contract/staff-members';
import { dataOf } from '../../testing/agent-requests.js';
import { logIn } from '../../testing/account-helpers.js';
import { createAgent } from '../../testing/factories.js';
import { creditAdditional, insertBooking } from '../../testing/points-data.js';
import { createStaff, staffCall, staffLogin } from '../../testing/staff-helpers.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { giftOrderLines, giftOrders, gifts } from '../gifts/schema.js';
import { loginFailures } from '../limits/schema.js';
import { mailOutbox } from '../mail/schema.js';
import { LedgerSession } from '../points/ledger.js';
import { pointEntries } from '../points/schema.js';

let t: TestApp;
let clock = Date.parse('2026-11-22T10:00:00Z');
const tokens: Record<'admin' | 'managerGr' | 'managerAt' | 'supportGr', string> = {
  admin: '',
  managerGr: '',
  managerAt: '',
  supportGr: '',
};

beforeAll(async () => {
  t = await createTestApp({ now: () => clock });
  for (const [name, role, countries] of [
    ['admin', 'admin', []],
    ['managerGr', 'manager', ['gr']],
    ['managerAt', 'manager', ['at']],
    ['supportGr', 'support', ['gr']],
  ] as const) {
    clock += 30_000;
    tokens[name] = await staffLogin(
      t.app,
      await createStaff(t.database.db, role, [...countries]),
      clock,
    );
  }
});
afterAll(() => t.close());

const view = (as: keyof typeof tokens, number: string) =>
  staffCall(t.app, tokens[as], 'GET', `/s2c/staff/v1/members/${number}`);

describe('GET /s2c/staff/v1/members/{number} (the single member view)', () => {
  it('shows the profile and state, terms, login backoff and open sessions', async () => {
    const db = t.database.db;
    const member = await createAgent(db, {
      firstName: 'Eleni',
      lastName: 'Viewed',
      isAmadeusDirectUser: true,
    });
    await logIn(t.app, member.number, member.password);
    await db.insert(loginFailures).values({
      key: `number:${member.number}`,
      failures: 7,
      windowStartedAt: new Date(clock),
      blockedUntil: new Date(clock + 60_000),
    });
    const response = await view('supportGr', member.number);
    expect(response.statusCode).toBe(200);
    expect(dataOf<MemberView>(response).profile).toMatchObject({
      number: member.number,
      countryCode: 'gr',
      state: 'active',
      firstName: 'Eleni',
      lastName: 'Viewed',
      email: member.email,
      directAccess: true,
      acceptedTermsVersion: '1',
      countryTermsVersion: expect.any(String) as string,
      createdAt: expect.any(String) as string,
      activatedAt: expect.any(String) as string,
      loginBackoff: { failures: 7, blockedUntil: new Date(clock + 60_000).toISOString() },
      openSessions: 1,
    });
  });

  it('shows the status report, bookings with segments, and why each segment earned nothing', async () => {
    const member = await createAgent(t.database.db);
    await insertBooking(t.database.db, {
      pnr: 'MCV001',
      agentId: member.id,
      memberNumber: member.number,
      createdOn: '2026-09-01',
      segments: [
        { kind: 'air', serviceDate: '2026-09-10', status: 'OK', points: 5 },
        { kind: 'hotel', serviceDate: '2027-01-10', status: 'PD' },
        { kind: 'air', serviceDate: '2026-09-12', status: 'XX' },
      ],
    });
    await insertBooking(t.database.db, {
      pnr: 'MCV002',
      agentId: null,
      memberNumber: member.number,
      createdOn: '2026-10-01',
      state: 'rejected',
      reason: 'remark-without-space',
      segments: [{ kind: 'air', serviceDate: '2026-10-10', status: 'OK', points: 0 }],
    });
    const data = dataOf<MemberView>(await view('managerGr', member.number));
    expect(data.status).toMatchObject({ available: 5, regular: 5, totalSegmentsOk: 1 });
    expect(data.bookings.map((booking) => [booking.pnr, booking.state, booking.reason])).toEqual([
      ['MCV002', 'rejected', 'remark-without-space'],
      ['MCV001', 'accepted', null],
    ]);
    expect(data.bookings[0]!.segments.map((segment) => segment.noPointsReason)).toEqual([
      'remark-without-space',
    ]);
    expect(
      data.bookings[1]!.segments.map((segment) => [
        segment.status,
        segment.points,
        segment.noPointsReason,
      ]),
    ).toEqual([
      ['OK', 5, null],
      ['XX', 0, 'segment-cancelled'],
      ['PD', 0, 'segment-pending'],
    ]);
    expect(data.bookings[1]!.points).toBe(5);
  });

  it('lists every ledger entry with its reason, orders with lines, and mails without their body', async () => {
    const db = t.database.db;
    const member = await createAgent(db);
    await creditAdditional(db, member.id, '2026-11-01', 300, 'Welcome bonus');
    await db.insert(gifts).values({ id: 9901, countryCode: 'gr', category: 'test', points: 50 });
    await db.transaction(async (tx) => {
      const [order] = await tx
        .insert(giftOrders)
        .values({
          agentId: member.id,
          countryCode: 'gr',
          orderKey: randomUUID(),
          delivery: 'send',
          totalPoints: 100,
          provider: 'manual',
        })
        .returning({ id: giftOrders.id });
      await tx
        .insert(giftOrderLines)
        .values({ orderId: order!.id, giftId: 9901, quantity: 2, points: 50, description: 'Mug' });
      const session = await LedgerSession.open(tx, [member.id], '2026-11-22');
      session.debit(member.id, { kind: 'order', amount: 100, orderId: order!.id });
      await session.flush();
    });
    await db.insert(mailOutbox).values({
      recipient: member.email.toUpperCase(),
      subject: 'Reset your password',
      text: 'secret link https://example/reset?token=abc',
      html: '<a href="https://example/reset?token=abc">secret</a>',
      template: 'reset-password',
    });
    const adjusted = await staffCall(
      t.app,
      tokens.managerGr,
      'POST',
      `/s2c/staff/v1/members/${member.number}/adjustments`,
      { points: '25', reason: 'Missing hotel segment' },
    );
    expect(adjusted.statusCode).toBe(200);
    const response = await view('admin', member.number);
    const data = dataOf<MemberView>(response);
    expect(
      data.ledger.map((entry) => [entry.kind, entry.amount, entry.description, entry.adjustedBy]),
    ).toEqual([
      ['additional', 25, 'Missing hotel segment', expect.stringMatching(/manager@example\.com$/)],
      ['order', -100, '', null],
      ['additional', 300, 'Welcome bonus', null],
    ]);
    expect(data.ledgerHasMore).toBe(false);
    expect(data.orders).toEqual([
      expect.objectContaining({
        totalPoints: 100,
        state: 'placed',
        lines: [{ giftId: 9901, description: 'Mug', quantity: 2, points: 50 }],
      }),
    ]);
    expect(data.mails).toEqual([
      expect.objectContaining({
        template: 'reset-password',
        subject: 'Reset your password',
        state: 'waiting',
      }),
    ]);
    expect(response.body).not.toContain('token=abc');
  });

  it('pages older ledger entries past the latest 200', async () => {
    const db = t.database.db;
    const member = await createAgent(db);
    await db.insert(pointEntries).values(
      Array.from({ length: 205 }, (_, index) => ({
        agentId: member.id,
        kind: 'additional' as const,
        amount: 1,
        entryDate: '2026-11-01',
        description: `Entry ${index + 1}`,
      })),
    );
    const data = dataOf<MemberView>(await view('admin', member.number));
    expect(data.ledger).toHaveLength(200);
    expect(data.ledger[0]!.description).toBe('Entry 205');
    expect(data.ledgerHasMore).toBe(true);
    const older = await staffCall(
      t.app,
      tokens.managerGr,
      'GET',
      `/s2c/staff/v1/members/${member.number}/ledger?before=${data.ledger.at(-1)!.id}`,
    );
    expect(older.statusCode).toBe(200);
    const page = dataOf<{ entries: { description: string }[]; hasMore: boolean }>(older);
    expect(page.entries.map((entry) => entry.description)).toEqual([
      'Entry 5',
      'Entry 4',
      'Entry 3',
      'Entry 2',
      'Entry 1',
    ]);
    expect(page.hasMore).toBe(false);
  });

  it("answers 404 for another country's member (manager and support), and for no member", async () => {
    const greek = await createAgent(t.database.db);
    expect((await view('managerAt', greek.number)).statusCode).toBe(404);
    expect(
      (
        await staffCall(
          t.app,
          tokens.managerAt,
          'GET',
          `/s2c/staff/v1/members/${greek.number}/ledger`,
        )
      ).statusCode,
    ).toBe(404);
    expect((await view('admin', '99999999999')).statusCode).toBe(404);
    expect((await view('admin', 'not-a-number')).statusCode).toBe(400);
  });
});
