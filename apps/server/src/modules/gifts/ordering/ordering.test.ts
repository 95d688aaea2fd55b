import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { and, asc, eq } from 'drizzle-orm';
import type { GiftsPage, RedeemPage, RedeemResult } from '@club/contract/gifts';
import type { PointsPage } from '@club/contract/points';
import { getPage, logIn, outboxRows, submitPage } from '../../../testing/account-helpers.js';
import { createAgent, openGiftOrdering } from '../../../testing/factories.js';
import { creditAdditional } from '../../../testing/points-data.js';
import { createTestApp, testConfig, type TestApp } from '../../../testing/test-app.js';
import { pointBalances, pointEntries } from '../../points/schema.js';
import { giftOrderLines, giftOrdering, giftOrders, gifts } from '../schema.js';
import { orderingState, setTaxOk } from './ordering-rules.js';
import { newOrderKey } from './gifts-pages.js';
import { fulfilOrder } from '../provider/fulfil-cli.js';
import { commandLineActor } from '../../audit/audit-log.js';
import { loadTestCatalogue } from '../../../testing/gift-catalogue.js';
import { giftNames } from '../catalogue/catalogue.js';
import type { Member as SessionMember } from '../../agents/members.js';
import { placeOrder } from './place-order.js';

let t: TestApp;
let clock = Date.parse('2026-11-22T10:00:00Z');
beforeAll(async () => {
  t = await createTestApp({ now: () => clock });
  await loadTestCatalogue(t.database.db);
});
afterAll(() => t.close());
beforeEach(async () => {
  clock = Date.parse('2026-11-22T10:00:00Z');
  await openGiftOrdering(t.database.db, 'gr');
  await t.database.db.update(gifts).set({ stock: 3 }).where(eq(gifts.id, 1002));
});

type Member = Awaited<ReturnType<typeof createAgent>> & { token: string };

async function member(
  options: { points?: number; taxOK?: boolean } & Parameters<typeof createAgent>[1] = {},
): Promise<Member> {
  const { points = 0, taxOK = true, ...overrides } = options;
  const agent = await createAgent(t.database.db, overrides);
  if (taxOK) await setTaxOk(t.database.db, agent.id, true);
  if (points > 0) await creditAdditional(t.database.db, agent.id, '2026-11-01', points, 'Bonus');
  return { ...agent, token: await logIn(t.app, agent.number, agent.password) };
}

const giftsPage = (m: Member, query: Record<string, string> = {}) =>
  getPage<GiftsPage>(t.app, 'gifts', { countryCode: m.countryCode, ...query }, m.token);

const redeemPage = (m: Member, query: Record<string, string> = {}) =>
  getPage<RedeemPage>(t.app, 'redeem-points', { countryCode: m.countryCode, ...query }, m.token);

const order = (m: Member, values: Record<string, string>) =>
  submitPage<RedeemResult>(
    t.app,
    'redeem-points',
    { delivery: 'self', giftDeliveryAddress: '', orderKey: newOrderKey(), ...values },
    { token: m.token, countryCode: m.countryCode },
  );

async function available(agentId: number): Promise<number> {
  const [row] = await t.database.db
    .select({ available: pointBalances.available })
    .from(pointBalances)
    .where(eq(pointBalances.agentId, agentId));
  return row?.available ?? 0;
}

async function stockOf(id: number) {
  const [row] = await t.database.db
    .select({ stock: gifts.stock })
    .from(gifts)
    .where(eq(gifts.id, id));
  return row?.stock;
}

const ordersOf = (agentId: number) =>
  t.database.db
    .select()
    .from(giftOrders)
    .where(eq(giftOrders.agentId, agentId))
    .orderBy(asc(giftOrders.id));

const pointsPage = (m: Member) =>
  getPage<PointsPage>(t.app, 'points', { countryCode: m.countryCode }, m.token);

