import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { OfficeData } from '@club/contract/membership';
import { createOffice } from '../../testing/factories.js';
import { dataOf } from '../../testing/agent-requests.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { mailOutbox } from '../mail/schema.js';
import { officeEnrollRequests, officeNotifyRequests } from './schema.js';

let t: TestApp;
let clock = Date.parse('2030-03-01T09:00:00Z');
beforeAll(async () => {
  t = await createTestApp({ now: () => clock });
});
afterAll(() => t.close());

const lookup = (id: string, countryCode: string) =>
  t.app.inject({ url: `/s2c/auth/v1/offices/${id}/${countryCode}` });

const push = (id: string, countryCode = 'gr') =>
  t.app.inject({ method: 'POST', url: `/s2c/auth/v1/offices/${id}/${countryCode}/enroll/push` });

const notify = (id: string, payload: Record<string, string>, countryCode = 'gr') =>
  t.app.inject({
    method: 'POST',
    url: `/s2c/auth/v1/offices/${id}/${countryCode}/enroll/notify`,
    payload: new URLSearchParams(payload).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });

const notFoundAnswer = { code: 'NOT_FOUND', data: { officeId: 'Office ID not found' } };

const mailsTo = (recipient: string) =>
  t.database.db.select().from(mailOutbox).where(eq(mailOutbox.recipient, recipient));

describe('GET /s2c/auth/v1/offices/{id}/{countryCode}', () => {
  it('answers the office data, whatever the case of the ID and the country code', async () => {
    for (const [id, country] of [
      ['ATHGR0001', 'gr'],
      ['athgr0001', 'gr'],
      ['AthGr0001', 'GR'],
    ] as const) {
      const response = await lookup(id, country);
      expect(response.statusCode, id).toBe(200);
      expect(response.json()).toEqual({
        data: {
          officeId: 'ATHGR0001',
          fullName: 'Fixture Travel',
          zip: '10558',
          address: '1 Fixture Street, Athens',
          isAmadeusDirectOffice: false,
          active: true,
        },
      });
    }
  });

  it('tells inactive and direct-sales offices apart', async () => {
    expect(dataOf<OfficeData>(await lookup('ATHGR0002', 'gr'))).toMatchObject({ active: false });
    expect(dataOf<OfficeData>(await lookup('athgr0009', 'gr'))).toMatchObject({
      isAmadeusDirectOffice: true,
    });
  });

  it("answers 404 'Office ID not found' for unknown offices, another country's and nonsense", async () => {
    for (const [id, country] of [
      ['NOPE1234', 'gr'],
      ['ATHGR0001', 'ae'],
      ['DXBAE0001', 'gr'],
      ['ATHGR0001', 'xx'],
      ['X'.repeat(64), 'gr'],
      ['%20', 'gr'],
    ] as const) {
      const response = await lookup(id, country);
      expect(response.statusCode, `${id} ${country}`).toBe(404);
      expect(response.json()).toEqual(notFoundAnswer);
    }
  });

  // Found by src/security/bad-input.test.ts: the database refused the NUL and the call answered 500.
  it("answers 404 'Office ID not found' for an ID or country with a NUL character", async () => {
    for (const [id, country] of [
      ['ATH%00GR0001', 'gr'],
      ['ATHGR0001', 'g%00'],
      ['', '%00'],
    ] as const) {
      for (const response of [
        await lookup(id, country),
        await push(id, country),
        await notify(id, { email: 'a@agent.example' }, country),
      ]) {
        expect(response.statusCode, `${id} ${country}`).toBe(404);
        expect(response.json()).toEqual(notFoundAnswer);
      }
    }
  });
});

