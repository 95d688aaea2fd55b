import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderQueue, StaffOrder } from '@club/contract/staff-orders';
import { createAgent } from '../../../testing/factories.js';
import { bearer, sessionToken } from '../../../testing/agent-requests.js';
import { createTestGift, placeTestOrder as placeOrderAt } from '../../../testing/gift-orders.js';
import { createStaff, staffCall, staffLogin } from '../../../testing/staff-helpers.js';
import { createTestApp, type TestApp } from '../../../testing/test-app.js';
import { auditEntries } from '../../audit/schema.js';
import { mailOutbox } from '../../mail/schema.js';
import { pointBalances, pointEntries } from '../../points/schema.js';
import { giftOrderAttempts, giftOrders, gifts } from '../schema.js';

let t: TestApp;
let clock = Date.parse('2030-04-01T09:00:00Z');
const tokens = { admin: '', managerGr: '', managerAt: '', supportGr: '' };
type Member = Awaited<ReturnType<typeof createAgent>>;
let grMember: Member;
let atMember: Member;

beforeAll(async () => {
  t = await createTestApp({ now: () => clock });
  const db = t.database.db;
  const accounts = {
    admin: await createStaff(db, 'admin'),
    managerGr: await createStaff(db, 'manager', ['gr']),
    managerAt: await createStaff(db, 'manager', ['at']),
    supportGr: await createStaff(db, 'support', ['gr']),
  };
  for (const [name, account] of Object.entries(accounts)) {
    clock += 30_000;
    tokens[name as keyof typeof tokens] = await staffLogin(t.app, account, clock);
  }
  grMember = await createAgent(db, {
    countryCode: 'gr',
    firstName: 'Eleni',
    lastName: '=HYPERLINK()',
  });
  atMember = await createAgent(db, { countryCode: 'at', languageCode: 'deu', firstName: 'Lukas' });
});
afterAll(() => t.close());

/** An order placed at the test's clock unless said (credits must not have expired by then). */
const placeTestOrder = (
  database: Parameters<typeof placeOrderAt>[0],
  member: Member,
  options: Parameters<typeof placeOrderAt>[2] = {},
) => placeOrderAt(database, member, { at: clock, ...options });

const db = () => t.database.db;
const call = (token: string, method: 'GET' | 'POST', url: string, body?: Record<string, string>) =>
  staffCall(t.app, token, method, url, body);

async function available(agentId: number) {
  const [row] = await db()
    .select({ available: pointBalances.available })
    .from(pointBalances)
    .where(eq(pointBalances.agentId, agentId));
  return row?.available ?? 0;
}
const auditOf = (action: string, orderId: number) =>
  db()
    .select()
    .from(auditEntries)
    .where(and(eq(auditEntries.action, action), eq(auditEntries.target, String(orderId))));
const orderRow = async (id: number) =>
  (await db().select().from(giftOrders).where(eq(giftOrders.id, id)))[0]!;

