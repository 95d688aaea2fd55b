import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { RedeemResult } from '@club/contract/gifts';
import { logIn, submitPage } from './testing/account-helpers.js';
import { createAgent, openGiftOrdering } from './testing/factories.js';
import { creditAdditional } from './testing/points-data.js';
import { createTestApp, type TestApp } from './testing/test-app.js';
import { newOrderKey } from './modules/gifts/ordering/gifts-pages.js';
import { setTaxOk } from './modules/gifts/ordering/ordering-rules.js';
import { loadTestCatalogue } from './testing/gift-catalogue.js';
import { bookingRecord, jsonLines, postQueue, queueConfig } from './testing/booking-records.js';

/** Business events are logged at info with ids, never with secrets; read from the server's pino stream. */
type LogLine = Record<string, unknown> & { level: number; msg: string };
const lines: LogLine[] = [];
const logStream = { write: (line: string) => void lines.push(JSON.parse(line) as LogLine) };
const events = (name: string) => lines.filter((line) => line.event === name);
const logText = () => lines.map((line) => JSON.stringify(line)).join('\n');

let clock = Date.parse('2026-11-22T10:00:00Z');
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    config: { ...queueConfig(), logLevel: 'info' },
    logStream,
    now: () => clock,
  });
  await loadTestCatalogue(t.database.db);
  await openGiftOrdering(t.database.db, 'gr');
});
afterAll(() => t.close());
beforeEach(() => {
  lines.length = 0;
});

describe('business events in the log', () => {
  it('a failed login: the member id and why, never the password or an unknown number', async () => {
    const member = await createAgent(t.database.db, {});
    const wrong = 'Wrong-pass-7';
    for (const username of [member.number, '987654321']) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/s2c/auth/v1/token/agent',
        payload: { username, password: wrong },
      });
      expect(response.statusCode).toBe(401);
    }
    expect(
      events('login.failed').map(({ level, reason, memberId }) => [level, reason, memberId]),
    ).toEqual([
      [30, 'wrong password', member.id],
      [30, 'unknown number', undefined],
    ]);
    expect(events('login.failed')[0]?.reqId).toEqual(expect.any(String));
    expect(logText()).not.toContain(wrong);
    expect(logText()).not.toContain('987654321');
  });

  it('a placed order and its refund: order and member ids, with the points refunded', async () => {
    const member = await createAgent(t.database.db, {});
    await setTaxOk(t.database.db, member.id, true);
    await creditAdditional(t.database.db, member.id, '2026-11-01', 500, 'Bonus');
    const token = await logIn(t.app, member.number, member.password);
    const orderKey = newOrderKey();
    const place = () =>
      submitPage<RedeemResult>(
        t.app,
        'redeem-points',
        { delivery: 'self', giftDeliveryAddress: '', orderKey, listgifts: '1003:2' },
        { token, countryCode: 'gr' },
      );
    const placed = await place();
    expect(placed.data.ordered).toBe(true);
    // The same form sent again places nothing new, and logs nothing new.
    await place();
    const orderId = placed.data.orderId;
    expect(events('order.placed')).toEqual([
      expect.objectContaining({ level: 30, orderId, memberId: member.id }),
    ]);

    // Never confirmed by the provider in time: the order fails and its points come back.
    clock += (t.config.gifts.orderConfirmHours + 1) * 3_600_000;
    try {
      await t.app.orderWorker.runOnce();
    } finally {
      clock = Date.parse('2026-11-22T10:00:00Z');
    }
    expect(events('order.refunded')).toEqual([
      expect.objectContaining({ level: 30, orderId, memberId: member.id, points: 20 }),
    ]);
    expect(logText()).not.toContain(token);
  });

  it('a finished booking import: its counts, never the lines themselves', async () => {
    const response = await postQueue(
      t.app,
      `${jsonLines([bookingRecord({ pnr: 'LOGEV1' })])}{"pnr":"SECRET-LINE"\n`,
    );
    expect(response.statusCode).toBe(200);
    expect(events('bookings.imported')).toEqual([
      expect.objectContaining({ level: 30, lines: 2, malformedCount: 1 }),
    ]);
    expect(logText()).not.toContain('SECRET-LINE');
    expect(logText()).not.toContain(queueConfig().points?.bookingQueueApiKey);
  });
});
