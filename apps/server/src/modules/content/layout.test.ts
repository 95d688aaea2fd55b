import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LayoutSchema, type Layout } from '@club/contract/layout';
import { numberSymbolsOf } from '@club/contract/number-format';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { buildApp } from '../../app.js';
import { openDatabase } from '../../db/client.js';
import { testConfig } from '../../testing/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function layout(query = '', host = 'localhost:3000') {
  const response = await t.app.inject({
    url: `/s2c/content/v1/layout/${query}`,
    headers: { host },
  });
  return { status: response.statusCode, body: response.json<{ data: Layout; code?: string }>() };
}

describe('GET /s2c/content/v1/layout/', () => {
  it('answers the default country in its default language for a bare host', async () => {
    const { status, body } = await layout();
    expect(status).toBe(200);
    const data = LayoutSchema.parse(body.data);
    expect(data).toMatchObject({
      countryCode: 'gr',
      languageCode: 'eng',
      languageShortCode: 'en',
      defaultLanguageCode: 'eng',
      countryRoute: '',
      isRtl: false,
      currentLanguageNativeTitle: 'English',
      paramsRoute: ['utm_source'],
      menuHidden: false,
      languageSelectHidden: false,
      contactUsEmail: 'club@fixture.example',
      amadeusDirectUrlToRedirect: null,
      privacyPolicyUrl: 'https://privacy.fixture.example/club',
      memberBanner: 'small',
      // The phone field's placeholder and the example of its message: the country's.
      phoneExample: '+30 2101234567',
      subDomainDisabled: false,
      decisionMakerOptIn: true,
      doubleOpt: true,
      // The shell's words only: `faq.title` and `form.email` come with their pages.
      dictionary: { 'day.mo': 'Mo', 'month.jan': 'Jan', 'form.password': 'Fixture password' },
    });
    expect(data.languages).toEqual([
      { code: 'eng', nativeTitle: 'English', isCurrent: true },
      { code: 'ell', nativeTitle: 'Ελληνικά', isCurrent: false },
    ]);
    // Who sees each item; an item without an audience is for everyone.
    expect(data.menuItems).toEqual([
      { pageName: 'registration', title: 'Registration', audience: 'guest' },
      { pageName: 'faq', title: 'Questions', audience: 'both' },
      { pageName: 'profile-update', title: 'Update Details', audience: 'member' },
    ]);
    expect(data.headerAlerts).toEqual([
      { hash: 'fixture-alert-1', type: 'warning', text: 'Fixture <b>alert</b>' },
    ]);
    expect(data.headerImagesSrcSet).toEqual([
      {
        url: '/registration',
        target: '_self',
        image: '/media/banners/fixture-1120.svg',
        imageMobile: '/media/banners/fixture-640.svg',
        imageMacbook: '/media/banners/fixture-2240.svg',
        alt: 'Fixture banner',
      },
    ]);
  });

  it('answers another language of the country by query', async () => {
    const { status, body } = await layout('?languageCode=ell');
    expect(status).toBe(200);
    expect(body.data).toMatchObject({
      languageCode: 'ell',
      languageShortCode: 'el',
      currentLanguageNativeTitle: 'Ελληνικά',
      dictionary: { 'day.mo': 'Δε', 'month.jan': 'Ιαν' },
      menuItems: [{ pageName: 'registration', title: 'Εγγραφή', audience: 'both' }],
      headerAlerts: [],
    });
    expect(body.data.languages.find((language) => language.isCurrent)?.code).toBe('ell');
  });

  it('carries how the language and country write whole numbers', async () => {
    const greek = (await layout('?languageCode=ell')).body.data.numberSymbols;
    expect(greek).toEqual(numberSymbolsOf('el-GR'));
    expect(greek).toMatchObject({ digits: '0123456789', group: '.', primaryGroupSize: 3 });
    const english = (await layout('?languageCode=eng')).body.data.numberSymbols;
    expect(english?.group).toBe(',');
  });

  it('takes the country from the host subdomain, right-to-left included', async () => {
    const { status, body } = await layout('', 'ae.localhost:3000');
    expect(status).toBe(200);
    expect(body.data).toMatchObject({
      countryCode: 'ae',
      languageCode: 'ara',
      languageShortCode: 'ar',
      isRtl: true,
      defaultLanguageCode: 'ara',
      amadeusDirectUrlToRedirect: 'https://direct.fixture.example/',
      // No address in content: the web app links the club's own page.
      privacyPolicyUrl: null,
      // Not in its country.json: members see the banner as guests do.
      memberBanner: 'full',
      phoneExample: '+971 501234567',
      headerAlerts: [{ hash: 'fixture-alert-ae', type: 'info', text: 'تنبيه' }],
    });
  });

  it('lets the query country win over the host, and upper case is accepted', async () => {
    const { body } = await layout('?countryCode=AE&languageCode=ENG', 'gr.localhost');
    expect(body.data).toMatchObject({ countryCode: 'ae', languageCode: 'eng', isRtl: false });
    expect(body.data.languages).toEqual([
      { code: 'ara', nativeTitle: 'العربية', isCurrent: false },
      { code: 'eng', nativeTitle: 'English', isCurrent: true },
    ]);
  });

  it('ignores subdomains of other domains', async () => {
    const { body } = await layout('', 'ae.elsewhere.example');
    expect(body.data.countryCode).toBe('gr');
  });

  it('answers 404 naming the field for an unknown country or language', async () => {
    expect(await layout('?countryCode=zz')).toEqual({
      status: 404,
      body: { code: 'NOT_FOUND', data: { countryCode: 'Unknown country' } },
    });
    expect(await layout('', 'zz.localhost')).toMatchObject({
      status: 404,
      body: { data: { countryCode: expect.any(String) as unknown } },
    });
    expect(await layout('?countryCode=ae&languageCode=ell')).toEqual({
      status: 404,
      body: { code: 'NOT_FOUND', data: { languageCode: 'Unknown language for this country' } },
    });
  });

  it.each([
    ['?countryCode=grc', 'countryCode'],
    ['?countryCode=g1', 'countryCode'],
    ['?languageCode=el', 'languageCode'],
    ['?languageCode=' + 'x'.repeat(5000), 'languageCode'],
    ['?countryCode=gr&countryCode=ae', 'countryCode'],
  ])('answers 400 for %s', async (query, field) => {
    const { status, body } = await layout(query);
    expect(status).toBe(400);
    expect(body.code).toBe('VALIDATION_FAILED');
    expect(body.data).toHaveProperty(field, expect.any(String));
    expect(body.data).toHaveProperty('requestId', expect.any(String));
  });

  it('answers the same with or without the trailing slash', async () => {
    const response = await t.app.inject({ url: '/s2c/content/v1/layout?countryCode=ae' });
    expect(response.statusCode).toBe(200);
    expect(response.json<{ data: Layout }>().data.countryCode).toBe('ae');
  });
});