describe('the order queue', () => {
  it('lists the orders of the staff member’s countries, newest first, with filters', async () => {
    const giftId = await createTestGift(db(), 'gr');
    const older = await placeTestOrder(db(), grMember, { at: clock - 5 * 86_400_000, giftId });
    const newer = await placeTestOrder(db(), grMember, {
      state: 'submitted',
      at: clock - 86_400_000,
    });
    const foreign = await placeTestOrder(db(), atMember, { at: clock - 86_400_000 });

    const asManager = await call(tokens.managerGr, 'GET', '/s2c/staff/v1/orders');
    expect(asManager.statusCode).toBe(200);
    const ids = asManager.json<{ data: OrderQueue }>().data.items.map((order) => order.id);
    expect(ids.indexOf(newer.orderId)).toBeLessThan(ids.indexOf(older.orderId));
    expect(ids).not.toContain(foreign.orderId);

    const asAdmin = await call(tokens.admin, 'GET', '/s2c/staff/v1/orders');
    expect(asAdmin.json<{ data: OrderQueue }>().data.items.map((o) => o.id)).toContain(
      foreign.orderId,
    );

    const filtered = async (query: string) =>
      (await call(tokens.admin, 'GET', `/s2c/staff/v1/orders?${query}`))
        .json<{ data: OrderQueue }>()
        .data.items.map((order) => order.id);
    expect(await filtered('state=submitted&country=gr')).toEqual([newer.orderId]);
    expect(await filtered(`gift=${giftId}`)).toEqual([older.orderId]);
    const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
    const fromTo = await filtered(
      `country=gr&from=${day(clock - 5 * 86_400_000)}&to=${day(clock - 5 * 86_400_000)}`,
    );
    expect(fromTo).toEqual([older.orderId]);

    const first = asManager
      .json<{ data: OrderQueue }>()
      .data.items.find((o) => o.id === older.orderId);
    expect(first).toMatchObject({
      countryCode: 'gr',
      state: 'placed',
      member: { number: grMember.number, firstName: 'Eleni' },
      gifts: '1 × Test gift',
    });
  });

  it('answers 404 for a country filter the manager does not work in, and 400 for bad filters', async () => {
    expect(
      (await call(tokens.managerGr, 'GET', '/s2c/staff/v1/orders?country=at')).statusCode,
    ).toBe(404);
    const bad = await call(
      tokens.admin,
      'GET',
      '/s2c/staff/v1/orders?state=lost&from=2030-02-31&page=-1',
    );
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json<{ data: object }>().data)).toEqual(
      expect.arrayContaining(['state', 'from', 'page']),
    );
  });

  it('exports the filtered queue as CSV, formulas defused', async () => {
    const placed = await placeTestOrder(db(), grMember, { description: '@SUM(A1)' });
    const answer = await call(
      tokens.supportGr,
      'GET',
      '/s2c/staff/v1/orders.csv?country=gr&state=placed',
    );
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe('text/csv; charset=utf-8');
    const lines = answer.body.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toBe(
      'order,created,country,state,member,first name,last name,email,points,gifts,quantity,delivery,delivery address,voucher codes,provider,attempts,last error',
    );
    const line = lines.find((text) => text.startsWith(`${placed.orderId},`));
    expect(line).toContain("'=HYPERLINK()");
    expect(line).toContain('1 × @SUM(A1)');
    // The queue's words for the state.
    expect(line).toContain(',gr,Placed,');
    expect(lines.every((text) => !text.includes(',at,'))).toBe(true);
    const foreign = await call(tokens.managerGr, 'GET', '/s2c/staff/v1/orders.csv');
    expect(foreign.body).not.toContain(',at,');
  });

  it('holds what a fulfilment partner needs: how it is sent, where, how many and the codes', async () => {
    const parcel = await placeTestOrder(db(), grMember, { state: 'submitted', quantity: 2 });
    await db()
      .update(giftOrders)
      .set({ delivery: 'send', deliveryAddress: 'Odos Ermou 1, Athina' })
      .where(eq(giftOrders.id, parcel.orderId));
    const coded = await placeTestOrder(db(), grMember, { state: 'submitted', quantity: 2 });
    const fulfilled = await call(
      tokens.managerGr,
      'POST',
      `/s2c/staff/v1/orders/${coded.orderId}/fulfilment`,
      { vouchers: 'CSV-0001\nCSV-0002' },
    );
    expect(fulfilled.statusCode, fulfilled.body).toBe(200);
    const answer = await call(tokens.managerGr, 'GET', '/s2c/staff/v1/orders.csv?country=gr');
    const lines = answer.body.replace(/^\uFEFF/, '').split('\r\n');
    const parcelLine = lines.find((text) => text.startsWith(`${parcel.orderId},`));
    expect(parcelLine).toMatch(/,2,send to the address,"Odos Ermou 1, Athina",,manual,/);
    // The codes in one cell, one a line (the next CSV line continues the quoted cell).
    const at = answer.body.indexOf(`\r\n${coded.orderId},`);
    const codedRow = answer.body.slice(at + 2, answer.body.indexOf(',manual,', at));
    expect(codedRow).toMatch(/,2,the member collects it,,"CSV-0001\nCSV-0002"$/);
  });
});

describe('one order', () => {
  it('shows lines, member, timeline and the provider’s answers; 404 in another country', async () => {
    const placed = await placeTestOrder(db(), grMember, { provider: 'http', attempts: 1 });
    await db()
      .insert(giftOrderAttempts)
      .values({
        orderId: placed.orderId,
        at: new Date(clock),
        call: 'place',
        outcome: 'retry',
        answer: 'HTTP 503 from the provider',
      });
    const answer = await call(tokens.supportGr, 'GET', `/s2c/staff/v1/orders/${placed.orderId}`);
    expect(answer.statusCode).toBe(200);
    const order = answer.json<{ data: StaffOrder }>().data;
    expect(order).toMatchObject({
      id: placed.orderId,
      lines: [{ giftId: placed.giftId, quantity: 1, description: 'Test gift' }],
      timeline: [{ state: 'placed' }],
      attemptLog: [{ call: 'place', outcome: 'retry', answer: 'HTTP 503 from the provider' }],
      canFulfil: false,
      canRefund: false,
    });
    expect(
      (await call(tokens.managerAt, 'GET', `/s2c/staff/v1/orders/${placed.orderId}`)).statusCode,
    ).toBe(404);
    expect((await call(tokens.admin, 'GET', '/s2c/staff/v1/orders/999999')).statusCode).toBe(404);
  });
});

