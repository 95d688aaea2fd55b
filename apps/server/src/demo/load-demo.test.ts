import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { repositoryRoot } from '../config.js';
import { acceptedCurrentTerms, Members } from '../modules/agents/members.js';
import { agents, directAccessChanges } from '../modules/agents/schema.js';
import { loadContent } from '../modules/content/load-content.js';
import { loadGifts } from '../modules/gifts/catalogue/load-gifts.js';
import { orderedGifts } from '../modules/gifts/ordering/ordered-gifts.js';
import { loadOffices } from '../modules/offices/load-offices.js';
import { statusReport } from '../modules/points/status-report.js';
import { bookings, pointEntries, pointLots } from '../modules/points/schema.js';
import { createTestDatabase, type TestDatabase } from '../testing/test-database.js';
import { loadDemo, shiftDates } from './load-demo.js';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.dispose());

const demoContent = join(repositoryRoot, 'content');

describe('shiftDates', () => {
  it('moves every date of a line by the days since the demo was written', () => {
    expect(shiftDates('{"createdOn":"2026-11-22","x":"2026-11-22T10:00","n":"20261122"}', 40)).toBe(
      '{"createdOn":"2027-01-01","x":"2026-11-22T10:00","n":"20261122"}',
    );
    expect(shiftDates('{"d":"2026-11-22"}', 0)).toBe('{"d":"2026-11-22"}');
  });
});

describe('the demo members, bookings and points', () => {
  it('load into an empty database, and give the first member points of every kind, and orders and lapses on their days', async () => {
    await loadContent(database.db, demoContent);
    await loadOffices(database.db, demoContent);
    await loadGifts(database.db, demoContent);
    const options = { today: '2026-11-22' };
    expect(await loadDemo(database.db, demoContent, options)).toEqual({
      members: 6,
      bookings: 8,
      // With the Emirati member's moved balance, which lapses within 12 months too,
      // and three back-dated credits past their life.
      points: 10,
      // A refunded and a fulfilled order each for the Greek, Austrian and Emirati members.
      orders: 6,
      lapses: 3,
    });
    const [eleni] = await database.db.select().from(agents).where(eq(agents.number, '9000001'));
    expect(await statusReport(database.db, eleni!.id, '2026-11-22', false)).toMatchObject({
      totalSegmentsPD: 3,
      totalSegmentsOk: 5,
      regular: 35,
      additional: 570,
      // The bookshop voucher (400) spent; the refunded notebook given back; 30 points lapsed.
      used: 400,
      expired: 30,
      available: 175,
    });
    const rejected = await database.db
      .select({ pnr: bookings.pnr, reason: bookings.reason })
      .from(bookings)
      .where(eq(bookings.state, 'rejected'))
      .orderBy(bookings.pnr);
    expect(rejected).toEqual([
      { pnr: 'DEMO04', reason: 'remark-without-space' },
      { pnr: 'DEMO05', reason: 'office-other-country' },
      { pnr: 'DEMO06', reason: 'all-segments-cancelled' },
    ]);
    // The moved balance lapses 20 January, within the next 12 months.
    const [moved] = await database.db
      .select()
      .from(pointEntries)
      .where(eq(pointEntries.description, 'Points moved from the previous programme'));
    expect(moved?.expiresOn).toBe('2027-01-20');
    // Orders are paid from the welcome bonus: the moved balance still lapses soon.
    expect(
      await database.db
        .select({ remaining: pointLots.remaining })
        .from(pointLots)
        .where(eq(pointLots.expiresOn, '2027-01-20')),
    ).toEqual([{ remaining: 40 }]);

    // Every walk member's ledger has lines of every kind, each on its day.
    for (const [number, days] of [
      [
        '9000001',
        { order: ['2026-08-18', '2026-10-27'], refund: ['2026-08-20'], expiry: ['2026-06-12'] },
      ],
      [
        '9000002',
        { order: ['2026-07-21', '2026-10-12'], refund: ['2026-07-23'], expiry: ['2026-04-18'] },
      ],
      [
        '9000003',
        { order: ['2026-01-08', '2026-04-09'], refund: ['2026-01-10'], expiry: ['2026-03-20'] },
      ],
    ] as const) {
      const [member] = await database.db.select().from(agents).where(eq(agents.number, number));
      const entries = await database.db
        .select({
          kind: pointEntries.kind,
          entryDate: pointEntries.entryDate,
          keyed: pointEntries.keyedDescription,
        })
        .from(pointEntries)
        .where(eq(pointEntries.agentId, member!.id))
        .orderBy(pointEntries.entryDate);
      for (const kind of ['order', 'refund', 'expiry'] as const) {
        expect(
          entries.filter((entry) => entry.kind === kind).map((entry) => entry.entryDate),
          `${number} ${kind}`,
        ).toEqual(days[kind]);
      }
      expect(entries.find((entry) => entry.kind === 'expiry')?.keyed?.key).toBe('pointsLapsed');
      expect(entries.find((entry) => entry.kind === 'refund')?.keyed?.key).toBe('orderRefund');
      // Ordered gifts: the fulfilled order with its voucher code, the refunded one with why.
      const orders = await orderedGifts(database.db, member!.id, member!.languageCode);
      expect(orders.map((order) => order.state)).toEqual(['fulfilled', 'failed']);
      expect(orders[0]!.vouchers).toHaveLength(1);
      expect(orders[0]!.timeline.map((step) => step.state)).toEqual([
        'placed',
        'submitted',
        'fulfilled',
      ]);
      expect(orders[1]!.refund).toEqual({ cause: 'unconfirmed', reason: '' });
      expect(orders[1]!.timeline.map((step) => step.state)).toEqual(['placed', 'failed']);
    }
    // The Austrian's gifts are named in German, the language he orders in.
    const [lukas] = await database.db.select().from(agents).where(eq(agents.number, '9000002'));
    expect((await orderedGifts(database.db, lukas!.id, 'deu'))[0]!.lines).toEqual([
      { description: 'Buchgutschein', quantity: 1, points: 400 },
    ]);
    const entriesBefore = (await database.db.select().from(pointEntries)).filter(
      (entry) => entry.kind !== 'segment',
    ).length;

    // One member accepted earlier terms than Greece publishes; one is a direct-access user.
    const [nikos] = await database.db.select().from(agents).where(eq(agents.number, '9000005'));
    expect(nikos).toMatchObject({ countryCode: 'gr', acceptedTermsVersion: '1' });
    expect(acceptedCurrentTerms((await new Members(database.db).byId(nikos!.id))!)).toBe(false);
    expect(acceptedCurrentTerms((await new Members(database.db).byId(eleni!.id))!)).toBe(true);
    const [omar] = await database.db.select().from(agents).where(eq(agents.number, '9000006'));
    expect(omar?.isAmadeusDirectUser).toBe(true);
    expect(
      await database.db
        .select({ reason: directAccessChanges.reason, officeId: directAccessChanges.officeId })
        .from(directAccessChanges)
        .where(eq(directAccessChanges.agentId, omar!.id)),
    ).toEqual([{ reason: 'office-direct-sales', officeId: 'DXBAE2190' }]);
    // Loading again changes nothing.
    expect(await loadDemo(database.db, demoContent, options)).toMatchObject({
      orders: 0,
      lapses: 0,
    });
    expect((await statusReport(database.db, eleni!.id, '2026-11-22', false)).available).toBe(175);
    expect(
      (await database.db.select().from(pointEntries)).filter((entry) => entry.kind !== 'segment'),
    ).toHaveLength(entriesBefore);
  });
});
