import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CountryTerms } from '@club/contract/staff-member-actions';
import { bearer, dataOf, sessionToken } from '../../testing/agent-requests.js';
import { createAgent } from '../../testing/factories.js';
import { createStaff, staffCall, staffLogin, type TestStaff } from '../../testing/staff-helpers.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { auditEntries } from '../audit/schema.js';
import { countries } from '../content/schema.js';
import { termsVersionChanges } from './schema.js';

/**
 * The country-wide "require the terms again": a new terms version for one
 * country, set by an admin or a manager of that country with a reason;
 * every member of that country (and no other) meets the terms gate.
 */
let t: TestApp;
let clock = Date.now();
let managerGr: TestStaff;
let tokens: Record<'admin' | 'managerGr' | 'managerAe' | 'supportGr', string>;

beforeAll(async () => {
  t = await createTestApp({ now: () => clock });
  const db = t.database.db;
  const login = async (staff: TestStaff) => {
    clock += 30_000;
    return staffLogin(t.app, staff, clock);
  };
  managerGr = await createStaff(db, 'manager', ['gr']);
  tokens = {
    admin: await login(await createStaff(db, 'admin')),
    managerGr: await login(managerGr),
    managerAe: await login(await createStaff(db, 'manager', ['ae'])),
    supportGr: await login(await createStaff(db, 'support', ['gr'])),
  };
});
afterAll(() => t.close());

const accepted = async (member: { id: number }, token: string) =>
  dataOf<{ agentAcceptedTermsAndConditions: boolean }>(
    await t.app.inject({
      method: 'GET',
      url: `/s2c/auth/v1/agents/${member.id}`,
      headers: bearer(token),
    }),
  ).agentAcceptedTermsAndConditions;

describe("a country's terms version", () => {
  it("lists only the staff member's countries, the files' version without a staff change", async () => {
    const mine = await staffCall(t.app, tokens.managerGr, 'GET', '/s2c/staff/v1/terms');
    expect(dataOf<CountryTerms[]>(mine)).toEqual([
      {
        countryCode: 'gr',
        name: expect.any(String) as string,
        termsVersion: '1',
        changedAt: null,
        changedBy: null,
        reason: null,
      },
    ]);
    const all = await staffCall(t.app, tokens.admin, 'GET', '/s2c/staff/v1/terms');
    expect(dataOf<CountryTerms[]>(all).map((country) => country.countryCode)).toEqual(['ae', 'gr']);
  });

  it("makes every member of the country accept the terms again, and no other country's", async () => {
    const db = t.database.db;
    const greek = await createAgent(db, { countryCode: 'gr' });
    const emirati = await createAgent(db, { countryCode: 'ae', languageCode: 'ara' });
    const greekToken = await sessionToken(t.app, greek.number, greek.password);
    const emiratiToken = await sessionToken(t.app, emirati.number, emirati.password);
    expect(await accepted(greek, greekToken)).toBe(true);

    const body = { version: '2', reason: 'New privacy clause' };
    const before = await db.select().from(countries);
    expect(
      (await staffCall(t.app, tokens.supportGr, 'POST', '/s2c/staff/v1/terms/gr', body)).statusCode,
    ).toBe(403);
    expect(
      (await staffCall(t.app, tokens.managerAe, 'POST', '/s2c/staff/v1/terms/gr', body)).statusCode,
    ).toBe(404);
    expect(
      (await staffCall(t.app, tokens.admin, 'POST', '/s2c/staff/v1/terms/zz', body)).statusCode,
    ).toBe(404);
    const noReason = await staffCall(t.app, tokens.managerGr, 'POST', '/s2c/staff/v1/terms/gr', {
      version: '2',
    });
    expect(noReason.statusCode).toBe(400);
    const sameVersion = await staffCall(t.app, tokens.managerGr, 'POST', '/s2c/staff/v1/terms/gr', {
      version: '1',
      reason: 'Nothing new',
    });
    expect(sameVersion.statusCode).toBe(400);
    expect(sameVersion.json<{ data: Record<string, string> }>().data.version).toBeDefined();
    expect(await db.select().from(countries)).toEqual(before);
    expect(await db.select().from(termsVersionChanges)).toEqual([]);

    const answer = await staffCall(t.app, tokens.managerGr, 'POST', '/s2c/staff/v1/terms/gr', body);
    expect(answer.statusCode).toBe(200);
    expect(dataOf<CountryTerms>(answer)).toMatchObject({
      countryCode: 'gr',
      termsVersion: '2',
      changedBy: managerGr.email,
      reason: 'New privacy clause',
    });
    expect(await accepted(greek, greekToken)).toBe(false);
    expect(await accepted(emirati, emiratiToken)).toBe(true);

    const [entry] = await db
      .select()
      .from(auditEntries)
      .where(eq(auditEntries.action, 'country.require-terms'));
    expect(entry).toMatchObject({
      actor: managerGr.email,
      targetType: 'country',
      target: 'gr',
      countryCode: 'gr',
      reason: 'New privacy clause',
      before: { termsVersion: '1' },
      after: { termsVersion: '2' },
    });

    // Accepting again records the new version: the gate is gone.
    const acceptance = await t.app.inject({
      method: 'POST',
      url: `/s2c/auth/v1/agents/${greek.id}/terms-acceptance`,
      headers: bearer(greekToken),
    });
    expect(acceptance.statusCode).toBe(200);
    expect(await accepted(greek, greekToken)).toBe(true);
  });

  it('forgets who set a version once the content files set another one', async () => {
    await t.database.db
      .update(countries)
      .set({ termsVersion: '3' })
      .where(eq(countries.code, 'gr'));
    const list = await staffCall(t.app, tokens.admin, 'GET', '/s2c/staff/v1/terms');
    expect(
      dataOf<CountryTerms[]>(list).find((country) => country.countryCode === 'gr'),
    ).toMatchObject({
      termsVersion: '3',
      changedBy: null,
      changedAt: null,
    });
  });
});
