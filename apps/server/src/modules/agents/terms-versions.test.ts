import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createAgent } from '../../testing/factories.js';
import { createTestApp, fixtureContentDir, type TestApp } from '../../testing/test-app.js';
import {
  bearer,
  form,
  formHeaders,
  login,
  sessionOf,
  sessionToken,
  userOf,
} from '../../testing/agent-requests.js';
import { writeContent } from '../content/load-content.js';
import { readContentFolder } from '../content/read-content-folder.js';
import { countries } from '../content/schema.js';
import { agents } from './schema.js';

/**
 * Terms carry a version in each country's content (`termsVersion`): a member
 * has accepted the terms only while the version they accepted is the one
 * their country publishes (spec 2 §4 "Terms gate").
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** Publishes new terms in a country, as a content load of its files with a new `termsVersion` does. */
async function publishTerms(countryCode: string, termsVersion: string): Promise<void> {
  const content = (await readContentFolder(fixtureContentDir)).filter(
    (item) => item.country.code === countryCode,
  );
  await writeContent(t.database.db, [
    { ...content[0]!, country: { ...content[0]!.country, termsVersion } },
  ]);
  t.app.contentCache.clear();
}

const userCheck = async (id: number, token: string) =>
  userOf(await t.app.inject({ url: `/s2c/auth/v1/agents/${id}`, headers: bearer(token) }));

const acceptTerms = (id: number, token: string) =>
  t.app.inject({
    method: 'POST',
    url: `/s2c/auth/v1/agents/${id}/terms-acceptance`,
    headers: { ...formHeaders, ...bearer(token) },
    payload: '',
  });

const acceptedVersionOf = async (id: number) =>
  (
    await t.database.db
      .select({ version: agents.acceptedTermsVersion })
      .from(agents)
      .where(eq(agents.id, id))
  )[0]?.version;

describe('terms versions', () => {
  it('a country without a termsVersion publishes the first terms, "1"', async () => {
    const [gr] = await t.database.db.select().from(countries).where(eq(countries.code, 'gr'));
    expect(gr?.termsVersion).toBe('1');
  });

  it('new terms in a country bring back the gate for its members only, until each accepts them', async () => {
    const greek = await createAgent(t.database.db, { countryCode: 'gr' });
    const emirati = await createAgent(t.database.db, { countryCode: 'ae' });
    const greekToken = await sessionToken(t.app, greek.number, greek.password);
    const emiratiToken = await sessionToken(t.app, emirati.number, emirati.password);
    expect((await userCheck(greek.id, greekToken)).agentAcceptedTermsAndConditions).toBe(true);

    await publishTerms('gr', '2026-12');
    expect((await userCheck(greek.id, greekToken)).agentAcceptedTermsAndConditions).toBe(false);
    // The login answer (its own query) says the same.
    const again = sessionOf(await login(t.app, greek.number, greek.password));
    expect(again.user.agentAcceptedTermsAndConditions).toBe(false);
    expect((await userCheck(emirati.id, emiratiToken)).agentAcceptedTermsAndConditions).toBe(true);

    const accepted = await acceptTerms(greek.id, greekToken);
    expect(accepted.statusCode).toBe(200);
    expect(userOf(accepted).agentAcceptedTermsAndConditions).toBe(true);
    expect(await acceptedVersionOf(greek.id)).toBe('2026-12');
    expect((await userCheck(greek.id, greekToken)).agentAcceptedTermsAndConditions).toBe(true);

    // Loading the same terms again changes nothing; only another version does.
    await publishTerms('gr', '2026-12');
    expect((await userCheck(greek.id, greekToken)).agentAcceptedTermsAndConditions).toBe(true);
    await publishTerms('gr', '2027-01');
    expect((await userCheck(greek.id, greekToken)).agentAcceptedTermsAndConditions).toBe(false);
  });

  it('a member who never accepted any terms meets the gate, whatever the version', async () => {
    const member = await createAgent(t.database.db, { countryCode: 'ae', termsAcceptedAt: null });
    const token = await sessionToken(t.app, member.number, member.password);
    expect((await userCheck(member.id, token)).agentAcceptedTermsAndConditions).toBe(false);
    await acceptTerms(member.id, token);
    expect(await acceptedVersionOf(member.id)).toBe('1');
  });

  it('registration records the version the country publishes at that moment', async () => {
    await publishTerms('ae', 'ae-2');
    const response = await t.app.inject({
      method: 'POST',
      url: '/s2c/auth/v1/agents',
      headers: formHeaders,
      payload: form({
        countryCode: 'ae',
        languageCode: 'eng',
        agreeWithConditions: 'true',
        firstName: 'Samira',
        lastName: 'Haddad',
        title: 'ms',
        password: 'travel2030',
        passwordRepeat: 'travel2030',
        officeId: 'DXBAE0001',
        address: '',
        email: `terms-${Date.now()}@agent.example`,
        phone: '+971 501234567',
        birthdayDay: '05',
        birthdayMonth: '12',
        newsletter: '',
        sign: '',
      }),
    });
    expect(response.statusCode).toBe(200);
    const { user } = sessionOf(response);
    expect(user.agentAcceptedTermsAndConditions).toBe(true);
    expect(await acceptedVersionOf(user.id)).toBe('ae-2');
  });
});