describe('the gifts page', () => {
  it('is for members only', async () => {
    const answer = await getPage(t.app, 'gifts', { countryCode: 'gr' });
    expect(answer.status).toBe(401);
  });

  it("lists the active gifts in stock of the member's country, in the page language", async () => {
    const m = await member({ points: 250 });
    const { status, data } = await giftsPage(m, { languageCode: 'ell' });
    expect(status).toBe(200);
    expect(data.Gifts.map((gift) => [gift.id, gift.description, gift.stock])).toEqual([
      [1001, 'Βαλίτσα', 0],
      [1002, 'Κάμερα', 3],
      // No Greek name: the country's default language.
      [1003, 'Mug', 0],
    ]);
    expect(data.Gifts[0]).toMatchObject({
      img: '/media/gifts/suitcase.svg',
      text: '<p>Μια βαλίτσα.</p>',
      points: 100,
      category: 'travel',
      link: '',
    });
    expect(data.Gifts[2]?.link).toBe('https://shop.example/mug');
    expect(data.categories).toEqual([
      { id: 'travel', name: 'Ταξίδια' },
      { id: 'home', name: 'Σπίτι' },
      { id: 'empty', name: 'Nothing yet' },
    ]);
    expect(data).toMatchObject({
      name: 'gifts',
      category: '',
      Refresh: 250,
      taxOK: true,
      order_disabled: false,
      disabled: false,
      FirstUsername: m.firstName,
      partnerUrl: null,
    });
    expect(data.registrationInfo).toContain('φορολογικά');
  });

  it('answers in the default language of a right-to-left country', async () => {
    const m = await member({ countryCode: 'ae', languageCode: 'ara' });
    const arabic = await giftsPage(m);
    expect(arabic.data.Gifts.map((gift) => gift.description)).toEqual(['حقيبة']);
    expect(arabic.data.categories).toEqual([{ id: 'travel', name: 'السفر' }]);
    const english = await giftsPage(m, { languageCode: 'eng' });
    expect(english.data.Gifts.map((gift) => gift.description)).toEqual(['Bag']);
  });

  it('filters by category; an unknown category lists all', async () => {
    const m = await member();
    const home = await giftsPage(m, { category: 'home' });
    expect(home.data.category).toBe('home');
    expect(home.data.Gifts.map((gift) => gift.id)).toEqual([1003]);
    const empty = await giftsPage(m, { category: 'empty' });
    expect(empty.data.Gifts).toEqual([]);
    const unknown = await giftsPage(m, { category: 'nope' });
    expect(unknown.data.category).toBe('');
    expect(unknown.data.Gifts).toHaveLength(3);
  });

  it('disables ordering without tax information, outside the ordering dates and by the switch', async () => {
    const noTax = await member({ taxOK: false });
    expect((await giftsPage(noTax)).data).toMatchObject({ taxOK: false, order_disabled: true });

    const m = await member();
    expect((await giftsPage(m)).data.order_disabled).toBe(false);
    await t.database.db
      .update(giftOrdering)
      .set({ from1: '2026-11-23', to1: '2026-12-24', from2: '2026-11-01', to2: '2026-11-21' })
      .where(eq(giftOrdering.countryCode, 'gr'));
    expect((await giftsPage(m)).data.order_disabled).toBe(true);
    clock = Date.parse('2026-11-23T08:00:00Z');
    expect((await giftsPage(m)).data.order_disabled).toBe(false);
    await t.database.db
      .update(giftOrdering)
      .set({ orderDisabled: true })
      .where(eq(giftOrdering.countryCode, 'gr'));
    expect((await giftsPage(m)).data.order_disabled).toBe(true);
  });

  it('carries the partner-programme URL for partner users only', async () => {
    const partner = await createTestApp({
      database: t.database,
      now: () => clock,
      config: {
        gifts: {
          ...testConfig().gifts,
          partnerProgrammeUrl: 'https://partner.example/club',
          partnerProgrammeNumbers: ['7777777'],
        },
      },
    });
    try {
      const gr = await createAgent(t.database.db, { countryCode: 'gr' });
      const ae = await createAgent(t.database.db, { countryCode: 'ae', languageCode: 'ara' });
      const listed = await createAgent(t.database.db, {
        countryCode: 'ae',
        languageCode: 'ara',
        number: '7777777',
      });
      const urlOf = async (agent: typeof gr, query: Record<string, string> = {}) => {
        const token = await logIn(partner.app, agent.number, agent.password);
        const page = await getPage<GiftsPage>(
          partner.app,
          'gifts',
          { countryCode: agent.countryCode },
          token,
        );
        const redeem = await getPage<RedeemPage>(
          partner.app,
          'redeem-points',
          { countryCode: agent.countryCode },
          token,
        );
        expect(redeem.data.partnerUrl).toBe(page.data.partnerUrl);
        const check = await partner.app.inject({
          url: `/s2c/auth/v1/agents/${agent.id}/partner-programme?${new URLSearchParams({ number: agent.number, ...query }).toString()}`,
          headers: { authorization: `Bearer ${token}` },
        });
        expect(check.statusCode).toBe(200);
        const checked = check.json<{ data: { url: string | null } }>().data.url;
        if (Object.keys(query).length === 0) expect(checked).toBe(page.data.partnerUrl);
        return checked;
      };
      // gr is in the spec's list of partner-programme countries; ae is not.
      expect(await urlOf(gr)).toBe('https://partner.example/club');
      expect(await urlOf(ae)).toBeNull();
      // The member's own country decides, never the country the client names.
      expect(await urlOf(ae, { countryCode: 'gr' })).toBeNull();
      expect(await urlOf(listed)).toBe('https://partner.example/club');
      // Without a configured URL nobody is sent away.
      const plain = await member();
      expect((await giftsPage(plain)).data.partnerUrl).toBeNull();
    } finally {
      await partner.app.close();
    }
  });
});

