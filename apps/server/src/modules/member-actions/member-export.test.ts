import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAgent } from '../../testing/factories.js';
import { creditAdditional, insertBooking } from '../../testing/points-data.js';
import { createStaff, staffCall, staffLogin } from '../../testing/staff-helpers.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { auditEntries } from '../audit/schema.js';
import { giftOrderLines, giftOrders, gifts } from '../gifts/schema.js';
import { mailOutbox } from '../mail/schema.js';
import type { MemberExport } from './member-export.js';

/**
 * The member's data export (an access request): every kind of data the club
 * keeps about the member, no secret, nobody else's data; audited.
 */
let t: TestApp;
let clock = Date.now();
let admin: string;
let managerAe: string;
let supportGr: string;

beforeAll(async () => {
  t = await createTestApp({ now: () => clock });
  const db = t.database.db;
  const login = async (role: 'admin' | 'manager' | 'support', countries: string[]) => {
    clock += 30_000;
    return staffLogin(t.app, await createStaff(db, role, countries), clock);
  };
  admin = await login('admin', []);
  managerAe = await login('manager', ['ae']);
  supportGr = await login('support', ['gr']);
});
afterAll(() => t.close());

describe("the member's data export", () => {
  it('holds the profile, consents, bookings, ledger, orders, mails, direct access and audit entries', async () => {
    const db = t.database.db;
    const member = await createAgent(db, { countryCode: 'gr', newsletter: true });
    const other = await createAgent(db, { countryCode: 'gr' });
    await insertBooking(db, {
      pnr: 'EXP001',
      agentId: member.id,
      createdOn: '2029-01-10',
      segments: [
        { kind: 'air', serviceDate: '2029-02-01', status: 'OK', points: 5 },
        { kind: 'hotel', serviceDate: '2029-02-02', status: 'XX' },
      ],
    });
    await insertBooking(db, { pnr: 'EXP002', agentId: other.id, createdOn: '2029-01-11' });
    await creditAdditional(db, member.id, '2029-03-01', 40, 'Welcome bonus');
    await db
      .insert(gifts)
      .values({ id: 990001, countryCode: 'gr', category: 'export-test', points: 20 });
    const [order] = await db
      .insert(giftOrders)
      .values({
        agentId: member.id,
        countryCode: 'gr',
        orderKey: 'export-order',
        delivery: 'send',
        totalPoints: 20,
        provider: 'manual',
        state: 'fulfilled',
        vouchers: ['SECRET-VOUCHER-1'],
      })
      .returning({ id: giftOrders.id });
    await db.insert(giftOrderLines).values({
      orderId: order!.id,
      giftId: 990001,
      quantity: 1,
      points: 20,
      description: 'Book token',
    });
    await db.insert(mailOutbox).values([
      {
        recipient: member.email.toUpperCase(),
        subject: 'Reset your password',
        text: 'https://club.example/reset?token=SECRET-TOKEN',
        html: '<a href="https://club.example/reset?token=SECRET-TOKEN">reset</a>',
        template: 'reset-password',
      },
      {
        recipient: other.email,
        subject: 'Not yours',
        text: '',
        html: '',
        template: 'confirm-email',
      },
    ]);
    const marked = await staffCall(
      t.app,
      admin,
      'POST',
      `/s2c/staff/v1/members/${member.number}/direct-access`,
      {
        isAmadeusDirectUser: 'true',
        reason: 'Direct product',
      },
    );
    expect(marked.statusCode).toBe(200);

    const answer = await staffCall(
      t.app,
      admin,
      'GET',
      `/s2c/staff/v1/members/${member.number}/export`,
    );
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toMatch(/^application\/json/);
    expect(answer.headers['content-disposition']).toBe(
      `attachment; filename="member-${member.number}.json"`,
    );
    const exported = answer.json<MemberExport>();
    expect(exported.member).toMatchObject({
      number: member.number,
      email: member.email,
      firstName: member.firstName,
      isAmadeusDirectUser: true,
    });
    expect(exported.consents).toMatchObject({
      newsletter: true,
      terms: { acceptedVersion: '1', countryVersion: '1' },
    });
    expect(exported.bookings).toMatchObject([
      {
        pnr: 'EXP001',
        segments: [
          { kind: 'air', status: 'OK', points: 5 },
          { kind: 'hotel', status: 'XX', points: 0 },
        ],
      },
    ]);
    expect(exported.ledgerEntries.map((entry) => [entry.kind, entry.amount])).toEqual([
      ['segment', 5],
      ['additional', 40],
    ]);
    expect(exported.orders).toMatchObject([
      {
        state: 'fulfilled',
        totalPoints: 20,
        vouchersSent: 1,
        lines: [{ description: 'Book token' }],
      },
    ]);
    expect(exported.mailsSent).toMatchObject([
      { template: 'reset-password', subject: 'Reset your password' },
    ]);
    expect(exported.directAccessChanges).toMatchObject([
      { isAmadeusDirectUser: true, reason: 'staff' },
    ]);
    expect(exported.auditEntries).toMatchObject([
      { action: 'member.mark-direct-access', reason: 'Direct product' },
    ]);
    const text = answer.body;
    for (const secret of [
      'SECRET-TOKEN',
      'SECRET-VOUCHER-1',
      'passwordHash',
      '$argon2',
      'EXP002',
    ]) {
      expect(text).not.toContain(secret);
    }

    const [entry] = await db
      .select()
      .from(auditEntries)
      .where(and(eq(auditEntries.target, member.number), eq(auditEntries.action, 'member.export')));
    expect(entry).toMatchObject({
      targetType: 'member',
      countryCode: 'gr',
      after: { bookings: 1, ledgerEntries: 2, orders: 1, mailsSent: 1, auditEntries: 1 },
    });
  });

  it('is refused to support and to a manager of another country, and then not audited', async () => {
    const member = await createAgent(t.database.db, { countryCode: 'gr' });
    const path = `/s2c/staff/v1/members/${member.number}/export`;
    expect((await staffCall(t.app, supportGr, 'GET', path)).statusCode).toBe(403);
    expect((await staffCall(t.app, managerAe, 'GET', path)).statusCode).toBe(404);
    const entries = await t.database.db
      .select()
      .from(auditEntries)
      .where(eq(auditEntries.target, member.number));
    expect(entries).toEqual([]);
  });
});
