import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logIn } from '../../testing/account-helpers.js';
import { createAgent } from '../../testing/factories.js';
import { createTestGift, placeTestOrder } from '../../testing/gift-orders.js';
import { giftTexts } from '../gifts/schema.js';
import { LedgerSession } from './ledger.js';
import { creditAdditional, insertBooking } from '../../testing/points-data.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';

let t: TestApp;
const clock = Date.parse('2026-11-22T10:00:00Z');
beforeAll(async () => {
  t = await createTestApp({ now: () => clock });
});
afterAll(() => t.close());

let pnrCounter = 0;
const nextPnr = () => `ST${String(++pnrCounter).padStart(4, '0')}`;

async function member() {
  const agent = await createAgent(t.database.db);
  const token = await logIn(t.app, agent.number, agent.password);
  return { ...agent, token };
}

function statement(number: string, token: string | null, languageCode?: string) {
  const query = new URLSearchParams({ number, ...(languageCode ? { languageCode } : {}) });
  return t.app.inject({
    url: `/s2c/auth/v1/agent-points/statement?${query.toString()}`,
    headers: token === null ? {} : { authorization: `Bearer ${token}` },
  });
}

/** The lines of a CSV answer without its byte-order mark. */
function lines(body: string): string[] {
  return body
    .replace(/^\uFEFF/, '')
    .split('\r\n')
    .slice(0, -1);
}

