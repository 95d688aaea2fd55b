import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  MemberClaim,
  MemberClaimList,
  StaffClaimDetail,
  ClaimQueue,
} from '@club/contract/claims';
import type { PointsPage } from '@club/contract/points';
import { getPage, logIn, outboxRows } from '../../testing/account-helpers.js';
import {
  bookingOf,
  bookingRecord,
  entriesOf,
  ledgerProblems,
  queueConfig,
  sendQueue,
} from '../../testing/booking-records.js';
import { createAgent } from '../../testing/factories.js';
import { createStaff, staffCall, staffLogin } from '../../testing/staff-helpers.js';
import { createTestApp, testConfig, type TestApp } from '../../testing/test-app.js';
import { auditEntries } from '../audit/schema.js';
import { pointAdjustments } from '../points/schema.js';
import { missingPointsClaims } from './schema.js';

/**
 * Missing-points claims through HTTP (docs/bookings.md, "Missing-points
 * claims"): members file them with the refusals, staff of the member's
 * country see the queue and the evidence and decide once (an approval is a
 * ledger credit linked to the claim and the PNR, within support's limit),
 * every decision is audited and mailed, and the booking import matches open
 * claims and pays nothing twice for approved ones.
 */

let t: TestApp;
let clock = Date.parse('2030-06-01T09:00:00Z');
const tokens = { admin: '', managerGr: '', managerAe: '', supportGr: '' };
const password = 'secret123';
const OPEN_LIMIT = 3;

