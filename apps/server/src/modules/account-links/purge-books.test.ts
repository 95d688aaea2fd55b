import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq, sql } from 'drizzle-orm';
import { reportNames, type StateCounts } from '@club/contract/staff-reports';
import { createAgent } from '../../testing/factories.js';
import { placeTestOrder } from '../../testing/gift-orders.js';
import { insertBooking } from '../../testing/points-data.js';
import { createStaff, staffCall, staffLogin } from '../../testing/staff-helpers.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { agents, directAccessChanges } from '../agents/schema.js';
import { giftOrderAttempts, giftOrderLines, giftOrders, memberTaxInfo } from '../gifts/schema.js';
import { LedgerSession } from '../points/ledger.js';
import {
  bookings,
  pointArchives,
  pointBalances,
  pointEntries,
  pointLots,
} from '../points/schema.js';

/**
 * A purge keeps the programme's books (docs/decisions/037): a member with
 * earned, spent and expired points, pending segments and an order, whom
 * staff adjusted and deleted, is purged; every report and its CSV, the order
 * history and the audit log read the same afterwards, but for the member's
 * number (a pseudonym now) and what named them (gone).
 */
let t: TestApp;
let token = '';
const clock = Date.parse('2031-03-15T10:00:00Z');

beforeAll(async () => {
  t = await createTestApp({ now: () => clock });
  const admin = await createStaff(t.database.db, 'admin');
  token = await staffLogin(t.app, admin, clock);
});
afterAll(() => t.close());

const get = async (url: string) => {
  const response = await staffCall(t.app, token, 'GET', url);
  expect(response.statusCode, url).toBe(200);
  return response.body;
};

async function ledger(agentId: number, day: string, write: (session: LedgerSession) => void) {
  await t.database.db.transaction(async (tx) => {
    const session = await LedgerSession.open(tx, [agentId], day);
    write(session);
    await session.flush();
  });
}

/** Every report (all countries, and Greece alone) as JSON and CSV, the order history and the audit log. */
async function staffViews(orderId: number): Promise<Record<string, string>> {
  const views: Record<string, string> = {};
  for (const name of reportNames) {
    for (const query of ['?months=60', '?country=gr&months=60']) {
      // Only points-by-month takes `months`; the others ignore what they do not know.
      const q = name === 'points-by-month' ? query : query.replace(/&?months=60/, '');
      views[`${name}${q}`] = await get(`/s2c/staff/v1/reports/${name}${q}`);
      views[`${name}.csv${q}`] = await get(`/s2c/staff/v1/reports/${name}.csv${q}`);
    }
  }
  views.orders = await get('/s2c/staff/v1/orders');
  views['orders.csv'] = await get('/s2c/staff/v1/orders.csv');
  views.order = await get(`/s2c/staff/v1/orders/${orderId}`);
  views.audit = await get('/s2c/staff/v1/audit?pageSize=100');
  views['audit.csv'] = await get('/s2c/staff/v1/audit.csv');
  return views;
}

/** Exact replacements in a text: each whole string value (JSON) or cell text (CSV) as given. */
function replaced(text: string, replacements: readonly (readonly [string, string])[]): string {
  let result = text;
  for (const [from, to] of replacements) result = result.replaceAll(from, to);
  return result;
}

