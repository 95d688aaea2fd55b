import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Layout } from '@club/contract/layout';
import type { RegistrationPage } from '@club/contract/account-pages';
import { repositoryRoot } from '../../config.js';
import { getPage, lastLinkTo, logIn, submitPage } from '../../testing/account-helpers.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { createTestDatabase, type TestDatabase } from '../../testing/test-database.js';
import { loadContent } from '../content/load-content.js';
import { loadOffices } from '../offices/load-offices.js';

/**
 * Cyprus in the demo content has its subdomain disabled: its site is the root
 * site under `/cy` (spec 1 §3 countryRoute, spec 2 §2.2). Its layout, the
 * registration's country list, its office lookup, its registration and the
 * links of its mails all say so.
 */
const demoContent = join(repositoryRoot, 'content');
let database: TestDatabase;
let t: TestApp;
beforeAll(async () => {
  database = await createTestDatabase();
  await loadContent(database.db, demoContent);
  await loadOffices(database.db, demoContent);
  t = await createTestApp({
    database,
    config: { contentDir: demoContent, publicBaseUrl: 'http://localhost:3000' },
  });
});
afterAll(async () => {
  await t.close();
  await database.dispose();
});

async function layoutOf(countryCode: string): Promise<Layout> {
  const response = await t.app.inject({
    url: `/s2c/content/v1/layout/?countryCode=${countryCode}`,
  });
  expect(response.statusCode).toBe(200);
  return response.json<{ data: Layout }>().data;
}

describe('a country whose subdomain is disabled (Cyprus)', () => {
  it('has the layout route prefix /cy; a country on its own subdomain has none', async () => {
    expect(await layoutOf('cy')).toMatchObject({ subDomainDisabled: true, countryRoute: '/cy' });
    expect(await layoutOf('at')).toMatchObject({ subDomainDisabled: false, countryRoute: '' });
  });

  it("is offered by the registration's country step with the route prefix of its site", async () => {
    const page = await getPage<RegistrationPage>(t.app, 'registration', { countryCode: 'gr' });
    expect(page.status).toBe(200);
    expect(page.data.countries).toContainEqual({ code: 'cy', name: 'Cyprus', countryRoute: '/cy' });
    expect(page.data.countries).toContainEqual({ code: 'gr', name: 'Greece', countryRoute: '' });
  });

  it('finds its own offices, which are no office of another country', async () => {
    const cy = await t.app.inject({ url: '/s2c/auth/v1/offices/NICCY2101/cy' });
    expect(cy.statusCode).toBe(200);
    expect(cy.json<{ data: { fullName: string } }>().data.fullName).toBe('Ledra Travel');
    expect((await t.app.inject({ url: '/s2c/auth/v1/offices/NICCY2101/gr' })).statusCode).toBe(404);
  });

  it('registers a Cypriot agent, whose confirmation link opens the root site under /cy', async () => {
    const email = 'andreas.georgiou@travel.example';
    const response = await t.app.inject({
      method: 'POST',
      url: '/s2c/auth/v1/agents',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        countryCode: 'cy',
        languageCode: 'eng',
        agreeWithConditions: 'true',
        firstName: 'Andreas',
        lastName: 'Georgiou',
        title: 'mr',
        password: 'Larnaca2026',
        passwordRepeat: 'Larnaca2026',
        officeId: 'niccy2101',
        email,
        phone: '',
        birthdayDay: '',
        birthdayMonth: '',
        newsletter: '',
        sign: '',
        address: '',
      }).toString(),
    });
    expect(response.statusCode).toBe(200);
    const { user, token } = response.json<{
      data: { user: { number: string; countryCode: string; officeId: string }; token: null };
    }>().data;
    expect(user).toMatchObject({ countryCode: 'cy', officeId: 'NICCY2101' });
    expect(token).toBeNull();

    const link = await lastLinkTo(t.database.db, email);
    expect(`${link.origin}${link.pathname}`).toBe(
      'http://localhost:3000/cy/registration-email-confirm',
    );
    const confirmed = await submitPage(
      t.app,
      'registration-email-confirm',
      { token: link.searchParams.get('token')! },
      { countryCode: 'cy' },
    );
    expect(confirmed.data).toEqual({ errors: [], alreadyActivated: false });
    expect(await logIn(t.app, user.number, 'Larnaca2026')).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });
});