beforeAll(async () => {
  const base = testConfig();
  t = await createTestApp({
    now: () => clock,
    config: {
      ...queueConfig(),
      staff: { ...base.staff, claimsOpenLimit: OPEN_LIMIT, supportAdjustmentLimit: 30 },
    },
  });
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
let pnrCounter = 0;
const newPnr = () => `CLM${String(++pnrCounter).padStart(3, '0')}`;

async function newMember(overrides: { languageCode?: string } = {}) {
  const member = await createAgent(db(), {
    countryCode: 'gr',
    officeId: 'ATHGR0001',
    ...overrides,
    password,
  });
  return { ...member, token: await logIn(t.app, member.number, password) };
}

type Member = Awaited<ReturnType<typeof newMember>>;

const file = (member: Member, body: Record<string, string>, language?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/s2c/auth/v1/agent-points/claims',
    headers: {
      authorization: `Bearer ${member.token}`,
      ...(language === undefined ? {} : { 'accept-language': language, host: 'gr.localhost' }),
    },
    payload: { number: member.number, travelDate: '2030-05-01', ...body },
  });

async function filed(member: Member, body: Record<string, string>): Promise<MemberClaim> {
  const answer = await file(member, body);
  expect(answer.statusCode, answer.body).toBe(201);
  return answer.json<{ data: MemberClaim }>().data;
}

const ownClaims = async (member: Member) =>
  (
    await t.app.inject({
      url: `/s2c/auth/v1/agent-points/claims?number=${member.number}`,
      headers: { authorization: `Bearer ${member.token}` },
    })
  ).json<{ data: MemberClaimList }>().data.items;

const decide = (token: string, id: number, body: Record<string, string>) =>
  staffCall(t.app, token, 'POST', `/s2c/staff/v1/claims/${id}/decision`, body);

const detail = async (token: string, id: number) => {
  const answer = await staffCall(t.app, token, 'GET', `/s2c/staff/v1/claims/${id}`);
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json<{ data: StaffClaimDetail }>().data;
};

const queue = async (token: string, query: string) => {
  const answer = await staffCall(t.app, token, 'GET', `/s2c/staff/v1/claims?${query}`);
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json<{ data: ClaimQueue }>().data;
};

const mailsTo = async (email: string) =>
  (await outboxRows(db())).filter((row) => row.recipient === email);

const decisionAudits = (id: number) =>
  db()
    .select()
    .from(auditEntries)
    .where(and(eq(auditEntries.action, 'claim.decision'), eq(auditEntries.target, String(id))));

/** A flown hotel booking of the member through the queue: it earns 10. */
const hotelRecord = (pnr: string, member?: string) =>
  bookingRecord({
    pnr,
    ...(member === undefined ? {} : { member }),
    segments: [{ kind: 'hotel', serviceDate: '2030-05-01' }],
  });

describe('a member files a claim', () => {
  it('is listed open with what was sent; another member’s number is 403, a guest 401', async () => {
    const member = await newMember();
    const pnr = newPnr();
    const claim = await filed(member, {
      pnr: pnr.toLowerCase(),
      booked: 'hotel',
      note: 'Hotel in Crete',
    });
    expect(claim).toMatchObject({
      pnr,
      state: 'open',
      booked: 'hotel',
      note: 'Hotel in Crete',
      points: 0,
      reason: null,
    });
    expect(await ownClaims(member)).toEqual([claim]);

    const other = await newMember();
    expect((await file(other, { pnr: newPnr(), number: member.number })).statusCode).toBe(403);
    const guest = await t.app.inject({
      method: 'POST',
      url: '/s2c/auth/v1/agent-points/claims',
      payload: { number: member.number, pnr: newPnr(), travelDate: '2030-05-01' },
    });
    expect(guest.statusCode).toBe(401);
  });

  it('refuses bad fields with the form’s keyed messages, in the language asked', async () => {
    const member = await newMember();
    const bad = await file(member, { pnr: 'A1', travelDate: '2030-13-40', booked: 'ship' });
    expect(bad.statusCode).toBe(400);
    const problems = bad.json<{ data: Record<string, string> }>().data;
    expect(problems.pnr).toBe('A PNR has 5 to 8 letters and digits.');
    expect(problems.travelDate).toBeDefined();
    expect(problems.booked).toBeDefined();
    expect(await ownClaims(member)).toEqual([]);
    const pnr = newPnr();
    await filed(member, { pnr });
    const greek = await file(member, { pnr }, 'el-GR');
    expect(greek.json<{ data: Record<string, string> }>().data.pnr).toBe(
      'Έχετε ήδη ανοιχτό αίτημα για αυτή την κράτηση.',
    );
  });

  it('refuses a PNR that earned, one still pending, a second open claim and past the open limit', async () => {
    const member = await newMember();
    const earned = newPnr();
    const pending = newPnr();
    await sendQueue(t.app, [
      hotelRecord(earned, member.number),
      bookingRecord({
        pnr: pending,
        member: member.number,
        segments: [{ serviceDate: '2031-01-01' }],
      }),
    ]);
    const earnedAnswer = await file(member, { pnr: earned });
    expect(earnedAnswer.statusCode).toBe(400);
    expect(earnedAnswer.json<{ data: Record<string, string> }>().data.pnr).toBe(
      'This booking has already earned you points: nothing is missing.',
    );
    expect(
      (await file(member, { pnr: pending })).json<{ data: Record<string, string> }>().data.pnr,
    ).toBe('This booking is yours and still pending: its points come once you have travelled.');

    const first = newPnr();
    await filed(member, { pnr: first });
    const again = await file(member, { pnr: first });
    expect(again.json<{ data: Record<string, string> }>().data.pnr).toBe(
      'You already have an open claim for this booking.',
    );
    for (let n = 1; n < OPEN_LIMIT; n++) await filed(member, { pnr: newPnr() });
    const over = await file(member, { pnr: newPnr() });
    expect(over.statusCode).toBe(400);
    expect(over.json<{ data: Record<string, string> }>().data.claim).toContain(
      'too many open claims',
    );
    expect((await ownClaims(member)).filter((claim) => claim.state === 'open')).toHaveLength(
      OPEN_LIMIT,
    );
  });
});

describe('staff see the claims', () => {
  it('in the queue of their countries, oldest first, filtered by state, country and age', async () => {
    const member = await newMember();
    const older = await filed(member, { pnr: newPnr() });
    const newer = await filed(member, { pnr: newPnr() });
    // Filed ten days before the others (the staff sessions keep the clock).
    await db()
      .update(missingPointsClaims)
      .set({ filedAt: new Date(clock - 10 * 86_400_000) })
      .where(eq(missingPointsClaims.id, older.id));

    const open = await queue(tokens.managerGr, 'state=open&country=gr');
    const ids = open.items.map((item) => item.id);
    expect(ids.indexOf(older.id)).toBeLessThan(ids.indexOf(newer.id));
    expect(open.total).toBeGreaterThanOrEqual(2);
    expect(open.items.find((item) => item.id === older.id)).toMatchObject({
      memberNumber: member.number,
      memberName: 'Nikos Agent',
      countryCode: 'gr',
    });
    const aged = await queue(tokens.managerGr, 'state=open&olderThanDays=7');
    expect(aged.items.map((item) => item.id)).toContain(older.id);
    expect(aged.items.map((item) => item.id)).not.toContain(newer.id);
    expect((await queue(tokens.managerGr, 'state=rejected')).items.map((i) => i.id)).not.toContain(
      older.id,
    );

    // Another country's manager: an empty queue, and the claim does not exist for them.
    expect(
      (await queue(tokens.managerAe, 'state=open')).items.some((i) => i.countryCode === 'gr'),
    ).toBe(false);
    expect((await queue(tokens.managerAe, 'country=gr')).total).toBe(0);
    const hidden = await staffCall(
      t.app,
      tokens.managerAe,
      'GET',
      `/s2c/staff/v1/claims/${older.id}`,
    );
    expect(hidden.statusCode).toBe(404);
    expect(
      (await decide(tokens.managerAe, older.id, { decision: 'reject', reason: 'No' })).statusCode,
    ).toBe(404);
  });

  it('with the PNR’s rejected import lines and what the booking would earn', async () => {
    const member = await newMember();
    const pnr = newPnr();
    // Sent without the member's remark, then with a remark missing its space: rejected twice.
    await sendQueue(t.app, [
      bookingRecord({
        pnr,
        segments: [
          { kind: 'air', serviceDate: '2030-05-01' },
          { id: '2', kind: 'hotel', serviceDate: '2030-05-02' },
        ],
      }),
    ]);
    await sendQueue(t.app, [
      bookingRecord({
        pnr,
        remarks: [`RM*AMA${member.number}`],
        segments: [
          { kind: 'air', serviceDate: '2030-05-01' },
          { id: '2', kind: 'hotel', serviceDate: '2030-05-02' },
          { id: '3', kind: 'car', status: 'XX', serviceDate: '2030-05-02' },
        ],
      }),
    ]);
    const claim = await filed(member, { pnr, booked: 'air' });
    const seen = await detail(tokens.supportGr, claim.id);
    expect(seen.importHistory.map((line) => line.reason)).toEqual([
      'no-remark',
      'remark-without-space',
    ]);
    expect(seen.importHistory[0]).toMatchObject({ source: 'booking-queue', line: 1 });
    expect(seen.booking).toMatchObject({ state: 'rejected', reason: 'remark-without-space' });
    // Air 5 + hotel 10 (the fixture's gr points); the cancelled car earns nothing.
    expect(seen.proposedPoints).toBe(15);
    expect(seen.adjustmentLimit).toBe(30);
    expect((await detail(tokens.admin, claim.id)).adjustmentLimit).toBeNull();

    // No booking stored: what the member said was booked.
    const unknown = await filed(member, { pnr: newPnr(), booked: 'hotel' });
    expect((await detail(tokens.admin, unknown.id)).proposedPoints).toBe(10);
  });
});

describe('staff decide', () => {
  it('approve: a ledger credit linked to the claim and the PNR, audited, mailed in the member’s language', async () => {
    const member = await newMember({ languageCode: 'ell' });
    const pnr = newPnr();
    await sendQueue(t.app, [hotelRecord(pnr)]);
    const claim = await filed(member, { pnr });
    clock += 60_000;
    const answer = await decide(tokens.managerGr, claim.id, {
      decision: 'approve',
      points: '12',
      reason: 'The remark was missing; hotel credited',
    });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json<{ data: StaffClaimDetail }>().data).toMatchObject({
      state: 'approved',
      points: 12,
      reason: 'The remark was missing; hotel credited',
      decidedBy: expect.stringContaining('@') as string,
    });

    const [row] = await db()
      .select()
      .from(missingPointsClaims)
      .where(eq(missingPointsClaims.id, claim.id));
    const entries = await entriesOf(db(), member.id);
    expect(entries).toHaveLength(1);
    const booking = await bookingOf(db(), pnr);
    expect(entries[0]).toMatchObject({
      id: row!.entryId,
      kind: 'additional',
      amount: 12,
      description: 'The remark was missing; hotel credited',
      bookingId: booking.id,
    });
    const [adjustment] = await db()
      .select()
      .from(pointAdjustments)
      .where(eq(pointAdjustments.reference, `claim-${claim.id}`));
    expect(adjustment).toMatchObject({ entryId: row!.entryId, points: 12 });

    const [audit] = await decisionAudits(claim.id);
    expect(audit).toMatchObject({
      countryCode: 'gr',
      reason: 'The remark was missing; hotel credited',
      before: { state: 'open' },
      after: { state: 'approved', points: 12, pnr },
    });
    const [mail] = await mailsTo(member.email);
    expect(mail!.template).toBe('claim-approved');
    expect(mail!.subject).toContain(pnr);
    expect(mail!.subject).toContain('πιστώθηκαν');
    expect(mail!.text).toContain('12');
    expect(mail!.text).toContain('/ell/points');

    const [listed] = await ownClaims(member);
    expect(listed).toMatchObject({
      state: 'approved',
      points: 12,
      reason: 'The remark was missing; hotel credited',
    });
    expect(await ledgerProblems(db())).toEqual([]);
  });

  it('reject: a reason is required; the member reads it and is mailed', async () => {
    const member = await newMember();
    const claim = await filed(member, { pnr: newPnr() });
    expect((await decide(tokens.admin, claim.id, { decision: 'reject' })).statusCode).toBe(400);
    expect(
      (await decide(tokens.admin, claim.id, { decision: 'approve', points: '0', reason: 'x' }))
        .statusCode,
    ).toBe(400);
    const answer = await decide(tokens.admin, claim.id, {
      decision: 'reject',
      reason: 'The booking was made by another agency',
    });
    expect(answer.statusCode).toBe(200);
    expect((await ownClaims(member))[0]).toMatchObject({
      state: 'rejected',
      points: 0,
      reason: 'The booking was made by another agency',
    });
    expect(await entriesOf(db(), member.id)).toEqual([]);
    const [mail] = await mailsTo(member.email);
    expect(mail!.template).toBe('claim-rejected');
    expect(mail!.text).toContain('The booking was made by another agency');
    // Rejected, the member may claim the PNR again.
    expect((await file(member, { pnr: claim.pnr })).statusCode).toBe(201);
  });

  it('support decides within its adjustment limit per member per day; past it nothing is written', async () => {
    const member = await newMember();
    const first = await filed(member, { pnr: newPnr() });
    const second = await filed(member, { pnr: newPnr() });
    const over = await decide(tokens.supportGr, first.id, {
      decision: 'approve',
      points: '31',
      reason: 'Credited',
    });
    expect(over.statusCode).toBe(403);
    expect(
      (
        await decide(tokens.supportGr, first.id, {
          decision: 'approve',
          points: '20',
          reason: 'Credited',
        })
      ).statusCode,
    ).toBe(200);
    const past = await decide(tokens.supportGr, second.id, {
      decision: 'approve',
      points: '20',
      reason: 'Credited',
    });
    expect(past.statusCode).toBe(403);
    expect(past.json<{ data: { points: string } }>().data.points).toContain('10 left');
    const [row] = await db()
      .select()
      .from(missingPointsClaims)
      .where(eq(missingPointsClaims.id, second.id));
    expect(row).toMatchObject({ state: 'open', entryId: null, points: 0 });
    expect(await decisionAudits(second.id)).toEqual([]);
    expect((await entriesOf(db(), member.id)).map((entry) => entry.amount)).toEqual([20]);
    // Support may still reject.
    expect(
      (await decide(tokens.supportGr, second.id, { decision: 'reject', reason: 'No' })).statusCode,
    ).toBe(200);
  });

  it('decides once: a decided claim answers 409; two decisions at once make one', async () => {
    const member = await newMember();
    const claim = await filed(member, { pnr: newPnr() });
    const answers = await Promise.all([
      decide(tokens.managerGr, claim.id, { decision: 'approve', points: '5', reason: 'Yes' }),
      decide(tokens.admin, claim.id, { decision: 'reject', reason: 'No' }),
      decide(tokens.managerGr, claim.id, { decision: 'approve', points: '5', reason: 'Yes' }),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409, 409]);
    expect(await decisionAudits(claim.id)).toHaveLength(1);
    expect(await mailsTo(member.email)).toHaveLength(1);
    expect((await entriesOf(db(), member.id)).length).toBeLessThanOrEqual(1);
    expect(await ledgerProblems(db())).toEqual([]);
  });
});