describe('how members earn, in the layout', () => {
  it("carries each segment kind's points as the server's setting says for the country, and how long points live", async () => {
    const app = await createTestApp({
      config: { points: { ...testConfig().points, segmentPointsByCountry: { ae: { air: 7 } } } },
    });
    try {
      const earning = async (host: string) =>
        (await app.app.inject({ url: '/s2c/content/v1/layout/', headers: { host } })).json<{
          data: Layout;
        }>().data.earning;
      // The spec's table where the setting says nothing…
      expect(await earning('gr.localhost:3000')).toEqual({
        segmentPoints: { air: 5, hotel: 10, car: 10, rail: 10 },
        creditLifetimeYears: 3,
      });
      // …and the country's own figure where it does.
      expect(await earning('ae.localhost:3000')).toEqual({
        segmentPoints: { air: 7, hotel: 10, car: 10, rail: 10 },
        creditLifetimeYears: 3,
      });
    } finally {
      await app.close();
    }
  });
});

describe('an unreachable database', () => {
  it('answers 503 SERVICE_UNAVAILABLE', async () => {
    // Nothing listens on port 1: the connection is refused at once.
    const database = await openDatabase({ databaseUrl: 'postgres://club@127.0.0.1:1/club' });
    const app = await buildApp({ config: testConfig(), db: database.db, logger: false });
    try {
      const response = await app.inject({ url: '/s2c/content/v1/layout/' });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({ code: 'SERVICE_UNAVAILABLE', data: null });
    } finally {
      await app.close();
      await database.close();
    }
  });

  it('logs an outage once, without a stack per request', async () => {
    const lines: Record<string, unknown>[] = [];
    const stream = {
      write: (line: string) => lines.push(JSON.parse(line) as Record<string, unknown>),
    };
    const database = await openDatabase({ databaseUrl: 'postgres://club@127.0.0.1:1/club' });
    const app = await buildApp({
      config: testConfig(),
      db: database.db,
      logger: { level: 'warn', stream },
    });
    try {
      for (let request = 0; request < 20; request++)
        expect((await app.inject({ url: '/s2c/content/v1/layout/' })).statusCode).toBe(503);
      const outage = lines.filter((line) => line.msg === 'database unavailable');
      expect(outage).toHaveLength(1);
      expect(outage[0]).toMatchObject({ level: 50, answered503: 1 });
      expect(JSON.stringify(lines)).not.toContain('"stack"');
    } finally {
      await app.close();
      await database.close();
    }
  });
});
