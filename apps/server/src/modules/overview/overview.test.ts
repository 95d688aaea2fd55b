import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Overview } from '@club/contract/staff-overview';
import { createAgent } from '../../testing/factories.js';
import { createTestGift, placeTestOrder } from '../../testing/gift-orders.js';
import { createStaff, staffCall, staffLogin } from '../../testing/staff-helpers.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { giftOrders, memberTaxDetails } from '../gifts/schema.js';
import { bookingImports } from '../points/schema.js';
import { missingPointsClaims } from '../claims/schema.js';
import { headerAlerts } from '../content/schema.js';

/**
 * The Overview's counts on known data: each kind of work counted in the
 * staff member's countries only, the failed orders within their window, the
 * latest import the staff member may see, and another country refused.
 */
let t: TestApp;
const clock = Date.parse('2031-03-15T10:00:00Z');
const day = 86_400_000;
const tokens = { admin: '', managerGr: '', supportGr: '', managerAeGr: '' };

async function sendTaxDetails(
  member: { id: number; countryCode: string },
  state: 'sent' | 'confirmed',
  sentAt: number,
) {
  await t.database.db.insert(memberTaxDetails).values({
    agentId: member.id,
    countryCode: member.countryCode,
    fields: { taxId: '123' },
    state,
    sentAt: new Date(sentAt),
  });
}

async function recordImport(countries: string[] | null, startedAt: number, rejectedCount: number) {
  const [row] = await t.database.db
    .insert(bookingImports)
    .values({
      startedAt: new Date(startedAt),
      finishedAt: new Date(startedAt + 1000),
      actor: countries === null ? 'booking-queue' : 'manager@example.com',
      source: countries === null ? 'booking-queue' : 'console',
      countries,
      fileName: `bookings-${startedAt}.jsonl`,
      outcome: 'finished',
      summary: { lines: rejectedCount + 1, accepted: 1 },
      rejectedCount,
      rejectedLines: [],
    })
    .returning({ id: bookingImports.id });
  return row!.id;
}

let grImport = 0;
let queueImport = 0;
let firstGrNumber = '';

beforeAll(async () => {
  t = await createTestApp({ now: () => clock });
  const db = t.database.db;
  const admin = await createStaff(db, 'admin');
  const managerGr = await createStaff(db, 'manager', ['gr']);
  const supportGr = await createStaff(db, 'support', ['gr']);
  const managerAeGr = await createStaff(db, 'manager', ['ae', 'gr']);
  tokens.admin = await staffLogin(t.app, admin, clock);
  tokens.managerGr = await staffLogin(t.app, managerGr, clock);
  tokens.supportGr = await staffLogin(t.app, supportGr, clock);
  tokens.managerAeGr = await staffLogin(t.app, managerAeGr, clock);

  const gr = await createAgent(db, { countryCode: 'gr' });
  const gr2 = await createAgent(db, { countryCode: 'gr' });
  const gr3 = await createAgent(db, { countryCode: 'gr' });
  const at = await createAgent(db, { countryCode: 'ae', languageCode: 'ara' });
  firstGrNumber = gr2.number!;

  // Orders: gr two waiting, one placed (not yet with the provider), one failed
  // in the window and one failed before it; ae one waiting.
  await placeTestOrder(db, gr, { state: 'submitted', at: clock - day });
  await placeTestOrder(db, gr, { state: 'submitted', at: clock - 2 * day });
  await placeTestOrder(db, gr, { at: clock - day });
  await placeTestOrder(db, at, { state: 'submitted', at: clock - day });
  const failed = {
    delivery: 'self' as const,
    totalPoints: 50,
    provider: 'manual',
    state: 'failed' as const,
  };
  await db.insert(giftOrders).values([
    {
      ...failed,
      agentId: gr.id,
      countryCode: 'gr',
      orderKey: 'f1',
      createdAt: new Date(clock - 3 * day),
    },
    {
      ...failed,
      agentId: gr.id,
      countryCode: 'gr',
      orderKey: 'f2',
      createdAt: new Date(clock - 40 * day),
    },
  ]);

  // Tax details: two of gr waiting (gr2 sent first), one of gr decided, one of ae waiting.
  await sendTaxDetails(gr, 'sent', clock - day);
  await sendTaxDetails(gr2, 'sent', clock - 5 * day);
  await sendTaxDetails(gr3, 'confirmed', clock - 9 * day);
  await sendTaxDetails(at, 'sent', clock - 2 * day);

  // Gifts: gr one low (3 left), one empty but withdrawn, one uncounted, one plenty;
  // the orders above made test gifts with 9 left. ae one at the limit (5).
  await createTestGift(db, 'gr', { stock: 3 });
  await createTestGift(db, 'gr', { stock: 0, active: false });
  await createTestGift(db, 'gr', { stock: null });
  await createTestGift(db, 'gr', { stock: 400 });
  await createTestGift(db, 'ae', { stock: 5 });

  // Claims: gr two open (PNR1 filed 6 days ago) and one decided; ae one open.
  const claim = (agentId: number, countryCode: string, pnr: string, filedAt: number) => ({
    agentId,
    countryCode,
    pnr,
    travelDate: '2031-02-01',
    filedAt: new Date(filedAt),
  });
  await db
    .insert(missingPointsClaims)
    .values([
      claim(gr.id, 'gr', 'PNR1', clock - 6 * day),
      claim(gr2.id, 'gr', 'PNR2', clock - day),
      { ...claim(gr3.id, 'gr', 'PNR3', clock - 20 * day), state: 'rejected' as const },
      claim(at.id, 'ae', 'PNR4', clock - 9 * day),
    ]);

  // Alerts: gr one ending in a day (a row per language: counted once), one in
  // 5 days, one ended, one without an end; ae one ending in 2 days.
  const alert = (
    countryCode: string,
    languageCode: string,
    position: number,
    hash: string,
    endsAt: number | null,
  ) => ({
    countryCode,
    languageCode,
    position,
    hash,
    type: 'info' as const,
    text: hash,
    startsAt: new Date(clock - 10 * day),
    endsAt: endsAt === null ? null : new Date(endsAt),
  });
  await db
    .insert(headerAlerts)
    .values([
      alert('gr', 'ell', 100, 'gr-soon', clock + day),
      alert('gr', 'eng', 100, 'gr-soon', clock + day),
      alert('gr', 'ell', 101, 'gr-later', clock + 5 * day),
      alert('gr', 'ell', 102, 'gr-ended', clock - day),
      alert('gr', 'ell', 103, 'gr-open', null),
      alert('ae', 'ara', 100, 'ae-soon', clock + 2 * day),
    ]);

  // Imports: a gr upload, then the queue's (every country) later.
  grImport = await recordImport(['gr'], clock - 2 * day, 4);
  queueImport = await recordImport(null, clock - day, 7);
});
afterAll(() => t.close());

