import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { OfficeData } from '@club/contract/membership';
import { createOffice } from '../../testing/factories.js';
import { dataOf } from '../agents/test-requests.js';
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