describe('the partner checks', () => {
  it('answer the partner check for a provider path ending in order', async () => {
    const m = await member();
    const check = await t.app.inject({
      method: 'POST',
      url: '/s2c/auth/v1/agent/edenredorder',
      headers: { authorization: `Bearer ${m.token}` },
    });
    expect(check.statusCode).toBe(200);
    expect(check.json()).toEqual({ data: { available: true, orderPartnerOff: false } });
    const other = await t.app.inject({
      method: 'POST',
      url: '/s2c/auth/v1/agent/edenred',
      headers: { authorization: `Bearer ${m.token}` },
    });
    expect(other.statusCode).toBe(404);
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/s2c/auth/v1/agent/edenredorder',
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('swallow a failure into an empty answer', async () => {
    const m = await member();
    const isOff = t.app.orderPartner.isOff;
    t.app.orderPartner.isOff = () => {
      throw new Error('provider state unreadable');
    };
    try {
      const check = await t.app.inject({
        method: 'POST',
        url: '/s2c/auth/v1/agent/edenredorder',
        headers: { authorization: `Bearer ${m.token}` },
      });
      expect(check.statusCode).toBe(200);
      expect(check.json()).toEqual({ data: {} });
    } finally {
      t.app.orderPartner.isOff = isOff;
    }
  });

  it("answer the partner-user check for the member's own id only", async () => {
    const m = await member();
    const other = await member();
    const check = (id: number, query = '') =>
      t.app.inject({
        url: `/s2c/auth/v1/agents/${id}/partner-programme${query}`,
        headers: { authorization: `Bearer ${m.token}` },
      });
    expect((await check(m.id)).json()).toEqual({ data: { url: null } });
    expect((await check(other.id)).statusCode).toBe(403);
    expect((await check(m.id, `?number=${other.number}`)).statusCode).toBe(403);
  });
});

describe('the redeem-points page', () => {
  it('shows the chosen gifts, capped by stock, with a fresh order key', async () => {
    const m = await member({ points: 500, giftDeliveryAddress: '5 Gift Lane' });
    const { status, data } = await redeemPage(m, {
      'sel_gifts[1002]': '5',
      'sel_gifts[1001]': '2',
      'sel_gifts[1004]': '1',
      'sel_gifts[1005]': '1',
      'sel_gifts[2001]': '1',
      'sel_gifts[9999]': '1',
    });
    expect(status).toBe(200);
    expect(data.listgifts.map((line) => [line.gift.id, line.quantity])).toEqual([
      [1001, 2],
      [1002, 3],
    ]);
    expect(data).toMatchObject({
      total: 320,
      noOrder: false,
      noneDet: false,
      Refresh: 500,
      giftDeliveryAddress: '5 Gift Lane',
      // Nothing preselected that changes where a gift goes.
      delivery_option: '',
      order_disabled: false,
    });
    expect(data.orderKey).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect((await redeemPage(m, { 'sel_gifts[1001]': '1' })).data.orderKey).not.toBe(data.orderKey);
  });

  it('says when nothing is chosen, and when the points are not enough', async () => {
    const m = await member({ points: 50 });
    expect((await redeemPage(m)).data).toMatchObject({ noOrder: true, listgifts: [] });
    expect((await redeemPage(m, { 'sel_gifts[1001]': '0' })).data.noOrder).toBe(true);
    expect((await redeemPage(m, { 'sel_gifts[1001]': '1' })).data).toMatchObject({
      noOrder: false,
      noneDet: true,
      total: 100,
    });
  });
});

describe('placing an order', () => {
  it('debits the points, takes the stock, writes the order and its lines and queues the mail', async () => {
    const m = await member({ points: 300 });
    const key = newOrderKey();
    const { status, data } = await order(m, {
      listgifts: '1001:1,1002:2,1003:3',
      delivery: 'send',
      giftDeliveryAddress: '5 Gift Lane, Athens',
      orderKey: key,
    });
    expect(status).toBe(200);
    expect(data).toMatchObject({
      ordered: true,
      Refresh: 300 - 210,
      noOrder: false,
      noneDet: false,
      order_disabled: false,
      errorText: '',
    });
    expect(data.validationMessages).toBeUndefined();
    expect(await available(m.id)).toBe(90);
    expect(await stockOf(1002)).toBe(1);
    expect(await stockOf(1001)).toBeNull();

    const [placed] = await ordersOf(m.id);
    expect(placed).toMatchObject({
      id: data.orderId,
      state: 'placed',
      delivery: 'send',
      deliveryAddress: '5 Gift Lane, Athens',
      totalPoints: 210,
      provider: 'manual',
      countryCode: 'gr',
      orderKey: key,
    });
    const lines = await t.database.db
      .select()
      .from(giftOrderLines)
      .where(eq(giftOrderLines.orderId, placed!.id))
      .orderBy(asc(giftOrderLines.giftId));
    expect(
      lines.map((line) => [line.giftId, line.quantity, line.points, line.description]),
    ).toEqual([
      [1001, 1, 100, 'Suitcase'],
      [1002, 2, 40, 'Camera'],
      [1003, 3, 10, 'Mug'],
    ]);
    const entries = await t.database.db
      .select()
      .from(pointEntries)
      .where(and(eq(pointEntries.agentId, m.id), eq(pointEntries.kind, 'order')));
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ amount: -210, orderId: placed!.id });

    const mails = (await outboxRows(t.database.db)).filter((row) => row.recipient === m.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.template).toBe('order-confirmation');
    expect(mails[0]!.subject).toContain(String(placed!.id));
    expect(mails[0]!.text).toContain('1 × Suitcase, 2 × Camera, 3 × Mug');
    expect(mails[0]!.text).toContain('210');
    expect(mails[0]!.text).toMatch(/http:\/\/gr\.[^\s]+\/points/);

    // The points page lists the order in its ordered gifts.
    const points = await getPage<PointsPage>(t.app, 'points', { countryCode: 'gr' }, m.token);
    expect(points.data.useArray).toEqual([
      { id: placed!.id, date: '2026-11-22', pnr: '', quantity: 6, points: 210 },
    ]);
    expect(points.data.summUse).toBe(210);
  });

  it('keeps self delivery without an address, and asks for one to send', async () => {
    const m = await member({ points: 300 });
    const self = await order(m, { listgifts: '1003:1', giftDeliveryAddress: 'ignored' });
    expect(self.data.ordered).toBe(true);
    const [placed] = await ordersOf(m.id);
    expect(placed).toMatchObject({ delivery: 'self', deliveryAddress: '' });
    const send = await order(m, { listgifts: '1003:1', delivery: 'send' });
    expect(send.status).toBe(200);
    expect(send.data).toMatchObject({ ordered: false, Refresh: 290 });
    expect(send.data.validationMessages).toEqual({
      giftDeliveryAddress: ['Please enter the delivery address.'],
    });
    const long = await order(m, {
      listgifts: '1003:1',
      delivery: 'send',
      giftDeliveryAddress: 'x'.repeat(256),
    });
    expect(long.data.validationMessages?.giftDeliveryAddress).toEqual(['Max length exceeded']);
  });

  it('asks the member to choose the delivery: none is assumed, nothing is spent', async () => {
    const m = await member({ points: 300 });
    const without: Record<string, string>[] = [{ delivery: '' }, {}];
    for (const values of without) {
      const body = { listgifts: '1003:1', giftDeliveryAddress: '', ...values };
      const answer = await submitPage<RedeemResult>(
        t.app,
        'redeem-points',
        { ...body, orderKey: newOrderKey() },
        { token: m.token, countryCode: m.countryCode },
      );
      expect(answer.status).toBe(200);
      expect(answer.data).toMatchObject({ ordered: false, Refresh: 300 });
      expect(answer.data.validationMessages).toEqual({
        delivery: ['Please choose how you want to receive your gifts.'],
      });
    }
    expect(await ordersOf(m.id)).toHaveLength(0);
    expect(await available(m.id)).toBe(300);
  });

  it('answers bad input with validation messages, never an error', async () => {
    const m = await member({ points: 300 });
    const cases: Record<string, string>[] = [
      { listgifts: 'abc' },
      { listgifts: '1001:1', orderKey: 'short' },
      { listgifts: '1001:1', delivery: 'drone' },
      { listgifts: '1'.repeat(500) },
      // Found by src/security/bad-input.test.ts: the database refused the NUL (a 500).
      { listgifts: '1001:1', delivery: 'send', giftDeliveryAddress: '5 Gift\u0000Lane' },
    ];
    for (const values of cases) {
      const answer = await order(m, values);
      expect(answer.status, JSON.stringify(values)).toBe(200);
      expect(answer.data.ordered).toBe(false);
      expect(Object.keys(answer.data.validationMessages ?? {})).not.toHaveLength(0);
    }
    expect(await ordersOf(m.id)).toHaveLength(0);
    expect(await available(m.id)).toBe(300);
  });

  it('keeps quantities to 10 a gift, as the screen offers', async () => {
    const m = await member({ points: 1000 });
    const { data } = await order(m, { listgifts: '1003:99,1001:1,1003:5' });
    expect(data).toMatchObject({ ordered: true, Refresh: 1000 - 100 - 10 * 10 });
    const lines = await t.database.db
      .select()
      .from(giftOrderLines)
      .where(eq(giftOrderLines.orderId, data.orderId!));
    expect(lines.find((line) => line.giftId === 1003)?.quantity).toBe(10);
  });

  it('answers noOrder when no gift is chosen', async () => {
    const m = await member({ points: 300 });
    expect((await order(m, { listgifts: '' })).data).toMatchObject({
      ordered: false,
      noOrder: true,
    });
    expect((await order(m, { listgifts: '1001:0' })).data.noOrder).toBe(true);
  });

  it('changes nothing when the points are not enough', async () => {
    const m = await member({ points: 90 });
    const { data } = await order(m, { listgifts: '1001:1,1002:1' });
    expect(data).toMatchObject({ ordered: false, orderId: null, noneDet: true, Refresh: 90 });
    expect(await available(m.id)).toBe(90);
    expect(await stockOf(1002)).toBe(3);
    expect(await ordersOf(m.id)).toHaveLength(0);
    expect((await outboxRows(t.database.db)).filter((row) => row.recipient === m.email)).toEqual(
      [],
    );
  });

  it('refuses more than the stock, a sold-out, withdrawn or foreign gift, naming it', async () => {
    const m = await member({ points: 1000 });
    expect((await order(m, { listgifts: '1002:4' })).data).toMatchObject({
      ordered: false,
      errorText: 'Only 3 left of Camera.',
    });
    expect((await order(m, { listgifts: '1001:1,1004:1' })).data.errorText).toBe(
      'Sold out pen is sold out.',
    );
    expect((await order(m, { listgifts: '1005:1' })).data.errorText).toBe(
      'Withdrawn pad is no longer available.',
    );
    expect((await order(m, { listgifts: '2001:1' })).data.errorText).toContain(
      'no longer available',
    );
    expect((await order(m, { listgifts: '9999:1' })).data.errorText).toBe(
      '#9999 is no longer available.',
    );
    expect(await available(m.id)).toBe(1000);
    expect(await stockOf(1002)).toBe(3);
    expect(await ordersOf(m.id)).toHaveLength(0);
  });

  it("words a refused gift in the page's language", async () => {
    const m = await member({ points: 1000 });
    const greek = await submitPage<RedeemResult>(
      t.app,
      'redeem-points',
      {
        delivery: 'self',
        giftDeliveryAddress: '',
        orderKey: newOrderKey(),
        listgifts: '1002:4',
      },
      { token: m.token, countryCode: m.countryCode, languageCode: 'ell' },
    );
    expect(greek.data.errorText).toMatch(/^Απομένουν μόνο 3 από το δώρο .+\.$/);
  });

  it('refuses while ordering is disabled', async () => {
    const noTax = await member({ points: 300, taxOK: false });
    expect((await order(noTax, { listgifts: '1001:1' })).data).toMatchObject({
      ordered: false,
      order_disabled: true,
    });
    const m = await member({ points: 300 });
    await t.database.db
      .update(giftOrdering)
      .set({ from1: '2027-01-01', to1: '2027-01-31' })
      .where(eq(giftOrdering.countryCode, 'gr'));
    expect((await order(m, { listgifts: '1001:1' })).data.order_disabled).toBe(true);
    expect(await available(m.id)).toBe(300);
    expect(await ordersOf(m.id)).toHaveLength(0);
  });

  it('places one order for a repeated submit of the same form', async () => {
    const m = await member({ points: 300 });
    const key = newOrderKey();
    const first = await order(m, { listgifts: '1001:1', orderKey: key });
    const again = await order(m, { listgifts: '1001:1', orderKey: key });
    expect(first.data.ordered).toBe(true);
    expect(again.data).toMatchObject({ ordered: true, orderId: first.data.orderId, Refresh: 200 });
    const both = await Promise.all(
      [1, 2, 3].map(() => order(m, { listgifts: '1001:1', orderKey: key })),
    );
    expect(new Set(both.map((answer) => answer.data.orderId))).toEqual(
      new Set([first.data.orderId]),
    );
    expect(await ordersOf(m.id)).toHaveLength(1);
    expect(await available(m.id)).toBe(200);
    // A new form is a new order.
    expect((await order(m, { listgifts: '1001:1' })).data.ordered).toBe(true);
    expect(await available(m.id)).toBe(100);
  });
});