describe('POST …/enroll/push', () => {
  it('records the request and emails the decision maker once per quiet period', async () => {
    const office = await createOffice(t.database.db, {
      active: false,
      decisionMakerEmail: 'boss@agency.example',
      agencyName: 'Quiet Period Travel',
    });
    const first = await push(office.officeId.toLowerCase());
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ data: { requested: true } });
    expect(await mailsTo('boss@agency.example')).toMatchObject([
      { template: 'decision-maker-request' },
    ]);
    expect((await mailsTo('boss@agency.example'))[0]!.text).toContain(office.officeId);

    clock += 23 * 3_600_000;
    expect((await push(office.officeId)).statusCode).toBe(200);
    expect(await mailsTo('boss@agency.example')).toHaveLength(1);

    clock += 2 * 3_600_000;
    expect((await push(office.officeId)).statusCode).toBe(200);
    expect(await mailsTo('boss@agency.example')).toHaveLength(2);

    const requests = await t.database.db
      .select()
      .from(officeEnrollRequests)
      .where(eq(officeEnrollRequests.officeId, office.officeId));
    expect(requests.map((request) => request.mailedAt !== null)).toEqual([true, false, true]);
  });

  it('mails once for simultaneous requests', async () => {
    const office = await createOffice(t.database.db, {
      active: false,
      decisionMakerEmail: 'rush@agency.example',
    });
    const answers = await Promise.all([1, 2, 3, 4, 5].map(() => push(office.officeId)));
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(await mailsTo('rush@agency.example')).toHaveLength(1);
  });

  it('mails nobody for an active office or one without a decision maker, but records the request', async () => {
    const active = await createOffice(t.database.db, {
      decisionMakerEmail: 'active@agency.example',
    });
    const withoutManager = await createOffice(t.database.db, { active: false });
    expect((await push(active.officeId)).statusCode).toBe(200);
    expect((await push(withoutManager.officeId)).statusCode).toBe(200);
    expect(await mailsTo('active@agency.example')).toEqual([]);
    const requests = await t.database.db
      .select()
      .from(officeEnrollRequests)
      .where(eq(officeEnrollRequests.officeId, withoutManager.officeId));
    expect(requests).toHaveLength(1);
  });

  it('answers 404 for an unknown office', async () => {
    const response = await push('NOPE1234');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual(notFoundAnswer);
  });
});

describe('POST …/enroll/notify', () => {
  it('stores the email once, with the language of the request', async () => {
    const office = await createOffice(t.database.db, { active: false });
    for (const email of ['wait@agent.example', 'WAIT@agent.example']) {
      const response = await notify(office.officeId, { email, languageCode: 'ell' });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ data: { stored: true } });
    }
    const stored = await t.database.db
      .select()
      .from(officeNotifyRequests)
      .where(eq(officeNotifyRequests.officeId, office.officeId));
    expect(stored).toMatchObject([
      { email: 'wait@agent.example', languageCode: 'ell', countryCode: 'gr', notifiedAt: null },
    ]);
  });

  it("takes the country's default language for one it does not have", async () => {
    const office = await createOffice(t.database.db, { active: false });
    await notify(office.officeId, { email: 'lang@agent.example', languageCode: 'deu' });
    const [stored] = await t.database.db
      .select()
      .from(officeNotifyRequests)
      .where(
        and(
          eq(officeNotifyRequests.officeId, office.officeId),
          eq(officeNotifyRequests.email, 'lang@agent.example'),
        ),
      );
    expect(stored?.languageCode).toBe('eng');
  });

  it('answers 400 for a bad or missing email and 404 for an unknown office', async () => {
    for (const payload of [{ email: 'not-an-email' }, {}] as Record<string, string>[]) {
      const response = await notify('ATHGR0002', payload);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        code: 'VALIDATION_FAILED',
        data: { email: expect.any(String) as unknown, requestId: expect.any(String) as unknown },
      });
    }
    expect(dataOf<Record<string, string>>(await notify('ATHGR0002', { email: 'x' })).email).toBe(
      'Wrong format, e.g. name@example.com',
    );
    const unknown = await notify('NOPE1234', { email: 'a@agent.example' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual(notFoundAnswer);
  });
});

