import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EarningRule, EarningRuleList, Simulation } from '@club/contract/earning-rules';
import type { StaffClaimDetail } from '@club/contract/claims';
import type { Layout } from '@club/contract/layout';
import type { PointsPage } from '@club/contract/points';
import { getPage, logIn } from '../../testing/account-helpers.js';
import {
  bookingOf,
  bookingRecord,
  ledgerProblems,
  queueConfig,
  sendQueue,
} from '../../testing/booking-records.js';
import { createAgent } from '../../testing/factories.js';
import { createStaff, staffLogin } from '../../testing/staff-helpers.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { auditEntries } from '../audit/schema.js';
import { missingPointsClaims } from '../claims/schema.js';
import { readRuleBook } from './rule-book.js';
import { earningRules } from './schema.js';

/**
 * Earning rules end to end on the server (docs/bookings.md, "Earning
 * rules"): the seeded base rules, a manager's campaign with its audit, the
 * import crediting under it and recording the rules, the member's points
 * page and the layout naming it, the claims' worth, the simulator, ending a
 * rule (audited, never deleted, and waiting for an import that read it),
 * and the refusals of each call. Runs on PostgreSQL too with DATABASE_URL.
 */

let t: TestApp;
let clock = Date.parse('2030-03-10T09:00:00Z');
const tokens = { admin: '', managerGr: '', managerAe: '', supportGr: '' };
const password = 'secret123';

beforeAll(async () => {
  t = await createTestApp({ now: () => clock, config: queueConfig() });
  const accounts = {
    admin: await createStaff(t.database.db, 'admin'),
    managerGr: await createStaff(t.database.db, 'manager', ['gr']),
    managerAe: await createStaff(t.database.db, 'manager', ['ae']),
    supportGr: await createStaff(t.database.db, 'support', ['gr']),
  };
  for (const [name, account] of Object.entries(accounts)) {
    clock += 30_000;
    tokens[name as keyof typeof tokens] = await staffLogin(t.app, account, clock);
  }
});
afterAll(() => t.close());

const db = () => t.database.db;