describe('fulfilling a manual order', () => {
  it('keeps the voucher codes, mails the member and writes order.fulfil', async () => {
    const placed = await placeTestOrder(db(), grMember, { state: 'submitted', quantity: 2 });
    const answer = await call(
      tokens.managerGr,
      'POST',
      `/s2c/staff/v1/orders/${placed.orderId}/fulfilment`,
      {
        vouchers: 'GIFT-0001\nGIFT-0002',
      },
    );
    expect(answer.statusCode).toBe(200);
    expect(answer.json<{ data: StaffOrder }>().data).toMatchObject({
      state: 'fulfilled',
      vouchers: ['GIFT-0001', 'GIFT-0002'],
    });
    const [entry] = await auditOf('order.fulfil', placed.orderId);
    expect(entry).toMatchObject({
      countryCode: 'gr',
      before: { state: 'submitted' },
      after: { state: 'fulfilled', vouchers: ['GIFT-0001', 'GIFT-0002'] },
    });
    expect(entry!.actor).toContain('manager');
    const mails = await db()
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.template, 'order-fulfilled'));
    expect(mails.some((mail) => JSON.stringify(mail).includes('GIFT-0002'))).toBe(true);

    const again = await call(
      tokens.managerGr,
      'POST',
      `/s2c/staff/v1/orders/${placed.orderId}/fulfilment`,
      {
        vouchers: 'GIFT-9',
      },
    );
    expect(again.statusCode).toBe(400);
    expect(again.json<{ data: { order: string } }>().data.order).toContain('fulfilled');
    expect(await auditOf('order.fulfil', placed.orderId)).toHaveLength(1);
  });

  it('takes one code per gift of the order, or none; a code short or over changes nothing', async () => {
    const placed = await placeTestOrder(db(), grMember, { state: 'submitted', quantity: 3 });
    const url = `/s2c/staff/v1/orders/${placed.orderId}/fulfilment`;
    for (const vouchers of ['ONE-1\nTWO-2', 'A-1\nB-2\nC-3\nD-4']) {
      const refused = await call(tokens.managerGr, 'POST', url, { vouchers });
      expect(refused.statusCode, vouchers).toBe(400);
      expect(refused.json<{ data: { vouchers: string } }>().data.vouchers).toMatch(
        /^This order holds 3 gifts: give 3 codes \([24] given\)/,
      );
    }
    expect((await orderRow(placed.orderId)).state).toBe('submitted');
    expect(await auditOf('order.fulfil', placed.orderId)).toHaveLength(0);
    const right = await call(tokens.managerGr, 'POST', url, { vouchers: 'A-1\nB-2\nC-3' });
    expect(right.statusCode, right.body).toBe(200);
    // A parcel: no code at all.
    const parcel = await placeTestOrder(db(), grMember, { state: 'submitted', quantity: 2 });
    const sent = await call(
      tokens.managerGr,
      'POST',
      `/s2c/staff/v1/orders/${parcel.orderId}/fulfilment`,
      { vouchers: '' },
    );
    expect(sent.statusCode, sent.body).toBe(200);
  });

  it('refuses bad codes, support, and a manager of another country, changing nothing', async () => {
    const placed = await placeTestOrder(db(), grMember, { state: 'submitted' });
    const url = `/s2c/staff/v1/orders/${placed.orderId}/fulfilment`;
    const bad = await call(tokens.managerGr, 'POST', url, { vouchers: 'ok-1 =BAD' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ data: { vouchers: string } }>().data.vouchers).toBeTruthy();
    expect((await call(tokens.supportGr, 'POST', url, { vouchers: 'A1' })).statusCode).toBe(403);
    expect((await call(tokens.managerAt, 'POST', url, { vouchers: 'A1' })).statusCode).toBe(404);
    expect((await orderRow(placed.orderId)).state).toBe('submitted');
    expect(await auditOf('order.fulfil', placed.orderId)).toHaveLength(0);
  });
});

