import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { RedeemPage, RedeemResult } from '@club/contract/gifts';
import type { StatusReport } from '@club/contract/points';
import { loadConfig } from '../../../config.js';
import { getPage, logIn, submitPage } from '../../../testing/account-helpers.js';
import { createAgent, openGiftOrdering } from '../../../testing/factories.js';
import { creditAdditional } from '../../../testing/points-data.js';
import { createTestApp, testConfig, type TestApp } from '../../../testing/test-app.js';
import type { App } from '../../../app.js';
import { pointBalances, pointEntries } from '../../points/schema.js';
import { FakeProvider } from '../../../testing/fake-provider.js';
import { giftOrders, gifts } from '../schema.js';
import { newOrderKey } from './gifts-pages.js';
import { setTaxOk } from './ordering-rules.js';
import { loadTestCatalogue } from '../../../testing/gift-catalogue.js';

/**
 * The order call obeys the pages' own rule ("may this member order now"):
 * while the voucher partner is off (the switch or the provider's check) and
 * for a partner-programme user it refuses with the page's state, and nothing
 * is spent, taken or written.
 */

const clock = Date.parse('2026-11-22T10:00:00Z');
const PROVIDER_KEY = 'provider-key-0123456789abcdef';
const PARTNER_URL = 'https://partner.example/club';

let t: TestApp;
const fake = new FakeProvider(PROVIDER_KEY);
beforeAll(async () => {
  await fake.start();
  t = await createTestApp({ now: () => clock });
  await loadTestCatalogue(t.database.db);
  await openGiftOrdering(t.database.db, 'gr');
});
afterAll(async () => {
  await t.close();
  await fake.stop();
});

/** Another app on the same database, with its own configuration. */
async function appWith(config: Parameters<typeof testConfig>[0]): Promise<TestApp> {
  return createTestApp({ database: t.database, now: () => clock, config });
}

async function member(app: App, overrides: Parameters<typeof createAgent>[1] = {}) {
  const agent = await createAgent(t.database.db, overrides);
  await setTaxOk(t.database.db, agent.id, true);
  await creditAdditional(t.database.db, agent.id, '2026-11-01', 500, 'Bonus');
  return { ...agent, token: await logIn(app, agent.number, agent.password) };
}
type Member = Awaited<ReturnType<typeof member>>;

const redeemPage = (app: App, m: Member) =>
  getPage<RedeemPage>(
    app,
    'redeem-points',
    { countryCode: m.countryCode, 'sel_gifts[1002]': '1' },
    m.token,
  );

const order = (app: App, m: Member) =>
  submitPage<RedeemResult>(
    app,
    'redeem-points',
    { listgifts: '1002:1', delivery: 'self', giftDeliveryAddress: '', orderKey: newOrderKey() },
    { token: m.token, countryCode: m.countryCode },
  );

async function statusReport(app: App, m: Member): Promise<StatusReport> {
  const answer = await app.inject({
    url: `/s2c/auth/v1/agent-points?number=${m.number}`,
    headers: { authorization: `Bearer ${m.token}` },
  });
  return answer.json<{ data: StatusReport }>().data;
}

/** What an order would change: the balance, the ledger, the orders, the stock. */
async function holdings(m: Member) {
  const db = t.database.db;
  const [balance] = await db
    .select({ available: pointBalances.available })
    .from(pointBalances)
    .where(eq(pointBalances.agentId, m.id));
  const entries = await db.select().from(pointEntries).where(eq(pointEntries.agentId, m.id));
  const orders = await db.select().from(giftOrders).where(eq(giftOrders.agentId, m.id));
  const [gift] = await db.select({ stock: gifts.stock }).from(gifts).where(eq(gifts.id, 1002));
  return {
    available: balance?.available,
    entries: entries.length,
    orders: orders.length,
    stock: gift?.stock,
  };
}

/** The order is refused with `state`, the page shows the same, and nothing changed. */
async function expectRefused(app: App, m: Member, state: Partial<RedeemResult>) {
  const before = await holdings(m);
  const { status, data } = await order(app, m);
  expect(status).toBe(200);
  expect(data).toMatchObject({ ordered: false, orderId: null, ...state });
  expect(await holdings(m)).toEqual(before);
  expect(before).toMatchObject({ available: 500, orders: 0 });
  return data;
}