describe('ordered gifts on the points page', () => {
  it('lists each order with its number, gifts and timeline: placed, sent, fulfilled with vouchers', async () => {
    const m = await member({ points: 500 });
    const placed = await order(m, { listgifts: '1001:1,1003:2', delivery: 'self' });
    expect(placed.data).toMatchObject({ ordered: true, Refresh: 380 });
    const orderId = placed.data.orderId!;
    let orders = (await pointsPage(m)).data.orders;
    expect(orders).toEqual([
      {
        id: orderId,
        points: 120,
        delivery: 'self',
        lines: [
          { description: 'Suitcase', quantity: 1, points: 100 },
          { description: 'Mug', quantity: 2, points: 10 },
        ],
        state: 'placed',
        timeline: [{ state: 'placed', date: '2026-11-22' }],
        vouchers: [],
        refund: null,
      },
    ]);

    await t.database.db
      .update(giftOrders)
      .set({ state: 'submitted', submittedAt: new Date('2026-11-23T09:00:00Z') })
      .where(eq(giftOrders.id, orderId));
    const fulfilledAt = new Date('2026-11-25T09:00:00Z');
    expect(
      await fulfilOrder(
        t.database.db,
        orderId,
        fulfilledAt,
        // One code per gift: the suitcase and the two mugs.
        ['VC-123', 'VC-124', 'VC-125'],
        commandLineActor('test'),
      ),
    ).toEqual({
      kind: 'fulfilled',
    });
    orders = (await pointsPage(m)).data.orders;
    expect(orders[0]).toMatchObject({
      state: 'fulfilled',
      timeline: [
        { state: 'placed', date: '2026-11-22' },
        { state: 'submitted', date: '2026-11-23' },
        { state: 'fulfilled', date: '2026-11-25' },
      ],
      vouchers: ['VC-123', 'VC-124', 'VC-125'],
    });
    const mail = (await outboxRows(t.database.db)).find(
      (row) => row.template === 'order-fulfilled' && row.recipient === m.email,
    );
    expect(mail?.text).toContain('VC-123');
    expect(mail?.text).toContain(String(orderId));
  });

  it("keeps refunded orders with the cause, and the provider's words only when it refused", async () => {
    const m = await member({ points: 500 });
    const refused = (await order(m, { listgifts: '1003:1' })).data.orderId!;
    const unconfirmed = (await order(m, { listgifts: '1003:1' })).data.orderId!;
    await t.database.db
      .update(giftOrders)
      .set({
        state: 'failed',
        failedAt: new Date(clock),
        failedBy: 'refused',
        lastError: 'Out of stock',
      })
      .where(eq(giftOrders.id, refused));
    await t.database.db
      .update(giftOrders)
      .set({
        state: 'failed',
        failedAt: new Date(clock),
        failedBy: 'unconfirmed',
        lastError: 'Provider answered HTTP 503',
      })
      .where(eq(giftOrders.id, unconfirmed));
    const { data } = await pointsPage(m);
    expect(data.orders.map((row) => [row.id, row.state, row.refund])).toEqual([
      [unconfirmed, 'failed', { cause: 'unconfirmed', reason: '' }],
      [refused, 'failed', { cause: 'refused', reason: 'Out of stock' }],
    ]);
    expect(data.orders[0]?.timeline.map((event) => event.state)).toEqual(['placed', 'failed']);
    // Refunded orders used no points: the spec's list leaves them out.
    expect(data.useArray).toEqual([]);
  });
});