async function overview(who: keyof typeof tokens, query = '') {
  const response = await staffCall(t.app, tokens[who], 'GET', `/s2c/staff/v1/overview${query}`);
  return { status: response.statusCode, data: response.json<{ data: Overview }>().data };
}

describe('the overview', () => {
  it('counts what waits in a manager’s country, with the filtered screens’ keys', async () => {
    const { status, data } = await overview('managerGr');
    expect(status).toBe(200);
    expect(data).toMatchObject({
      country: null,
      countries: ['gr'],
      ordersWaiting: 2,
      ordersFailed: 1,
      failedSince: '2031-02-14',
      countsCapped: false,
      taxToCheck: 2,
      lowStockGifts: 1,
      lastImport: { id: grImport, rejectedCount: 4 },
      rejectedLinesLastImport: 4,
      openClaims: 2,
      oldestOpenClaimAt: new Date(clock - 6 * day).toISOString(),
      alertsEndingSoon: 1,
      alertEndingFirst: {
        countryCode: 'gr',
        languageCode: 'eng',
        hash: 'gr-soon',
        endsAt: new Date(clock + day).toISOString(),
      },
    });
    expect(data.taxToCheckOldest.map((member) => member.number)).toEqual([
      firstGrNumber,
      expect.any(String),
    ]);
    expect(data.taxToCheckOldest.every((member) => member.countryCode === 'gr')).toBe(true);
  });

  it('reads the same for support of the country', async () => {
    const { status, data } = await overview('supportGr');
    expect(status).toBe(200);
    expect(data.ordersWaiting).toBe(2);
    expect(data.taxToCheck).toBe(2);
  });

  it('adds up a manager’s countries, and narrows to one of them', async () => {
    const all = await overview('managerAeGr');
    expect(all.data).toMatchObject({
      countries: ['ae', 'gr'],
      ordersWaiting: 3,
      taxToCheck: 3,
      lowStockGifts: 2,
    });
    const at = await overview('managerAeGr', '?country=ae');
    expect(at.data).toMatchObject({
      country: 'ae',
      ordersWaiting: 1,
      ordersFailed: 0,
      taxToCheck: 1,
      lowStockGifts: 1,
      openClaims: 1,
      oldestOpenClaimAt: new Date(clock - 9 * day).toISOString(),
      alertsEndingSoon: 1,
      alertEndingFirst: { countryCode: 'ae', hash: 'ae-soon' },
      // The gr upload did not touch ae; the queue's import only admins see.
      lastImport: null,
      rejectedLinesLastImport: 0,
    });
  });

  it('refuses another country with 404, as every staff call does', async () => {
    expect((await overview('managerGr', '?country=ae')).status).toBe(404);
  });

  it('shows an admin every country, and the queue’s import that spans them', async () => {
    const { data } = await overview('admin');
    expect(data).toMatchObject({
      country: null,
      ordersWaiting: 3,
      ordersFailed: 1,
      taxToCheck: 3,
      lowStockGifts: 2,
      openClaims: 3,
      lastImport: { id: queueImport, rejectedCount: 7 },
      alertsEndingSoon: 2,
      alertEndingFirst: { countryCode: 'gr', hash: 'gr-soon' },
    });
    expect(data.countries).toContain('ae');
    const at = await overview('admin', '?country=ae');
    expect(at.data).toMatchObject({ ordersWaiting: 1, lastImport: { id: queueImport } });
  });

  it('answers 400 for a country that is not two letters, and 401 without a session', async () => {
    expect((await overview('managerGr', '?country=GRC')).status).toBe(400);
    const response = await staffCall(t.app, undefined, 'GET', '/s2c/staff/v1/overview');
    expect(response.statusCode).toBe(401);
  });
});