describe('correcting the codes of a fulfilled order', () => {
  const fulfilledWith = async (vouchers: string) => {
    const placed = await placeTestOrder(db(), grMember, { state: 'submitted', quantity: 2 });
    const answer = await call(
      tokens.managerGr,
      'POST',
      `/s2c/staff/v1/orders/${placed.orderId}/fulfilment`,
      { vouchers },
    );
    expect(answer.statusCode, answer.body).toBe(200);
    return placed.orderId;
  };
  const fulfilMails = async (code: string) =>
    (await db().select().from(mailOutbox).where(eq(mailOutbox.template, 'order-fulfilled'))).filter(
      (mail) => JSON.stringify(mail).includes(code),
    );

  it('corrects them with a reason and mails them again, until the member opens them', async () => {
    const orderId = await fulfilledWith('WRONG-1\nWRONG-2');
    const url = `/s2c/staff/v1/orders/${orderId}/vouchers`;
    const page = await call(tokens.managerGr, 'GET', `/s2c/staff/v1/orders/${orderId}`);
    expect(page.json<{ data: StaffOrder }>().data).toMatchObject({
      vouchersOpenedAt: null,
      canCorrectVouchers: true,
    });
    // Bad input: no reason, a code short, support, another country: nothing changes.
    const noReason = await call(tokens.managerGr, 'POST', url, { vouchers: 'A-1\nB-2' });
    expect(noReason.statusCode).toBe(400);
    expect(Object.keys(noReason.json<{ data: object }>().data)).toContain('reason');
    const short = await call(tokens.managerGr, 'POST', url, { vouchers: 'A-1', reason: 'Typo' });
    expect(short.statusCode).toBe(400);
    expect(short.json<{ data: { vouchers: string } }>().data.vouchers).toMatch(/holds 2 gifts/);
    const body = { vouchers: 'RIGHT-1\nRIGHT-2', reason: 'Two digits swapped' };
    expect((await call(tokens.supportGr, 'POST', url, body)).statusCode).toBe(403);
    expect((await call(tokens.managerAt, 'POST', url, body)).statusCode).toBe(404);
    expect((await orderRow(orderId)).vouchers).toEqual(['WRONG-1', 'WRONG-2']);

    const corrected = await call(tokens.managerGr, 'POST', url, body);
    expect(corrected.statusCode, corrected.body).toBe(200);
    expect(corrected.json<{ data: StaffOrder }>().data.vouchers).toEqual(['RIGHT-1', 'RIGHT-2']);
    const [entry] = await auditOf('order.correct-vouchers', orderId);
    expect(entry).toMatchObject({
      countryCode: 'gr',
      reason: 'Two digits swapped',
      before: { vouchers: ['WRONG-1', 'WRONG-2'] },
      after: { vouchers: ['RIGHT-1', 'RIGHT-2'] },
    });
    expect(await fulfilMails('RIGHT-2')).toHaveLength(1);

    // The member opens their points page: the codes are theirs now.
    const memberToken = await sessionToken(t.app, grMember.number, grMember.password);
    const points = await t.app.inject({
      method: 'GET',
      url: '/s2c/content/v1/pages/points/?countryCode=gr',
      headers: bearer(memberToken),
    });
    expect(points.statusCode, points.body).toBe(200);
    const opened = await call(tokens.managerGr, 'GET', `/s2c/staff/v1/orders/${orderId}`);
    expect(opened.json<{ data: StaffOrder }>().data).toMatchObject({ canCorrectVouchers: false });
    expect(opened.json<{ data: StaffOrder }>().data.vouchersOpenedAt).not.toBeNull();
    const late = await call(tokens.managerGr, 'POST', url, {
      vouchers: 'LATE-1\nLATE-2',
      reason: 'Too late',
    });
    expect(late.statusCode).toBe(409);
    expect(late.json<{ data: { vouchers: string } }>().data.vouchers).toMatch(/opened the codes/);
    expect((await orderRow(orderId)).vouchers).toEqual(['RIGHT-1', 'RIGHT-2']);
    expect(await auditOf('order.correct-vouchers', orderId)).toHaveLength(1);
  });

  it('answers 409 for an order without codes to correct', async () => {
    const placed = await placeTestOrder(db(), grMember, { state: 'submitted', quantity: 1 });
    const answer = await call(
      tokens.managerGr,
      'POST',
      `/s2c/staff/v1/orders/${placed.orderId}/vouchers`,
      {
        vouchers: 'X-1',
        reason: 'Nothing to correct',
      },
    );
    expect(answer.statusCode).toBe(409);
    expect((await orderRow(placed.orderId)).state).toBe('submitted');
  });
});