describe('the ordering window on the status report', () => {
  const report = async (m: Member) => {
    const response = await t.app.inject({
      url: `/s2c/auth/v1/agent-points?number=${m.number}`,
      headers: { authorization: `Bearer ${m.token}` },
    });
    expect(response.statusCode).toBe(200);
    return response.json<{ data: { orderingClosed: boolean; orderingReopensOn: string | null } }>()
      .data;
  };

  it('reads the country’s rules with the session', async () => {
    const m = await member({ points: 10 });
    await t.database.db
      .update(giftOrdering)
      .set({ orderDisabled: true, reopensOn: '2027-01-07' })
      .where(eq(giftOrdering.countryCode, 'gr'));
    expect(await report(m)).toMatchObject({
      orderingClosed: true,
      orderingReopensOn: '2027-01-07',
    });
  });

  it('says ordering is open, or closed and when it reopens if content or a later range says', async () => {
    const m = await member({ points: 10 });
    expect(await report(m)).toMatchObject({ orderingClosed: false, orderingReopensOn: null });
    await t.database.db
      .update(giftOrdering)
      .set({ orderDisabled: true })
      .where(eq(giftOrdering.countryCode, 'gr'));
    expect(await report(m)).toMatchObject({ orderingClosed: true, orderingReopensOn: null });
    await t.database.db
      .update(giftOrdering)
      .set({ reopensOn: '2027-01-07' })
      .where(eq(giftOrdering.countryCode, 'gr'));
    expect(await report(m)).toMatchObject({
      orderingClosed: true,
      orderingReopensOn: '2027-01-07',
    });
    await t.database.db
      .update(giftOrdering)
      .set({ orderDisabled: false, reopensOn: null, from1: '2026-12-01', to1: '2026-12-24' })
      .where(eq(giftOrdering.countryCode, 'gr'));
    expect(await report(m)).toMatchObject({
      orderingClosed: true,
      orderingReopensOn: '2026-12-01',
    });
    clock = Date.parse('2026-12-02T10:00:00Z');
    m.token = await logIn(t.app, m.number, m.password);
    expect(await report(m)).toMatchObject({ orderingClosed: false, orderingReopensOn: null });
  });
});