describe('an order while the voucher partner is off', () => {
  it('is refused with the maintenance state of the page when ORDER_PARTNER_OFF is set', async () => {
    const off = await appWith({ gifts: { ...testConfig().gifts, orderPartnerOff: true } });
    try {
      const m = await member(off.app);
      const page = await redeemPage(off.app, m);
      expect(page.data).toMatchObject({ disabled: true, order_disabled: false, partnerUrl: null });
      expect((await statusReport(off.app, m)).edenredIsOff).toBe(true);
      const refused = await expectRefused(off.app, m, { disabled: true, partnerUrl: null });
      expect(refused.order_disabled).toBe(false);
      // The same member orders on an app whose partner is on.
      expect((await order(t.app, m)).data.ordered).toBe(true);
    } finally {
      await off.close();
    }
  });

  it("is refused while the provider's check says no, and placed once it says yes", async () => {
    const http = await appWith({
      gifts: {
        ...loadConfig({}).gifts,
        provider: 'http',
        providerUrl: fake.url,
        providerKey: PROVIDER_KEY,
        providerTimeoutMs: 300,
      },
    });
    try {
      fake.available = false;
      expect(await http.app.orderWorker.checkAvailability()).toBe(false);
      const m = await member(http.app);
      expect((await redeemPage(http.app, m)).data.disabled).toBe(true);
      expect((await statusReport(http.app, m)).edenredIsOff).toBe(true);
      await expectRefused(http.app, m, { disabled: true });

      fake.available = true;
      expect(await http.app.orderWorker.checkAvailability()).toBe(true);
      expect((await redeemPage(http.app, m)).data.disabled).toBe(false);
      expect((await order(http.app, m)).data.ordered).toBe(true);
    } finally {
      fake.available = true;
      await http.close();
    }
  });
});

describe('an order of a partner-programme member', () => {
  it('is refused with the partner URL the page redirects to, by country and by number', async () => {
    const partner = await appWith({
      gifts: {
        ...testConfig().gifts,
        partnerProgrammeUrl: PARTNER_URL,
        partnerProgrammeNumbers: ['7777001'],
      },
    });
    try {
      // gr is one of the spec's partner-programme countries.
      const m = await member(partner.app, { countryCode: 'gr' });
      expect((await redeemPage(partner.app, m)).data.partnerUrl).toBe(PARTNER_URL);
      await expectRefused(partner.app, m, { partnerUrl: PARTNER_URL, disabled: false });
      // Without a partner-programme URL the same member orders.
      expect((await order(t.app, m)).data.ordered).toBe(true);

      // A listed number in a country outside the list.
      const listed = await member(partner.app, {
        countryCode: 'ae',
        languageCode: 'ara',
        number: '7777001',
      });
      expect((await redeemPage(partner.app, listed)).data.partnerUrl).toBe(PARTNER_URL);
      await expectRefused(partner.app, listed, { partnerUrl: PARTNER_URL });
    } finally {
      await partner.close();
    }
  });
});

describe("a partner-programme member asking from another country's page", () => {
  /** A page call as a member on `host` with the page country `countryCode`. */
  const pageCall = (
    app: App,
    m: Member,
    method: 'GET' | 'POST',
    name: string,
    site: { host: string; countryCode: string },
    values: Record<string, string> = {},
  ) => {
    const query = new URLSearchParams({
      ...(site.countryCode === '' ? {} : { countryCode: site.countryCode }),
      ...values,
    });
    return app.inject({
      method,
      url: `/s2c/content/v1/pages/${name}/${method === 'GET' ? `?${query.toString()}` : ''}`,
      headers: {
        host: site.host,
        authorization: `Bearer ${m.token}`,
        ...(method === 'POST' ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      ...(method === 'POST' ? { payload: query.toString() } : {}),
    });
  };

  it('is refused alike on a foreign countryCode, a foreign host and the root host', async () => {
    const partner = await appWith({
      gifts: { ...testConfig().gifts, partnerProgrammeUrl: PARTNER_URL },
    });
    try {
      // gr is a partner-programme country; ae is not. The root host with a
      // named country is how a `/cy` page asks.
      const m = await member(partner.app, { countryCode: 'gr' });
      const sites = [
        { host: 'gr.localhost', countryCode: 'ae' },
        { host: 'ae.localhost', countryCode: '' },
        { host: 'localhost', countryCode: 'ae' },
      ];
      const before = await holdings(m);
      for (const site of sites) {
        const gifts = await pageCall(partner.app, m, 'GET', 'gifts', site);
        expect(gifts.statusCode, site.host).toBe(200);
        expect(gifts.json<{ data: { partnerUrl: string } }>().data.partnerUrl).toBe(PARTNER_URL);
        const redeem = await pageCall(partner.app, m, 'GET', 'redeem-points', site, {
          'sel_gifts[1002]': '1',
        });
        expect(redeem.json<{ data: RedeemPage }>().data.partnerUrl).toBe(PARTNER_URL);
        const placed = await pageCall(partner.app, m, 'POST', 'redeem-points', site, {
          listgifts: '1002:1',
          delivery: 'self',
          giftDeliveryAddress: '',
          orderKey: newOrderKey(),
        });
        expect(placed.json<{ data: RedeemResult }>().data).toMatchObject({
          ordered: false,
          partnerUrl: PARTNER_URL,
        });
        const check = await partner.app.inject({
          url: `/s2c/auth/v1/agents/${m.id}/partner-programme?number=${m.number}&countryCode=${site.countryCode}`,
          headers: { host: site.host, authorization: `Bearer ${m.token}` },
        });
        expect(check.json<{ data: { url: string } }>().data.url).toBe(PARTNER_URL);
      }
      expect(await holdings(m)).toEqual(before);
    } finally {
      await partner.close();
    }
  });
});
