import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { form, formHeaders, login } from '../../testing/agent-requests.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import type { ContentIndex } from './content-repository.js';
import { languageRanges, requestLocale } from './request-words.js';
import { dictionaryEntries } from './schema.js';

/** The Greek fixture's words of the messages these calls answer. */
const greek = {
  'validation.invalidCredentials': 'Λάθος όνομα χρήστη ή κωδικός',
  'validation.officeNotFound': 'Ο κωδικός γραφείου δεν βρέθηκε',
  'validation.required': 'Το πεδίο είναι υποχρεωτικό',
  'agency.message.linkInvalid': 'Ο σύνδεσμος δεν ισχύει πλέον',
};

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await t.database.db.insert(dictionaryEntries).values(
    Object.entries(greek).map(([key, value]) => ({
      countryCode: 'gr',
      languageCode: 'ell',
      key,
      value,
    })),
  );
  t.app.contentCache.clear();
});
afterAll(() => t.close());

const inGreek = { 'accept-language': 'el-GR' };

describe('answers of the calls outside the pages, in the language of the page', () => {
  it("words login's answer with the Accept-Language the web app sends, and in English without one", async () => {
    const greekAnswer = await t.app.inject({
      method: 'POST',
      url: '/s2c/auth/v1/token/agent',
      headers: { ...formHeaders, ...inGreek },
      payload: form({ username: '99999999', password: 'wrong-password1' }),
    });
    expect(greekAnswer.statusCode).toBe(401);
    expect(greekAnswer.json()).toMatchObject({
      data: { username: greek['validation.invalidCredentials'] },
    });

    const englishAnswer = await login(t.app, '99999999', 'wrong-password1');
    expect(englishAnswer.json()).toMatchObject({
      data: { username: 'Invalid Username or Password' },
    });
  });

  it("words the registration's schema messages", async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/s2c/auth/v1/agents',
      headers: { ...formHeaders, ...inGreek },
      payload: form({ countryCode: 'gr' }),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ data: Record<string, string> }>().data.email).toBe(
      greek['validation.required'],
    );
  });

  it("words the office lookup's 404", async () => {
    const response = await t.app.inject({
      url: '/s2c/auth/v1/offices/NOSUCH999/gr',
      headers: inGreek,
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({
      code: 'NOT_FOUND',
      data: { officeId: greek['validation.officeNotFound'] },
    });
  });

  it("words the agency link's answer", async () => {
    const response = await t.app.inject({
      url: '/s2c/auth/v1/agency/state-change-request?s=1&c=nope',
      headers: inGreek,
    });
    expect(response.json()).toEqual({
      data: { validationMessages: { officeId: [greek['agency.message.linkInvalid']] } },
    });
  });

  it('answers in English for a language the country does not have', async () => {
    const response = await t.app.inject({
      url: '/s2c/auth/v1/offices/NOSUCH999/gr',
      headers: { 'accept-language': 'fr-FR,fr;q=0.9' },
    });
    expect(response.json()).toMatchObject({ data: { officeId: 'Office ID not found' } });
  });
});

describe('languageRanges', () => {
  it('orders the ranges by weight, keeping the order of equal weights', () => {
    expect(languageRanges('en;q=0.5, el-GR, de-AT;q=0.8, fr;q=0')).toEqual([
      'el-gr',
      'de-at',
      'en',
    ]);
  });

  it('drops what is not a language range', () => {
    expect(languageRanges(undefined)).toEqual([]);
    expect(languageRanges('*, 1234, <script>, el')).toEqual(['el']);
  });
});

describe('requestLocale', () => {
  const index = new Map([
    [
      'gr',
      {
        code: 'gr',
        defaultLanguageCode: 'eng',
        languages: [
          { code: 'eng', shortCode: 'en' },
          { code: 'ell', shortCode: 'el' },
        ],
      },
    ],
    [
      'ae',
      { code: 'ae', defaultLanguageCode: 'ara', languages: [{ code: 'ara', shortCode: 'ar' }] },
    ],
  ]) as unknown as ContentIndex;
  const settings = { publicRootDomain: 'localhost', defaultCountry: 'gr' };

  it("takes the country from the range's region, else from the host", () => {
    expect(requestLocale(index, 'ar-AE', 'localhost:3000', settings)).toEqual({
      countryCode: 'ae',
      languageCode: 'ara',
    });
    expect(requestLocale(index, 'el', 'gr.localhost:3000', settings)).toEqual({
      countryCode: 'gr',
      languageCode: 'ell',
    });
  });

  it('is undefined (English) when no range names a language of the country', () => {
    expect(requestLocale(index, 'de-AT', 'ae.localhost', settings)).toBeUndefined();
    expect(requestLocale(index, undefined, 'gr.localhost', settings)).toBeUndefined();
  });
});