describe('the purge of a deleted member', () => {
  it('keeps their books: every report and CSV, the order history and the audit read the same', async () => {
    const db = t.database.db;
    const member = await createAgent(db, {
      countryCode: 'gr',
      firstName: 'Eleni',
      lastName: 'Papadaki',
      phone: '+30 210 5550199',
      address: 'Odos Ermou 12, Athina',
      giftDeliveryAddress: 'Odos Ermou 14, Athina',
      sign: 'ELPA',
    });
    // Another member of the country keeps the totals from being the purged member's alone.
    const other = await createAgent(db, { countryCode: 'gr' });
    await ledger(other.id, '2031-01-05', (s) =>
      s.credit(other.id, { kind: 'segment', amount: 70 }),
    );

    // Earned: a flown segment (and one still pending, the liability's pending part).
    await insertBooking(db, {
      pnr: 'PURGE1',
      agentId: member.id,
      memberNumber: member.number,
      createdOn: '2031-01-10',
      segments: [
        { kind: 'air', serviceDate: '2031-01-10', status: 'OK', points: 100 },
        { kind: 'hotel', serviceDate: '2031-05-01', status: 'PD' },
      ],
    });
    // Expired: a bonus of 2028 that lapsed in 2031; another that lapses in 2031's summer.
    await ledger(member.id, '2028-01-20', (s) =>
      s.credit(member.id, {
        kind: 'additional',
        amount: 40,
        description: 'Welcome bonus for Eleni Papadaki',
      }),
    );
    await ledger(member.id, '2028-07-01', (s) =>
      s.credit(member.id, { kind: 'additional', amount: 25, description: 'Summer promotion' }),
    );
    await ledger(member.id, '2031-02-10', () => undefined);
    await db.insert(pointArchives).values({
      memberNumber: member.number,
      archiveDate: '2027-12-31',
      accumulated: 300,
      additional: 10,
      used: 200,
      remaining: 110,
    });
    // Spent: a gift sent to the member's address, fulfilled.
    const order = await placeTestOrder(db, member, {
      at: Date.parse('2031-02-05T09:00:00Z'),
      description: 'Camera',
    });
    await db
      .update(giftOrders)
      .set({
        state: 'fulfilled',
        delivery: 'send',
        deliveryAddress: member.giftDeliveryAddress,
        lastError: `Courier could not reach ${member.phone} at first`,
        fulfilledAt: new Date('2031-02-07T09:00:00Z'),
      })
      .where(eq(giftOrders.id, order.orderId));
    await db.insert(giftOrderAttempts).values({
      orderId: order.orderId,
      call: 'place',
      outcome: 'accepted',
      answer: `{"ref":"V-1","recipient":"Eleni Papadaki"}`,
    });
    await db.insert(memberTaxInfo).values({ agentId: member.id, taxOk: true });
    await db.insert(directAccessChanges).values({
      agentId: member.id,
      isAmadeusDirectUser: false,
      reason: 'staff',
      changedAt: new Date(clock),
    });
    // Staff credit points and delete the account (both audited, each with a reason that names the member).
    const adjust = await staffCall(
      t.app,
      token,
      'POST',
      `/s2c/staff/v1/members/${member.number}/adjustments`,
      { points: '15', reason: 'Goodwill for Eleni Papadaki' },
    );
    expect(adjust.statusCode, adjust.body).toBe(200);
    const remove = await staffCall(
      t.app,
      token,
      'POST',
      `/s2c/staff/v1/members/${member.number}/delete`,
      { reason: `Asked by ${member.email}` },
    );
    expect(remove.statusCode).toBe(200);
    await db
      .update(agents)
      .set({ deletedAt: sql`now() - interval '400 days'` })
      .where(eq(agents.id, member.id));

    const entriesOf = () =>
      db
        .select()
        .from(pointEntries)
        .where(eq(pointEntries.agentId, member.id))
        .orderBy(asc(pointEntries.id));
    const lotsOf = () =>
      db
        .select()
        .from(pointLots)
        .where(eq(pointLots.agentId, member.id))
        .orderBy(asc(pointLots.creditedOn));
    const balanceOf = () =>
      db.select().from(pointBalances).where(eq(pointBalances.agentId, member.id));
    const linesOf = () =>
      db.select().from(giftOrderLines).where(eq(giftOrderLines.orderId, order.orderId));
    const before = {
      views: await staffViews(order.orderId),
      entries: await entriesOf(),
      lots: await lotsOf(),
      balance: await balanceOf(),
      lines: await linesOf(),
    };
    expect(before.entries.map((entry) => entry.kind).sort()).toEqual([
      'additional',
      'additional',
      'additional',
      'additional',
      'expiry',
      'order',
      'segment',
    ]);

    expect(await t.app.memberPurge.runNow()).toEqual({ purged: 1, skipped: false });

    const [tombstone] = await db.select().from(agents).where(eq(agents.id, member.id));
    const pseudonym = tombstone!.number;
    expect(pseudonym).toMatch(/^purged-[0-9a-z]{13}$/);
    const after = {
      views: await staffViews(order.orderId),
      entries: await entriesOf(),
      lots: await lotsOf(),
      balance: await balanceOf(),
      lines: await linesOf(),
    };

    // The reports, JSON and CSV, are the same; members by state counts accounts, and the member is none now.
    for (const name of reportNames) {
      for (const [key, view] of Object.entries(before.views)) {
        if (!key.startsWith(`${name}`) || name === 'members-by-state') continue;
        expect(after.views[key], key).toBe(view);
      }
    }
    for (const key of Object.keys(before.views).filter((k) => k.startsWith('members-by-state'))) {
      const deletedCount = (text: string) =>
        key.includes('.csv')
          ? Number(/deleted,(\d+)/.exec(text)![1])
          : (JSON.parse(text) as { data: StateCounts }).data.items.find(
              (item) => item.state === 'deleted',
            )!.count;
      expect(deletedCount(after.views[key]!), key).toBe(deletedCount(before.views[key]!) - 1);
      expect(after.views[key]!.replace(/deleted(",|,)("count":)?\d+/, ''), key).toBe(
        before.views[key]!.replace(/deleted(",|,)("count":)?\d+/, ''),
      );
    }

    // The order history: the same orders, lines, points and states, under the pseudonym.
    const member_ = [
      [`"${member.number}"`, `"${pseudonym}"`],
      [`"${member.email}"`, `"${pseudonym}"`],
      ['"Eleni"', '""'],
      ['"Papadaki"', '""'],
      [`"${member.giftDeliveryAddress}"`, '""'],
      [`"Courier could not reach ${member.phone} at first"`, '"(removed)"'],
      [JSON.stringify(`{"ref":"V-1","recipient":"Eleni Papadaki"}`), '"(removed)"'],
    ] as const;
    expect(JSON.parse(after.views.orders!)).toEqual(
      JSON.parse(replaced(before.views.orders!, member_)),
    );
    expect(JSON.parse(after.views.order!)).toEqual(
      JSON.parse(replaced(before.views.order!, member_)),
    );
    expect(after.views['orders.csv']).toBe(
      replaced(before.views['orders.csv']!, [
        [member.number, pseudonym],
        [member.email, pseudonym],
        [',Eleni,Papadaki,', ',,,'],
        // The delivery address cell (orders.csv carries it for the fulfilment partner) is emptied.
        [`,"${member.giftDeliveryAddress}",`, ',,'],
        [`Courier could not reach ${member.phone} at first`, '(removed)'],
      ]),
    );
    expect(after.lines).toEqual(before.lines);

    // The audit log: every entry still there, about the pseudonym; reasons that named the member removed.
    const audit = [
      [`"${member.number}"`, `"${pseudonym}"`],
      ['"Goodwill for Eleni Papadaki"', '"(removed)"'],
      [`"Asked by ${member.email}"`, '"(removed)"'],
    ] as const;
    expect(JSON.parse(after.views.audit!)).toEqual(
      JSON.parse(replaced(before.views.audit!, audit)),
    );
    expect(after.views['audit.csv']).toBe(
      replaced(before.views['audit.csv']!, [
        [member.number, pseudonym],
        ['Goodwill for Eleni Papadaki', '(removed)'],
        [`Asked by ${member.email}`, '(removed)'],
      ]),
    );
    const actions = (JSON.parse(after.views.audit!) as { data: { items: { action: string }[] } })
      .data.items;
    expect(actions.map((entry) => entry.action)).toEqual(
      expect.arrayContaining(['member.adjust-points', 'member.delete']),
    );

    // The ledger, lots and balance: the same entries and amounts; descriptions that named the member removed.
    expect(after.entries).toEqual(
      before.entries.map((entry) => ({
        ...entry,
        description: /Eleni|Papadaki/.test(entry.description) ? '(removed)' : entry.description,
      })),
    );
    expect(after.lots).toEqual(before.lots);
    expect(after.balance).toEqual(before.balance);
    const [booking] = await db.select().from(bookings).where(eq(bookings.pnr, 'PURGE1'));
    expect(booking).toMatchObject({ agentId: member.id, memberNumber: pseudonym });
    expect(
      await db.select().from(pointArchives).where(eq(pointArchives.memberNumber, pseudonym)),
    ).toHaveLength(1);

    // What named the member is nowhere: not in any staff view, nor in the tables kept.
    const personal = [
      member.number,
      member.email,
      'Eleni',
      'Papadaki',
      member.phone,
      member.address,
      member.giftDeliveryAddress,
      'ELPA',
    ];
    for (const [key, view] of Object.entries(after.views)) {
      for (const value of personal) expect(view.includes(value), `${key}: ${value}`).toBe(false);
    }
    const dump = JSON.stringify([
      tombstone,
      after.entries,
      booking,
      await db.select().from(giftOrders).where(eq(giftOrders.agentId, member.id)),
      await db.select().from(giftOrderAttempts).where(eq(giftOrderAttempts.orderId, order.orderId)),
      await db.select().from(pointArchives),
    ]);
    for (const value of personal) expect(dump.includes(value), value).toBe(false);
    expect(
      await db.select().from(memberTaxInfo).where(eq(memberTaxInfo.agentId, member.id)),
    ).toEqual([]);
    expect(
      await db.select().from(directAccessChanges).where(eq(directAccessChanges.agentId, member.id)),
    ).toEqual([]);

    // The tombstone is no account: staff cannot find or act on it, and a second purge leaves it.
    expect(tombstone).toMatchObject({ status: 'purged', email: pseudonym, firstName: '' });
    const search = await staffCall(t.app, token, 'GET', '/s2c/staff/v1/members?query=purged');
    expect(search.json<{ data: { total: number } }>().data.total).toBe(0);
    expect(await t.app.memberPurge.runNow()).toEqual({ purged: 0, skipped: false });
    expect(await staffViews(order.orderId)).toEqual(after.views);
  });
});
