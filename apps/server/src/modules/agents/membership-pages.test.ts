import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ProfileUpdatePageSchema,
  RegistrationPageSchema,
  type RegistrationPage,
} from '@club/contract/account-pages';
import { createAgent } from '../../testing/factories.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { dictionaryEntries, texts } from '../content/schema.js';
import { bearer, dataOf, sessionToken } from '../../testing/agent-requests.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  // Titles in Greek for gr/ell only: the other languages fall back to English.
  await t.database.db.insert(dictionaryEntries).values([
    { countryCode: 'gr', languageCode: 'ell', key: 'title.mr', value: 'Κος' },
    { countryCode: 'gr', languageCode: 'ell', key: 'title.ms', value: 'Κα' },
  ]);
  await t.database.db.insert(texts).values([
    {
      countryCode: 'gr',
      languageCode: 'eng',
      key: 'registrationConditions',
      value: '<p>Fixture conditions</p>',
    },
    {
      countryCode: 'gr',
      languageCode: 'eng',
      key: 'optInDecisionMakerRequest',
      value: '<p>Ask your manager</p>',
    },
  ]);
  t.app.contentCache.clear();
});
afterAll(() => t.close());

const page = (path: string, token?: string) =>
  t.app.inject({
    url: `/s2c/content/v1/pages/${path}`,
    headers: token === undefined ? {} : bearer(token),
  });

describe('registration page', () => {
  it('answers the countries, titles, phone code and the texts of the steps', async () => {
    const response = await page('registration/?countryCode=gr&languageCode=eng');
    expect(response.statusCode).toBe(200);
    const data = RegistrationPageSchema.parse(dataOf(response));
    expect(data).toMatchObject({
      name: 'registration',
      title: 'Registration',
      countries: [
        { code: 'gr', name: 'Greece' },
        { code: 'ae', name: 'United Arab Emirates' },
      ],
      hasManyCountries: true,
      personTitles: [
        { code: 'mr', title: 'Mr' },
        { code: 'ms', title: 'Ms' },
        { code: 'mrs', title: 'Mrs' },
        { code: 'dr', title: 'Dr' },
      ],
      phoneCodeLocalized: '+30',
      step: '',
      officeData: null,
      conditionsText: '<p>Fixture conditions</p>',
      optInDecisionMakerRequestText: '<p>Ask your manager</p>',
      optInDecisionMakerEnrollSuccessText: '',
      optInDecisionMakerNotifySuccessText: '',
    });
  });

  it("names the countries in the page's language, in its order", async () => {
    const data = dataOf<RegistrationPage>(
      await page('registration/?countryCode=gr&languageCode=ell'),
    );
    expect(data.countries.map(({ code, name }) => ({ code, name }))).toEqual([
      { code: 'gr', name: 'Ελλάδα' },
      { code: 'ae', name: 'Ηνωμένα Αραβικά Εμιράτα' },
    ]);
  });

  it('translates the titles from the dictionary, with English for missing ones', async () => {
    const data = dataOf<RegistrationPage>(
      await page('registration/?countryCode=gr&languageCode=ell'),
    );
    expect(data.personTitles).toEqual([
      { code: 'mr', title: 'Κος' },
      { code: 'ms', title: 'Κα' },
      { code: 'mrs', title: 'Mrs' },
      { code: 'dr', title: 'Dr' },
    ]);
  });

  it('answers the phone code of the country', async () => {
    expect(
      dataOf<RegistrationPage>(await page('registration/?countryCode=ae')).phoneCodeLocalized,
    ).toBe('+971');
  });

  it('answers the office and a known step given as params, and ignores others', async () => {
    const data = dataOf<RegistrationPage>(
      await page('registration/?countryCode=gr&officeId=athgr0002&step=dm-approval-notify'),
    );
    expect(data.officeData).toEqual({
      officeId: 'ATHGR0002',
      fullName: 'Sleepy Travel',
      zip: '10559',
      address: '2 Fixture Street, Athens',
      isAmadeusDirectOffice: false,
      active: false,
    });
    expect(data.step).toBe('dm-approval-notify');
    expect(data.params).toEqual({ officeId: 'athgr0002', step: 'dm-approval-notify' });
    const other = dataOf<RegistrationPage>(
      await page('registration/?countryCode=gr&officeId=DXBAE0001&step=hack'),
    );
    expect(other).toMatchObject({ officeData: null, step: '' });
    // A NUL in the param names no office (the query used to fail on it with a 500).
    const nul = await page('registration/?countryCode=gr&officeId=ATHGR%000002');
    expect(nul.statusCode).toBe(200);
    expect(dataOf<RegistrationPage>(nul).officeData).toBeNull();
  });
});

describe('registration-success page', () => {
  it('answers a generic page', async () => {
    const response = await page('registration-success/?countryCode=gr');
    expect(response.statusCode).toBe(200);
    expect(dataOf(response)).toMatchObject({ name: 'registration-success', text: '' });
  });
});

describe('member-only pages', () => {
  it('answers 401 to guests and to revoked or bad tokens', async () => {
    const agent = await createAgent(t.database.db);
    const token = await sessionToken(t.app, agent.number, agent.password);
    await t.app.inject({
      method: 'POST',
      url: '/s2c/auth/v1/agents/logout',
      headers: bearer(token),
    });
    for (const used of [undefined, token, 'y'.repeat(43)]) {
      const response = await page('profile-update/?countryCode=gr', used);
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ code: 'UNAUTHORIZED', data: null });
    }
  });

  it("answers profile-update to a member, with the titles and the member's phone code", async () => {
    const agent = await createAgent(t.database.db, { countryCode: 'ae' });
    const token = await sessionToken(t.app, agent.number, agent.password);
    const response = await page('profile-update/?countryCode=gr&languageCode=ell', token);
    expect(response.statusCode).toBe(200);
    const data = ProfileUpdatePageSchema.parse(dataOf(response));
    expect(data).toMatchObject({
      name: 'profile-update',
      title: 'Ενημέρωση στοιχείων',
      phoneCodeLocalized: '+971',
    });
    expect(data.personTitles[0]).toEqual({ code: 'mr', title: 'Κος' });
  });
});