describe('GET /s2c/auth/v1/agent-points/statement', () => {
  it('downloads the PNRs, their segments, the entries with reasons and the PNRs without points, as UTF-8 CSV with a BOM', async () => {
    const agent = await member();
    const pnr = nextPnr();
    const rejected = nextPnr();
    await insertBooking(t.database.db, {
      pnr,
      agentId: agent.id,
      createdOn: '2026-09-01',
      segments: [
        { kind: 'air', serviceDate: '2026-09-05', status: 'OK', points: 5 },
        { kind: 'hotel', serviceDate: '2027-02-01', status: 'PD' },
      ],
    });
    await insertBooking(t.database.db, {
      pnr: rejected,
      agentId: null,
      memberNumber: agent.number,
      createdOn: '2026-08-01',
      state: 'rejected',
      reason: 'remark-without-space',
    });
    await creditAdditional(t.database.db, agent.id, '2026-10-01', 15, 'Autumn promotion');

    const response = await statement(agent.number, agent.token);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="points-statement-${agent.number}-2026-11-22.csv"`,
    );
    expect(response.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    expect(lines(response.body)).toEqual([
      'Record,Date,PNR,Kind,Status,Points,Lapse on,Description',
      `PNR,2026-09-01,${pnr},,Pending,5,,`,
      `Segment,2026-09-05,${pnr},Air,Validated,5,2029-09-01,`,
      `Segment,2027-02-01,${pnr},Hotel,Pending,0,,`,
      'Points entry,2026-10-01,,Additional points,,15,2029-10-01,Autumn promotion',
      `Points entry,2026-09-01,${pnr},Segment credit,,5,2029-09-01,`,
      'Total,,,,,20,,"The sum of the points entries above: credits, gift orders, the points of refunded orders given back, lapses"',
      `PNR without points,2026-08-01,${rejected},,,0,,The remark has no space between RM*AMA and the member number (write RM*AMA 1234567).`,
    ]);
  });

  it('defuses reasons a spreadsheet would run as formulas, keeping signed points as numbers', async () => {
    const agent = await member();
    await creditAdditional(
      t.database.db,
      agent.id,
      '2026-10-01',
      10,
      '=HYPERLINK("http://x.example","win")',
    );
    await creditAdditional(t.database.db, agent.id, '2026-10-02', 5, '@SUM(1+1)');
    const body = (await statement(agent.number, agent.token)).body;
    expect(lines(body)).toContain(
      `Points entry,2026-10-01,,Additional points,,10,2029-10-01,"'=HYPERLINK(""http://x.example"",""win"")"`,
    );
    expect(lines(body)).toContain(
      "Points entry,2026-10-02,,Additional points,,5,2029-10-02,'@SUM(1+1)",
    );
  });

  it("words the columns in the asked language of the member's country, else the default one", async () => {
    const agent = await member();
    await creditAdditional(t.database.db, agent.id, '2026-10-01', 15, 'Μπόνους');
    // Greek spreadsheets take the comma for decimals: the columns are separated by semicolons.
    const greek = lines((await statement(agent.number, agent.token, 'ell')).body);
    expect(greek[0]).toBe('Record;Date;PNR;Kind;Status;Πόντοι;Lapse on;Description');
    expect(greek[1]).toBe('Points entry;2026-10-01;;Πρόσθετοι πόντοι;;15;2029-10-01;Μπόνους');
    // Arabic is not a language of Greece: the default language words it.
    const other = lines((await statement(agent.number, agent.token, 'ara')).body);
    expect(other[0]).toBe('Record,Date,PNR,Kind,Status,Points,Lapse on,Description');
  });

  it('words keyed descriptions in the reader’s language, gifts by their name in it, and free text as written', async () => {
    const agent = await member();
    await creditAdditional(t.database.db, agent.id, '2026-10-01', 500, 'Welcome bonus');
    await creditAdditional(t.database.db, agent.id, '2026-10-02', 5, {
      key: 'segmentCredit',
      params: { pnr: 'ST9999', kind: 'air', date: '2026-09-05' },
    });
    await creditAdditional(t.database.db, agent.id, '2026-10-03', 7, 'Autumn promotion');
    const giftId = await createTestGift(t.database.db, 'gr');
    await t.database.db.insert(giftTexts).values([
      { giftId, languageCode: 'eng', description: 'Suitcase' },
      { giftId, languageCode: 'ell', description: 'Βαλίτσα' },
    ]);
    // Ordered on the English page: the order's line keeps the English name.
    const { orderId } = await placeTestOrder(t.database.db, agent, {
      giftId,
      description: 'Suitcase',
      at: Date.parse('2026-10-04T10:00:00Z'),
    });
    const greek = lines((await statement(agent.number, agent.token, 'ell')).body);
    const descriptions = greek
      .filter((line) => line.startsWith('Points entry'))
      .map((line) => line.split(';').at(-1));
    expect(descriptions).toEqual([
      `Παραγγελία ${orderId}: 1 × Βαλίτσα`,
      'Test credit for an order',
      'Autumn promotion',
      'PNR ST9999: τμήμα «Πτήση» της 5 Σεπτεμβρίου 2026',
      'Μπόνους καλωσορίσματος',
    ]);
    const english = lines((await statement(agent.number, agent.token, 'eng')).body);
    expect(
      english
        .filter((line) => line.startsWith('Points entry'))
        .map((line) => line.split(',').at(-1)),
    ).toEqual([
      `Order ${orderId}: 1 × Suitcase`,
      'Test credit for an order',
      'Autumn promotion',
      'PNR ST9999: Air segment of 5 September 2026',
      'Welcome bonus',
    ]);
  });

  it('names the refunded order on its refund line, and the total counts it spent and given back', async () => {
    const agent = await member();
    const { orderId, total } = await placeTestOrder(t.database.db, agent, {
      at: Date.parse('2026-10-04T10:00:00Z'),
    });
    await t.database.db.transaction(async (tx) => {
      const session = await LedgerSession.open(tx, [agent.id], '2026-10-05');
      await session.refundOrder(agent.id, orderId, { key: 'orderRefund', params: { orderId } });
      await session.flush();
    });
    const rows = lines((await statement(agent.number, agent.token)).body);
    expect(rows.filter((line) => /^(Points entry|Total),/.test(line))).toEqual([
      `Points entry,2026-10-05,,Gift order refunded,,${total},,Points of order ${orderId} given back`,
      `Points entry,2026-10-04,,Gift order,,-${total},,Order ${orderId}: 1 × Test gift`,
      `Points entry,2026-10-04,,Additional points,,${total},2029-10-04,Test credit for an order`,
      `Total,,,,,${total},,"The sum of the points entries above: credits, gift orders, the points of refunded orders given back, lapses"`,
    ]);
  });

  it("answers only the caller's own number, and 400 for bad input", async () => {
    const agent = await member();
    const other = await member();
    expect((await statement(other.number, agent.token)).statusCode).toBe(403);
    expect((await statement(agent.number, null)).statusCode).toBe(401);
    expect((await statement('12ab', agent.token)).statusCode).toBe(400);
    expect((await statement(agent.number, agent.token, 'EN')).statusCode).toBe(400);
  });
});