const call = (token: string, method: 'GET' | 'POST', url: string, body?: unknown) =>
  t.app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${token}` },
    ...(body === undefined ? {} : { payload: body as Record<string, unknown> }),
  });

const list = async (token: string, country = 'gr') => {
  const answer = await call(token, 'GET', `/s2c/staff/v1/earning-rules?country=${country}`);
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json<{ data: EarningRuleList }>().data;
};

const marchHotels = {
  country: 'gr',
  kind: 'campaign',
  name: 'March hotel campaign',
  memberNames: { eng: 'March hotels', ell: 'Ξενοδοχεία Μαρτίου' },
  segmentTypes: ['hotel'],
  multiplier: 2,
  from: '2030-03-01',
  to: '2030-03-31',
  basis: 'travel',
};

async function publish(body: Record<string, unknown>, token = tokens.managerGr) {
  const answer = await call(token, 'POST', '/s2c/staff/v1/earning-rules', body);
  expect(answer.statusCode, answer.body).toBe(201);
  return answer.json<{ data: EarningRule }>().data;
}

async function newMember() {
  const member = await createAgent(db(), { countryCode: 'gr', officeId: 'ATHGR0001', password });
  return { ...member, token: await logIn(t.app, member.number, password) };
}

describe('the base rules', () => {
  it('are seeded from the points per segment on a first start, one per segment type', async () => {
    const { items, languages } = await list(tokens.supportGr);
    expect(languages).toEqual(['eng', 'ell']);
    const base = items.filter((rule) => rule.kind === 'base');
    expect(Object.fromEntries(base.map((rule) => [rule.segmentTypes.join(), rule.points]))).toEqual(
      { air: 5, hotel: 10, car: 10, rail: 10 },
    );
  });
});

describe('a campaign', () => {
  let campaign: EarningRule;

  it('is published by the country’s manager, audited', async () => {
    campaign = await publish(marchHotels);
    expect(campaign).toMatchObject({
      kind: 'campaign',
      multiplier: 2,
      points: null,
      earned: false,
      endedAt: null,
    });
    const [entry] = await db()
      .select()
      .from(auditEntries)
      .where(eq(auditEntries.target, String(campaign.id)));
    expect(entry).toMatchObject({ action: 'earning-rule.create', countryCode: 'gr' });
    expect((await list(tokens.managerGr)).items.map((rule) => rule.id)).toContain(campaign.id);
  });

  it('credits a hotel segment travelling in March twice its base, and records both rules', async () => {
    const member = await newMember();
    const summary = await sendQueue(t.app, [
      bookingRecord({
        pnr: 'RULE01',
        member: member.number,
        createdOn: '2030-02-01',
        segments: [
          { id: 'H', kind: 'hotel', serviceDate: '2030-03-05' },
          { id: 'A', kind: 'air', serviceDate: '2030-03-05' },
          { id: 'L', kind: 'hotel', serviceDate: '2030-04-02', used: true },
        ],
      }),
    ]);
    expect(summary.accepted).toBe(1);
    const booking = await bookingOf(db(), 'RULE01');
    const byId = Object.fromEntries(
      booking.segments.map((segment) => [segment.segmentId, segment]),
    );
    const baseHotel = (await list(tokens.admin)).items.find(
      (rule) => rule.kind === 'base' && rule.segmentTypes.includes('hotel'),
    )!;
    expect(byId.H).toMatchObject({ points: 20, earningRuleIds: [baseHotel.id, campaign.id] });
    expect(byId.A).toMatchObject({ points: 5 });
    // April is outside the campaign: the base only.
    expect(byId.L).toMatchObject({ points: 10, earningRuleIds: [baseHotel.id] });
    expect(await ledgerProblems(db())).toEqual([]);
    expect((await list(tokens.admin)).items.find((rule) => rule.id === campaign.id)?.earned).toBe(
      true,
    );

    // The member's PNR table names the rules, in the page's language.
    const page = await getPage<PointsPage>(
      t.app,
      'points',
      { countryCode: 'gr', languageCode: 'ell', details: '1' },
      member.token,
    );
    const row = page.data.points.find((candidate) => candidate.pnr === 'RULE01')!;
    const hotel = row.segments.find((segment) => segment.segmentId === 'H')!;
    expect(hotel.rules).toEqual([
      { kind: 'base', name: '', points: 10, multiplier: null },
      { kind: 'campaign', name: 'Ξενοδοχεία Μαρτίου', points: null, multiplier: 2 },
    ]);
  });

  it('shows in the layout’s "how to earn", named in the page’s language', async () => {
    const answer = await t.app.inject({
      url: '/s2c/content/v1/layout/?countryCode=gr&languageCode=ell',
    });
    const { earning } = answer.json<{ data: Layout }>().data;
    expect(earning?.segmentPoints).toEqual({ air: 5, hotel: 10, car: 10, rail: 10 });
    expect(earning?.campaigns).toEqual([
      {
        name: 'Ξενοδοχεία Μαρτίου',
        segmentTypes: ['hotel'],
        multiplier: 2,
        points: null,
        to: '2030-03-31',
      },
    ]);
  });

  it('prices a claim at the booking’s dates under the rules', async () => {
    const member = await newMember();
    const [claim] = await db()
      .insert(missingPointsClaims)
      .values({
        agentId: member.id,
        countryCode: 'gr',
        pnr: 'RULECL',
        travelDate: '2030-03-07',
        booked: 'hotel',
        filedAt: new Date(clock),
      })
      .returning({ id: missingPointsClaims.id });
    const answer = await call(tokens.managerGr, 'GET', `/s2c/staff/v1/claims/${claim!.id}`);
    expect(answer.json<{ data: StaffClaimDetail }>().data.proposedPoints).toBe(20);
  });

  it('is simulated on a pasted record, segment by segment, with its rules', async () => {
    const member = await newMember();
    const record = JSON.stringify(
      bookingRecord({
        pnr: 'SIM001',
        member: member.number,
        segments: [
          { id: '1', kind: 'hotel', serviceDate: '2030-03-20' },
          { id: '2', kind: 'car', serviceDate: '2030-03-20', status: 'HX' },
        ],
      }),
    );
    const answer = await call(tokens.supportGr, 'POST', '/s2c/staff/v1/earning-rules/simulate', {
      record,
    });
    expect(answer.statusCode, answer.body).toBe(200);
    const simulation = answer.json<{ data: Simulation }>().data;
    expect(simulation).toMatchObject({ pnr: 'SIM001', country: 'gr', total: 20 });
    expect(simulation.segments[0]).toMatchObject({ status: 'PD', points: 20 });
    expect(simulation.segments[0]!.rules.map((rule) => rule.name)).toEqual([
      'Base hotel',
      'March hotel campaign',
    ]);
    expect(simulation.segments[1]).toMatchObject({ status: 'XX', points: 0, rules: [] });
    expect(await bookingOf(db(), 'SIM001').catch(() => null)).toBeNull();

    // An imported booking, picked by its PNR: its stored segments under today's rules.
    const picked = await call(tokens.supportGr, 'POST', '/s2c/staff/v1/earning-rules/simulate', {
      pnr: 'rule01',
    });
    expect(picked.statusCode, picked.body).toBe(200);
    expect(picked.json<{ data: Simulation }>().data).toMatchObject({
      pnr: 'RULE01',
      country: 'gr',
      total: 35,
    });
    const unknown = await call(tokens.supportGr, 'POST', '/s2c/staff/v1/earning-rules/simulate', {
      pnr: 'NOSUCH1',
    });
    expect(unknown.statusCode).toBe(404);
    const elsewhere = await call(tokens.managerAe, 'POST', '/s2c/staff/v1/earning-rules/simulate', {
      pnr: 'RULE01',
    });
    expect(elsewhere.statusCode).toBe(404);
    const both = await call(tokens.supportGr, 'POST', '/s2c/staff/v1/earning-rules/simulate', {
      record,
      pnr: 'RULE01',
    });
    expect(both.statusCode).toBe(400);
  });

  it('ends: audited, the last day today, later segments earn the base; never deleted', async () => {
    const answer = await call(
      tokens.managerGr,
      'POST',
      `/s2c/staff/v1/earning-rules/${campaign.id}/end`,
    );
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json<{ data: EarningRule }>().data).toMatchObject({
      to: '2030-03-10',
      endedBy: expect.stringContaining('@') as unknown,
    });
    const again = await call(
      tokens.managerGr,
      'POST',
      `/s2c/staff/v1/earning-rules/${campaign.id}/end`,
    );
    expect(again.statusCode).toBe(409);
    const actions = await db()
      .select({ action: auditEntries.action })
      .from(auditEntries)
      .where(eq(auditEntries.target, String(campaign.id)));
    expect(actions.map((entry) => entry.action)).toEqual([
      'earning-rule.create',
      'earning-rule.end',
    ]);

    const member = await newMember();
    await sendQueue(t.app, [
      bookingRecord({
        pnr: 'RULE02',
        member: member.number,
        segments: [{ id: 'H', kind: 'hotel', serviceDate: '2030-03-12', used: true }],
      }),
    ]);
    expect((await bookingOf(db(), 'RULE02')).segments[0]).toMatchObject({ points: 10 });

    await expect(
      db().execute(sql`delete from earning_rules where id = ${campaign.id}`),
    ).rejects.toThrow();
    expect(
      await db().select().from(earningRules).where(eq(earningRules.id, campaign.id)),
    ).toHaveLength(1);
  });

  it('waits, when ended, for an import transaction that read the rules', async () => {
    const rule = await publish({ ...marchHotels, name: 'Second March campaign' });
    const order: string[] = [];
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let reading!: () => void;
    const read = new Promise<void>((resolve) => (reading = resolve));
    const importing = db().transaction(async (tx) => {
      await readRuleBook(tx, { lock: true });
      reading();
      await held;
      order.push('import committed');
    });
    await read;
    const ending = call(
      tokens.managerGr,
      'POST',
      `/s2c/staff/v1/earning-rules/${rule.id}/end`,
    ).then((answer) => {
      order.push(`end answered ${answer.statusCode}`);
    });
    await new Promise((resolve) => setTimeout(resolve, 300));
    release();
    await Promise.all([importing, ending]);
    expect(order).toEqual(['import committed', 'end answered 200']);
  });
});

/** The fields a 400 names (beside the request id every error answer carries). */
const fields = (data: Record<string, unknown>) =>
  Object.keys(data).filter((key) => key !== 'requestId');

describe('refusals', () => {
  it('keys each bad field of a new rule', async () => {
    const bad = async (body: Record<string, unknown>) => {
      const answer = await call(tokens.managerGr, 'POST', '/s2c/staff/v1/earning-rules', body);
      expect(answer.statusCode, answer.body).toBe(400);
      return fields(answer.json<{ data: Record<string, unknown> }>().data);
    };
    expect(await bad({ ...marchHotels, memberNames: { eng: 'March hotels' } })).toEqual([
      'memberNames.ell',
    ]);
    expect(await bad({ ...marchHotels, points: 50 })).toEqual(['points']);
    expect(await bad({ ...marchHotels, to: '2030-02-01' })).toEqual(['to']);
    expect(await bad({ ...marchHotels, segmentTypes: [] })).toEqual(['segmentTypes']);
    expect(await bad({ ...marchHotels, multiplier: 0.5 })).toEqual(['multiplier']);
    expect(await bad({ ...marchHotels, kind: 'base', multiplier: null, points: null })).toEqual([
      'points',
    ]);
    const simulate = await call(tokens.supportGr, 'POST', '/s2c/staff/v1/earning-rules/simulate', {
      record: '{"pnr": 1}',
    });
    expect(simulate.statusCode).toBe(400);
    expect(fields(simulate.json<{ data: Record<string, unknown> }>().data)).toEqual(['record']);
  });

  it('lets support read but not publish, and keeps managers to their countries', async () => {
    const count = async () => (await db().select().from(earningRules)).length;
    const before = await count();
    expect(
      (await call(tokens.supportGr, 'POST', '/s2c/staff/v1/earning-rules', marchHotels)).statusCode,
    ).toBe(403);
    expect(
      (await call(tokens.managerAe, 'POST', '/s2c/staff/v1/earning-rules', marchHotels)).statusCode,
    ).toBe(404);
    expect(
      (await call(tokens.managerAe, 'GET', '/s2c/staff/v1/earning-rules?country=gr')).statusCode,
    ).toBe(404);
    expect(await count()).toBe(before);
  });
});