describe('refunding an order', () => {
  it('gives the points back through the ledger with the state change, once, and writes order.refund', async () => {
    const placed = await placeTestOrder(db(), grMember, { state: 'submitted', quantity: 2 });
    const [stockBefore] = await db()
      .select({ stock: gifts.stock })
      .from(gifts)
      .where(eq(gifts.id, placed.giftId));
    const before = await available(grMember.id);
    const url = `/s2c/staff/v1/orders/${placed.orderId}/refund`;

    const noReason = await call(tokens.managerGr, 'POST', url, { reason: '  ' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json<{ data: { reason: string } }>().data.reason).toBe('Give a reason');

    const answer = await call(tokens.managerGr, 'POST', url, {
      reason: 'Gift no longer available',
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.json<{ data: StaffOrder }>().data).toMatchObject({
      state: 'failed',
      failedBy: 'cancelled',
    });
    expect(await available(grMember.id)).toBe(before + placed.total);
    const refunds = await db()
      .select()
      .from(pointEntries)
      .where(and(eq(pointEntries.orderId, placed.orderId), eq(pointEntries.kind, 'refund')));
    expect(refunds.map((entry) => entry.amount)).toEqual([placed.total]);
    const [stockAfter] = await db()
      .select({ stock: gifts.stock })
      .from(gifts)
      .where(eq(gifts.id, placed.giftId));
    expect(stockAfter!.stock).toBe(stockBefore!.stock! + 2);
    const [entry] = await auditOf('order.refund', placed.orderId);
    expect(entry).toMatchObject({
      reason: 'Gift no longer available',
      before: { state: 'submitted' },
      after: { state: 'failed', refundedPoints: placed.total },
    });

    const twice = await call(tokens.managerGr, 'POST', url, { reason: 'Again' });
    expect(twice.statusCode).toBe(400);
    expect(await available(grMember.id)).toBe(before + placed.total);
    expect(await auditOf('order.refund', placed.orderId)).toHaveLength(1);
  });

  it('never refunds a fulfilled order, nor one an HTTP provider may hold', async () => {
    const fulfilled = await placeTestOrder(db(), grMember, { state: 'submitted' });
    await call(tokens.admin, 'POST', `/s2c/staff/v1/orders/${fulfilled.orderId}/fulfilment`, {
      vouchers: '',
    });
    const sent = await placeTestOrder(db(), grMember, { provider: 'http', attempts: 1 });
    for (const orderId of [fulfilled.orderId, sent.orderId]) {
      const before = await available(grMember.id);
      const answer = await call(tokens.admin, 'POST', `/s2c/staff/v1/orders/${orderId}/refund`, {
        reason: 'Try',
      });
      expect(answer.statusCode).toBe(400);
      expect(await available(grMember.id)).toBe(before);
    }
    expect((await orderRow(sent.orderId)).state).toBe('placed');
  });

  it('refunds an order concurrently only once', async () => {
    const placed = await placeTestOrder(db(), grMember);
    const before = await available(grMember.id);
    const answers = await Promise.all(
      [1, 2, 3].map(() =>
        call(tokens.admin, 'POST', `/s2c/staff/v1/orders/${placed.orderId}/refund`, {
          reason: 'Duplicate',
        }),
      ),
    );
    expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(1);
    expect(await available(grMember.id)).toBe(before + placed.total);
  });
});

describe('retrying an order', () => {
  it('sends a placed order waiting after a failed call back to the queue now', async () => {
    const placed = await placeTestOrder(db(), grMember, { at: clock - 3_600_000 });
    await db()
      .update(giftOrders)
      .set({ attempts: 2, lastError: 'HTTP 503', nextAttemptAt: new Date(clock + 3_600_000) })
      .where(eq(giftOrders.id, placed.orderId));
    const answer = await call(
      tokens.managerGr,
      'POST',
      `/s2c/staff/v1/orders/${placed.orderId}/retry`,
    );
    expect(answer.statusCode).toBe(200);
    expect((await orderRow(placed.orderId)).nextAttemptAt.getTime()).toBeLessThanOrEqual(clock);
    const [entry] = await auditOf('order.retry', placed.orderId);
    expect(entry).toMatchObject({ before: { attempts: 2, lastError: 'HTTP 503' } });
  });

  it('refuses a fulfilled or failed order and support', async () => {
    const placed = await placeTestOrder(db(), grMember);
    expect(
      (await call(tokens.supportGr, 'POST', `/s2c/staff/v1/orders/${placed.orderId}/retry`))
        .statusCode,
    ).toBe(403);
    await call(tokens.admin, 'POST', `/s2c/staff/v1/orders/${placed.orderId}/refund`, {
      reason: 'Gone',
    });
    const answer = await call(tokens.admin, 'POST', `/s2c/staff/v1/orders/${placed.orderId}/retry`);
    expect(answer.statusCode).toBe(400);
    expect(await auditOf('order.retry', placed.orderId)).toHaveLength(0);
  });
});