describe('limits of the enroll calls', () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await createTestApp({
      database: t.database,
      now: () => clock,
      config: {
        requestLimits: {
          ...t.config.requestLimits,
          enrollRequestsPerAddress: 4,
          notifyRequestsPerOffice: 3,
          notifyWaitingPerOffice: 2,
        },
      },
    });
  });
  afterAll(() => limited.close());

  let addresses = 0;
  const nextAddress = () => `203.0.113.${++addresses}`;
  const notifyFrom = (address: string, officeId: string, email: string) =>
    limited.app.inject({
      method: 'POST',
      url: `/s2c/auth/v1/offices/${officeId}/gr/enroll/notify`,
      payload: new URLSearchParams({ email }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      remoteAddress: address,
    });
  const pushFrom = (address: string, officeId: string) =>
    limited.app.inject({
      method: 'POST',
      url: `/s2c/auth/v1/offices/${officeId}/gr/enroll/push`,
      remoteAddress: address,
    });
  const waiting = (officeId: string) =>
    t.database.db
      .select({ email: officeNotifyRequests.email })
      .from(officeNotifyRequests)
      .where(eq(officeNotifyRequests.officeId, officeId));
  const tooMany = {
    code: 'TOO_MANY_REQUESTS',
    data: { message: 'Too many attempts. Please try again in a few minutes.' },
  };

  it('limits one client address across offices and both calls, then backs off', async () => {
    const address = nextAddress();
    const offices = await Promise.all(
      [1, 2, 3].map(() => createOffice(t.database.db, { active: false })),
    );
    // Four free calls (push and notify share them), the fifth counts and blocks for 1 s.
    expect((await pushFrom(address, offices[0]!.officeId)).statusCode).toBe(200);
    expect((await notifyFrom(address, offices[0]!.officeId, 'a1@agent.example')).statusCode).toBe(
      200,
    );
    expect((await notifyFrom(address, offices[1]!.officeId, 'a2@agent.example')).statusCode).toBe(
      200,
    );
    expect((await notifyFrom(address, offices[1]!.officeId, 'a3@agent.example')).statusCode).toBe(
      200,
    );
    expect((await notifyFrom(address, offices[2]!.officeId, 'a4@agent.example')).statusCode).toBe(
      200,
    );
    const refused = await notifyFrom(address, offices[2]!.officeId, 'a5@agent.example');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual(tooMany);
    expect(refused.headers['retry-after']).toBe('1');
    expect((await pushFrom(address, offices[2]!.officeId)).statusCode).toBe(429);
    expect(await waiting(offices[2]!.officeId)).toEqual([{ email: 'a4@agent.example' }]);
    // Other clients are not held back by it.
    expect(
      (await notifyFrom(nextAddress(), offices[2]!.officeId, 'b@agent.example')).statusCode,
    ).toBe(200);
    clock += 1000;
    expect((await notifyFrom(address, offices[0]!.officeId, 'a5@agent.example')).statusCode).toBe(
      200,
    );
  });

  it('limits notify requests per office from any number of addresses', async () => {
    const office = await createOffice(t.database.db, { active: false });
    const answers = [];
    for (let request = 1; request <= 6; request++) {
      answers.push(await notifyFrom(nextAddress(), office.officeId, `wait@agent.example`));
    }
    // Three free, the fourth counts and blocks the office for 1 s, the rest are refused.
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200, 429, 429]);
    expect(answers[5]!.json()).toEqual(tooMany);
    // A duplicate of an address already waiting is stored once.
    expect(await waiting(office.officeId)).toEqual([{ email: 'wait@agent.example' }]);
    clock += 1000;
  });

  it('caps the waiting list of an office; an address already on it still answers stored', async () => {
    const office = await createOffice(t.database.db, { active: false });
    expect((await notifyFrom(nextAddress(), office.officeId, 'one@agent.example')).statusCode).toBe(
      200,
    );
    expect((await notifyFrom(nextAddress(), office.officeId, 'two@agent.example')).statusCode).toBe(
      200,
    );
    const full = await notifyFrom(nextAddress(), office.officeId, 'three@agent.example');
    expect(full.statusCode).toBe(400);
    expect(dataOf<Record<string, string>>(full).email).toBe("This office's waiting list is full.");
    expect(await waiting(office.officeId)).toEqual([
      { email: 'one@agent.example' },
      { email: 'two@agent.example' },
    ]);
    clock += 60_000;
  });

  it('caps the waiting list also for simultaneous requests', async () => {
    const office = await createOffice(t.database.db, { active: false });
    const answers = await Promise.all(
      ['p1', 'p2', 'p3'].map((name) =>
        notifyFrom(nextAddress(), office.officeId, `${name}@agent.example`),
      ),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 200, 400]);
    expect(await waiting(office.officeId)).toHaveLength(2);
    clock += 60_000;
  });
});