describe('a gift order placed directly', () => {
  it('writes the order, its lines, the stock taken, the ledger entry and the mail', async () => {
    const m = await member({ points: 1000 });
    const outcome = await placeOrder(t.database.db, {
      // The member as the session reads it; the order uses its id, locale, name and email.
      member: m as unknown as SessionMember,
      orderKey: newOrderKey(),
      lines: [
        { id: 1001, quantity: 1 },
        { id: 1002, quantity: 2 },
      ],
      delivery: 'self',
      deliveryAddress: '',
      provider: 'manual',
      today: '2026-11-22',
      now: new Date(clock),
      gate: { orderPartnerOff: false, gifts: t.app.config.gifts },
    });
    expect(outcome).toMatchObject({ kind: 'ordered' });
    const orderId = (outcome as { orderId: number }).orderId;
    const [placed] = await ordersOf(m.id);
    expect(placed).toMatchObject({ id: orderId, state: 'placed' });
    const lines = await t.database.db
      .select({ giftId: giftOrderLines.giftId, quantity: giftOrderLines.quantity })
      .from(giftOrderLines)
      .where(eq(giftOrderLines.orderId, orderId))
      .orderBy(asc(giftOrderLines.giftId));
    expect(lines).toEqual([
      { giftId: 1001, quantity: 1 },
      { giftId: 1002, quantity: 2 },
    ]);
    expect(await stockOf(1002)).toBe(1);
    const [entry] = await t.database.db
      .select({ amount: pointEntries.amount, description: pointEntries.description })
      .from(pointEntries)
      .where(and(eq(pointEntries.agentId, m.id), eq(pointEntries.orderId, orderId)));
    expect(entry?.description).toMatch(new RegExp(`^Order ${orderId}: 1 × `));
    expect(await available(m.id)).toBe(1000 + (entry?.amount ?? 0));
    const mails = (await outboxRows(t.database.db)).filter((mail) => mail.recipient === m.email);
    expect(mails.some((mail) => mail.text.includes(String(orderId)))).toBe(true);
  });

  it('reads the gifts’ names in the member’s language, else the country’s default', async () => {
    const names = await giftNames(
      t.database.db,
      { countryCode: 'gr', languageCode: 'ell' },
      [1001, 1003],
    );
    expect(names).toEqual(
      new Map([
        [1001, 'Βαλίτσα'],
        [1003, 'Mug'],
      ]),
    );
  });

  it('reads the gate: the country’s rules and the member’s tax flag', async () => {
    const m = await member({ taxOK: false });
    const today = '2026-11-22';
    expect(await orderingState(t.database.db, m, today)).toEqual({
      taxOK: false,
      orderDisabled: true,
    });
    await setTaxOk(t.database.db, m.id, true);
    expect(await orderingState(t.database.db, m, today)).toEqual({
      taxOK: true,
      orderDisabled: false,
    });
    await t.database.db
      .update(giftOrdering)
      .set({ orderDisabled: true })
      .where(eq(giftOrdering.countryCode, 'gr'));
    expect(await orderingState(t.database.db, m, today)).toEqual({
      taxOK: true,
      orderDisabled: true,
    });
  });
});