describe('the booking import and claims', () => {
  it('closes an open claim as matched when the claimant’s booking arrives and earns', async () => {
    const member = await newMember();
    const other = await newMember();
    const pnr = newPnr();
    const claim = await filed(member, { pnr });
    const othersClaim = await filed(other, { pnr });
    await sendQueue(t.app, [hotelRecord(pnr, member.number)]);
    const [mine] = await ownClaims(member);
    expect(mine).toMatchObject({ id: claim.id, state: 'matched', points: 0 });
    // Only the claimant's: the other member's claim stays open for staff.
    expect((await ownClaims(other))[0]).toMatchObject({ id: othersClaim.id, state: 'open' });
    expect((await entriesOf(db(), member.id)).map((entry) => [entry.kind, entry.amount])).toEqual([
      ['segment', 10],
    ]);
    expect(
      (await decide(tokens.admin, claim.id, { decision: 'approve', points: '10', reason: 'x' }))
        .statusCode,
    ).toBe(409);
  });

  it('pays nothing twice: a booking arriving after an approval earns nothing, and the member reads why', async () => {
    const member = await newMember();
    const pnr = newPnr();
    const claim = await filed(member, { pnr, booked: 'hotel' });
    await decide(tokens.managerGr, claim.id, {
      decision: 'approve',
      points: '10',
      reason: 'Hotel credited',
    });
    await sendQueue(t.app, [
      hotelRecord(pnr, member.number),
      bookingRecord({
        pnr: newPnr(),
        member: member.number,
        segments: [{ kind: 'car', serviceDate: '2030-05-01' }],
      }),
    ]);
    const booking = await bookingOf(db(), pnr);
    expect(booking).toMatchObject({ state: 'accepted', claimId: claim.id });
    expect(booking.segments.map((segment) => [segment.status, segment.points])).toEqual([
      ['OK', 0],
    ]);
    // The claim's credit, and the other booking's car: nothing for the claimed hotel.
    expect((await entriesOf(db(), member.id)).map((entry) => [entry.kind, entry.amount])).toEqual([
      ['additional', 10],
      ['segment', 10],
    ]);
    expect((await ownClaims(member))[0]).toMatchObject({ state: 'approved', points: 10 });
    const page = await getPage<PointsPage>(t.app, 'points', { countryCode: 'gr' }, member.token);
    const row = page.data.points.find((candidate) => candidate.pnr === pnr);
    expect(row).toMatchObject({ paidByClaim: true, points: 0, _Price: 0 });
    expect(await ledgerProblems(db())).toEqual([]);
  });

  it('a pending booking of an approved claim earns nothing when the points clock validates it', async () => {
    const member = await newMember();
    const pnr = newPnr();
    const claim = await filed(member, { pnr });
    await decide(tokens.admin, claim.id, { decision: 'approve', points: '5', reason: 'Credited' });
    await sendQueue(t.app, [
      bookingRecord({ pnr, member: member.number, segments: [{ serviceDate: '2030-07-01' }] }),
    ]);
    clock = Date.parse('2030-08-01T09:00:00Z');
    await t.app.pointsClock.runOnce();
    const booking = await bookingOf(db(), pnr);
    expect(booking.segments.map((segment) => [segment.status, segment.points])).toEqual([
      ['OK', 0],
    ]);
    expect((await entriesOf(db(), member.id)).map((entry) => entry.amount)).toEqual([5]);
    expect(await ledgerProblems(db())).toEqual([]);
  });
});
