import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { EarningRule, EarningRuleList } from '@club/contract/earning-rules';
import type { PointsByMonth } from '@club/contract/staff-reports';
import { form, formHeaders, sessionOf } from '../../testing/agent-requests.js';
import { lastLinkTo, submitPage } from '../../testing/account-helpers.js';
import { createAgent } from '../../testing/factories.js';
import { createStaff, staffLogin } from '../../testing/staff-helpers.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { sendConfirmEmail } from '../account-links/confirm-email.js';
import { auditEntries } from '../audit/schema.js';
import { dayOf } from '../points/calendar-days.js';
import { pointAdjustments, pointEntries } from '../points/schema.js';

/**
 * The welcome bonus is an earning rule (issue 31 §2): published per country
 * by admins and the country's managers (audited, ended like any rule), and
 * credited once when a member's account becomes active within its dates: at
 * registration in a country without a confirmation mail, at the confirmation
 * otherwise. The reports count it with the campaigns.
 */
let t: TestApp;
const tokens = { admin: '', managerGr: '' };
const today = dayOf(Date.now());

beforeAll(async () => {
  t = await createTestApp();
  tokens.admin = await staffLogin(t.app, await createStaff(t.database.db, 'admin'));
  tokens.managerGr = await staffLogin(t.app, await createStaff(t.database.db, 'manager', ['gr']));
});
afterAll(() => t.close());

const call = (token: string, method: 'GET' | 'POST', url: string, body?: unknown) =>
  t.app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${token}` },
    ...(body === undefined ? {} : { payload: body as Record<string, unknown> }),
  });

async function publish(body: Record<string, unknown>, token: string) {
  const answer = await call(token, 'POST', '/s2c/staff/v1/earning-rules', body);
  expect(answer.statusCode, answer.body).toBe(201);
  return answer.json<{ data: EarningRule }>().data;
}

const welcomeEntries = (agentId: number) =>
  t.database.db
    .select({ amount: pointEntries.amount, keyed: pointEntries.keyedDescription })
    .from(pointEntries)
    .where(and(eq(pointEntries.agentId, agentId), eq(pointEntries.kind, 'additional')));

let emails = 0;
const register = (values: Record<string, string>) =>
  t.app.inject({
    method: 'POST',
    url: '/s2c/auth/v1/agents',
    headers: formHeaders,
    payload: form({
      languageCode: 'eng',
      agreeWithConditions: 'true',
      firstName: 'Anne',
      lastName: 'Smith',
      title: 'mrs',
      password: 'travel2030',
      passwordRepeat: 'travel2030',
      address: 'x',
      email: `welcome-${++emails}-${Date.now()}@agent.example`,
      phone: '+971 501234567',
      birthdayDay: '05',
      birthdayMonth: '12',
      sign: '',
      ...values,
    }),
  });

describe('a welcome bonus rule', () => {
  let rule: EarningRule;

  it('is published for a country with its points, no segment types, audited', async () => {
    rule = await publish(
      {
        country: 'ae',
        kind: 'welcome',
        name: 'Welcome bonus 2026',
        points: 100,
        from: today,
        // Segment types and a basis mean nothing for it: they are dropped.
        segmentTypes: ['air'],
        basis: 'booking',
      },
      tokens.admin,
    );
    expect(rule).toMatchObject({
      kind: 'welcome',
      points: 100,
      multiplier: null,
      segmentTypes: [],
      earned: false,
    });
    const [entry] = await t.database.db
      .select()
      .from(auditEntries)
      .where(eq(auditEntries.target, String(rule.id)));
    expect(entry).toMatchObject({ action: 'earning-rule.create', countryCode: 'ae' });
  });

  it('credits a member active at registration once, worded as the welcome bonus, and counts as campaigns', async () => {
    const reportBefore = await call(
      tokens.admin,
      'GET',
      '/s2c/staff/v1/reports/points-by-month?country=ae&months=1',
    );
    const before = reportBefore.json<{ data: PointsByMonth }>().data.months[0]!;
    const response = await register({ countryCode: 'ae', officeId: 'dxbae0001' });
    expect(response.statusCode, response.body).toBe(200);
    const { user } = sessionOf(response);
    expect(await welcomeEntries(user.id)).toEqual([
      { amount: 100, keyed: { key: 'welcomeBonus', params: {} } },
    ]);
    const [adjustment] = await t.database.db
      .select()
      .from(pointAdjustments)
      .where(eq(pointAdjustments.agentId, user.id));
    expect(adjustment).toMatchObject({ reference: `welcome-${user.number}`, points: 100 });
    const list = await call(tokens.admin, 'GET', '/s2c/staff/v1/earning-rules?country=ae');
    const listed = list.json<{ data: EarningRuleList }>().data.items.find((r) => r.id === rule.id);
    expect(listed?.earned).toBe(true);
    const reportAfter = await call(
      tokens.admin,
      'GET',
      '/s2c/staff/v1/reports/points-by-month?country=ae&months=1',
    );
    const after = reportAfter.json<{ data: PointsByMonth }>().data.months[0]!;
    expect(after.fromCampaigns - before.fromCampaigns).toBe(100);
    expect(after.fromStaff - before.fromStaff).toBe(0);
  });

  it('credits a member of a country with a confirmation mail when they confirm, once', async () => {
    await publish(
      { country: 'gr', kind: 'welcome', name: 'Καλωσόρισμα', points: 50, from: today },
      tokens.managerGr,
    );
    const member = await createAgent(t.database.db, {
      countryCode: 'gr',
      status: 'pending',
      activatedAt: null,
    });
    await t.database.db.transaction((tx) => sendConfirmEmail(tx, member));
    const token = (await lastLinkTo(t.database.db, member.email)).searchParams.get('token')!;
    expect(await welcomeEntries(member.id)).toEqual([]);
    const first = await submitPage(t.app, 'registration-email-confirm', { token });
    expect(first.data).toMatchObject({ errors: [], alreadyActivated: false });
    await submitPage(t.app, 'registration-email-confirm', { token });
    expect(await welcomeEntries(member.id)).toEqual([
      { amount: 50, keyed: { key: 'welcomeBonus', params: {} } },
    ]);
  });

  it('credits the rule in force at activation, not one that starts later', async () => {
    await publish(
      { country: 'ae', kind: 'welcome', name: 'Next century', points: 500, from: '2099-01-01' },
      tokens.admin,
    );
    const response = await register({ countryCode: 'ae', officeId: 'dxbae0001' });
    const { user } = sessionOf(response);
    expect((await welcomeEntries(user.id)).map((entry) => entry.amount)).toEqual([100]);
  });

  it('refuses a multiplier, and segment rules without segment types', async () => {
    const welcome = await call(tokens.admin, 'POST', '/s2c/staff/v1/earning-rules', {
      country: 'ae',
      kind: 'welcome',
      name: 'Double welcome',
      multiplier: 2,
      from: today,
    });
    expect(welcome.statusCode).toBe(400);
    expect(welcome.json<{ data: Record<string, string> }>().data.points).toBe(
      'A welcome bonus gives points (no multiplier)',
    );
    const campaign = await call(tokens.admin, 'POST', '/s2c/staff/v1/earning-rules', {
      country: 'ae',
      kind: 'campaign',
      name: 'Nothing to earn on',
      points: 5,
      from: today,
      memberNames: { eng: 'x', ara: 'x' },
    });
    expect(campaign.statusCode).toBe(400);
    expect(campaign.json<{ data: Record<string, string> }>().data.segmentTypes).toBe(
      'Choose at least one segment type',
    );
  });
});
