import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MemberActionState } from '@club/contract/staff-member-actions';
import { bearer, dataOf, sessionToken } from '../../testing/agent-requests.js';
import { createAgent } from '../../testing/factories.js';
import { createStaff, staffCall, staffLogin, type TestStaff } from '../../testing/staff-helpers.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { auditEntries } from '../audit/schema.js';
import { agentLinks, agents, directAccessChanges, sessions } from '../agents/schema.js';
import { loginFailures } from '../limits/schema.js';
import { mailOutbox } from '../mail/schema.js';

/**
 * The member view's actions: each changes the member as it says, answers the
 * state after it, writes its audit entry with before and after (and the
 * reason where one is required), is refused where it does not apply, to
 * support and across countries, and changes nothing then.
 */
let t: TestApp;
let clock = Date.now();
let tokens: Record<'admin' | 'managerGr' | 'managerAe' | 'supportGr', string>;

beforeAll(async () => {
  t = await createTestApp({ now: () => clock });
  const db = t.database.db;
  const login = async (staff: TestStaff) => {
    clock += 30_000;
    return staffLogin(t.app, staff, clock);
  };
  tokens = {
    admin: await login(await createStaff(db, 'admin')),
    managerGr: await login(await createStaff(db, 'manager', ['gr'])),
    managerAe: await login(await createStaff(db, 'manager', ['ae'])),
    supportGr: await login(await createStaff(db, 'support', ['gr'])),
  };
});
afterAll(() => t.close());

const url = (number: string, action: string) => `/s2c/staff/v1/members/${number}/${action}`;
const post = (token: string, number: string, action: string, body: Record<string, string> = {}) =>
  staffCall(t.app, token, 'POST', url(number, action), body);

async function auditOf(number: string, action: string) {
  return t.database.db
    .select()
    .from(auditEntries)
    .where(
      and(
        eq(auditEntries.targetType, 'member'),
        eq(auditEntries.target, number),
        eq(auditEntries.action, action),
      ),
    );
}

async function memberRow(number: string) {
  const [row] = await t.database.db.select().from(agents).where(eq(agents.number, number));
  return row!;
}

/** The refusals every action shares: support 403, another country's manager 404, an unknown member 404; nothing written. */
async function expectRefusals(number: string, action: string, body: Record<string, string>) {
  const before = await memberRow(number);
  const auditsBefore = await t.database.db.select().from(auditEntries);
  expect((await post(tokens.supportGr, number, action, body)).statusCode).toBe(403);
  expect((await post(tokens.managerAe, number, action, body)).statusCode).toBe(404);
  expect((await post(tokens.admin, '99999999', action, body)).statusCode).toBe(404);
  expect(await memberRow(number)).toEqual(before);
  expect(await t.database.db.select().from(auditEntries)).toEqual(auditsBefore);
}

describe("the member's action state", () => {
  it('tells what the actions depend on, to any role of the country, and 404 to another', async () => {
    const member = await createAgent(t.database.db, { countryCode: 'gr' });
    const answer = await staffCall(t.app, tokens.supportGr, 'GET', url(member.number, 'actions'));
    expect(answer.statusCode).toBe(200);
    expect(dataOf<MemberActionState>(answer)).toMatchObject({
      number: member.number,
      countryCode: 'gr',
      status: 'active',
      isAmadeusDirectUser: false,
      acceptedCurrentTerms: true,
      loginFailures: 0,
      loginBlockedUntil: null,
      openSessions: 0,
      restorableUntil: null,
    });
    const other = await staffCall(t.app, tokens.managerAe, 'GET', url(member.number, 'actions'));
    expect(other.statusCode).toBe(404);
    const bad = await staffCall(t.app, tokens.admin, 'GET', url('12ab', 'actions'));
    expect(bad.statusCode).toBe(400);
  });
});

describe('resend the confirmation mail', () => {
  it('sends a pending member a new link, once within the quiet time, audited', async () => {
    const member = await createAgent(t.database.db, { status: 'pending', activatedAt: null });
    await expectRefusals(member.number, 'confirmation-mail', {});
    const answer = await post(tokens.managerGr, member.number, 'confirmation-mail', {
      reason: 'Called: no mail arrived',
    });
    expect(answer.statusCode).toBe(200);
    expect(dataOf<MemberActionState>(answer).status).toBe('pending');
    const mails = await t.database.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.recipient, member.email), eq(mailOutbox.template, 'confirm-email')));
    expect(mails).toHaveLength(1);
    const links = await t.database.db
      .select()
      .from(agentLinks)
      .where(and(eq(agentLinks.agentId, member.id), eq(agentLinks.purpose, 'confirm-email')));
    expect(links).toHaveLength(1);
    const [entry] = await auditOf(member.number, 'member.resend-confirmation');
    expect(entry).toMatchObject({
      countryCode: 'gr',
      reason: 'Called: no mail arrived',
      before: { status: 'pending' },
      after: { status: 'pending', confirmationMailTo: member.email },
    });

    const again = await post(tokens.managerGr, member.number, 'confirmation-mail');
    expect(again.statusCode).toBe(429);
    expect(await auditOf(member.number, 'member.resend-confirmation')).toHaveLength(1);
  });

  it('does not apply to an active member', async () => {
    const member = await createAgent(t.database.db);
    const answer = await post(tokens.admin, member.number, 'confirmation-mail');
    expect(answer.statusCode).toBe(409);
    expect(await auditOf(member.number, 'member.resend-confirmation')).toHaveLength(0);
  });
});

describe('unlock a login backoff', () => {
  it("clears the number's and its device cookies' counters, not another member's", async () => {
    const member = await createAgent(t.database.db);
    const other = await createAgent(t.database.db);
    const blockedUntil = new Date(clock + 60_000);
    await t.database.db.insert(loginFailures).values([
      {
        key: `number:${member.number}`,
        failures: 7,
        windowStartedAt: new Date(clock),
        blockedUntil,
      },
      { key: `device:${member.number}:abc`, failures: 5, windowStartedAt: new Date(clock) },
      { key: `number:${other.number}`, failures: 3, windowStartedAt: new Date(clock) },
    ]);
    await expectRefusals(member.number, 'login-unlock', {});
    const state = await staffCall(t.app, tokens.managerGr, 'GET', url(member.number, 'actions'));
    expect(dataOf<MemberActionState>(state)).toMatchObject({
      loginFailures: 7,
      loginBlockedUntil: blockedUntil.toISOString(),
    });

    const answer = await post(tokens.managerGr, member.number, 'login-unlock');
    expect(answer.statusCode).toBe(200);
    expect(dataOf<MemberActionState>(answer)).toMatchObject({
      loginFailures: 0,
      loginBlockedUntil: null,
    });
    const keys = (await t.database.db.select().from(loginFailures)).map((row) => row.key);
    expect(keys).toContain(`number:${other.number}`);
    expect(keys.filter((key) => key.includes(member.number))).toEqual([]);
    const [entry] = await auditOf(member.number, 'member.unlock-login');
    expect(entry?.before).toEqual({
      loginFailures: 7,
      loginBlockedUntil: blockedUntil.toISOString(),
      deviceCounters: 1,
    });
    expect(entry?.after).toEqual({ loginFailures: 0, loginBlockedUntil: null, deviceCounters: 0 });

    // The member logs in again at once.
    await sessionToken(t.app, member.number, member.password);
    expect((await post(tokens.managerGr, member.number, 'login-unlock')).statusCode).toBe(409);
  });
});

describe("end the member's sessions", () => {
  it('ends every open session: the token no longer opens a member call', async () => {
    const member = await createAgent(t.database.db);
    const token = await sessionToken(t.app, member.number, member.password);
    await sessionToken(t.app, member.number, member.password);
    await expectRefusals(member.number, 'end-sessions', {});
    const mine = () =>
      t.app.inject({
        method: 'GET',
        url: `/s2c/auth/v1/agents/${member.id}`,
        headers: bearer(token),
      });
    expect((await mine()).statusCode).toBe(200);

    const answer = await post(tokens.admin, member.number, 'end-sessions');
    expect(answer.statusCode).toBe(200);
    expect(dataOf<MemberActionState>(answer).openSessions).toBe(0);
    expect((await mine()).statusCode).toBe(401);
    const [entry] = await auditOf(member.number, 'member.end-sessions');
    expect(entry).toMatchObject({ before: { openSessions: 2 }, after: { openSessions: 0 } });
    expect((await post(tokens.admin, member.number, 'end-sessions')).statusCode).toBe(409);
  });
});

describe('mark or unmark a direct-access user', () => {
  it('changes the flag with a reason, records the change and the audit entry', async () => {
    const member = await createAgent(t.database.db);
    await expectRefusals(member.number, 'direct-access', {
      isAmadeusDirectUser: 'true',
      reason: 'Moved to the direct product',
    });
    const noReason = await post(tokens.managerGr, member.number, 'direct-access', {
      isAmadeusDirectUser: 'true',
    });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json<{ data: Record<string, string> }>().data.reason).toBeDefined();

    const marked = await post(tokens.managerGr, member.number, 'direct-access', {
      isAmadeusDirectUser: 'true',
      reason: 'Moved to the direct product',
    });
    expect(marked.statusCode).toBe(200);
    expect(dataOf<MemberActionState>(marked).isAmadeusDirectUser).toBe(true);
    const [entry] = await auditOf(member.number, 'member.mark-direct-access');
    expect(entry).toMatchObject({
      reason: 'Moved to the direct product',
      before: { isAmadeusDirectUser: false },
      after: { isAmadeusDirectUser: true },
    });
    const changes = await t.database.db
      .select()
      .from(directAccessChanges)
      .where(eq(directAccessChanges.agentId, member.id));
    expect(changes).toMatchObject([{ isAmadeusDirectUser: true, reason: 'staff' }]);

    const again = await post(tokens.managerGr, member.number, 'direct-access', {
      isAmadeusDirectUser: 'true',
      reason: 'Twice',
    });
    expect(again.statusCode).toBe(409);
    const unmarked = await post(tokens.managerGr, member.number, 'direct-access', {
      isAmadeusDirectUser: 'false',
      reason: 'Back to the club',
    });
    expect(dataOf<MemberActionState>(unmarked).isAmadeusDirectUser).toBe(false);
    expect(await auditOf(member.number, 'member.unmark-direct-access')).toHaveLength(1);
  });
});

describe('require the terms again for one member', () => {
  it('makes the accepted version no longer count: the member record says so', async () => {
    const member = await createAgent(t.database.db);
    const token = await sessionToken(t.app, member.number, member.password);
    await expectRefusals(member.number, 'require-terms', { reason: 'Asked to read them again' });
    expect((await post(tokens.managerGr, member.number, 'require-terms')).statusCode).toBe(400);

    const answer = await post(tokens.managerGr, member.number, 'require-terms', {
      reason: 'Asked to read them again',
    });
    expect(answer.statusCode).toBe(200);
    expect(dataOf<MemberActionState>(answer).acceptedCurrentTerms).toBe(false);
    const own = await t.app.inject({
      method: 'GET',
      url: `/s2c/auth/v1/agents/${member.id}`,
      headers: bearer(token),
    });
    expect(dataOf<{ agentAcceptedTermsAndConditions: boolean }>(own)).toMatchObject({
      agentAcceptedTermsAndConditions: false,
    });
    const [entry] = await auditOf(member.number, 'member.require-terms');
    expect(entry).toMatchObject({
      reason: 'Asked to read them again',
      before: { acceptedTermsVersion: '1' },
      after: { acceptedTermsVersion: null },
    });
    const twice = await post(tokens.managerGr, member.number, 'require-terms', { reason: 'Again' });
    expect(twice.statusCode).toBe(409);
  });
});

describe('delete and restore an account', () => {
  it('deletes as a confirmed deletion does, then restores it, each with a reason', async () => {
    const member = await createAgent(t.database.db);
    const token = await sessionToken(t.app, member.number, member.password);
    await expectRefusals(member.number, 'delete', { reason: 'The member asked by phone' });
    expect(
      (await post(tokens.managerGr, member.number, 'delete', { reason: ' ' })).statusCode,
    ).toBe(400);
    expect(
      (await post(tokens.managerGr, member.number, 'restore', { reason: 'x' })).statusCode,
    ).toBe(409);

    const deleted = await post(tokens.managerGr, member.number, 'delete', {
      reason: 'The member asked by phone',
    });
    expect(deleted.statusCode).toBe(200);
    const state = dataOf<MemberActionState>(deleted);
    expect(state).toMatchObject({ status: 'deleted', openSessions: 0 });
    expect(Date.parse(state.restorableUntil!)).toBeGreaterThan(Date.now());
    expect((await memberRow(member.number)).deletedAt).not.toBeNull();
    const mine = await t.app.inject({
      method: 'GET',
      url: `/s2c/auth/v1/agents/${member.id}`,
      headers: bearer(token),
    });
    expect(mine.statusCode).toBe(401);
    const login = await t.app.inject({
      method: 'POST',
      url: '/s2c/auth/v1/token/agent',
      headers: { 'content-type': 'application/json' },
      payload: { username: member.number, password: member.password },
    });
    expect(login.statusCode).not.toBe(200);
    expect(await auditOf(member.number, 'member.delete')).toMatchObject([
      {
        reason: 'The member asked by phone',
        before: { status: 'active' },
        after: { status: 'deleted' },
      },
    ]);
    expect(
      (await post(tokens.managerGr, member.number, 'delete', { reason: 'x' })).statusCode,
    ).toBe(409);
    expect((await post(tokens.managerGr, member.number, 'end-sessions')).statusCode).toBe(409);

    await expectRefusals(member.number, 'restore', { reason: 'Changed their mind' });
    const restored = await post(tokens.admin, member.number, 'restore', {
      reason: 'Changed their mind',
    });
    expect(restored.statusCode).toBe(200);
    expect(dataOf<MemberActionState>(restored)).toMatchObject({
      status: 'active',
      deletedAt: null,
      restorableUntil: null,
    });
    expect(await auditOf(member.number, 'member.restore')).toMatchObject([
      { reason: 'Changed their mind', before: { status: 'deleted' }, after: { status: 'active' } },
    ]);
    const mails = await t.database.db
      .select({ template: mailOutbox.template })
      .from(mailOutbox)
      .where(eq(mailOutbox.recipient, member.email));
    expect(mails.map((mail) => mail.template)).toContain('account-restored');
    await sessionToken(t.app, member.number, member.password);
  });

  it('refuses to restore once the account is past its linkLifeTime', async () => {
    const member = await createAgent(t.database.db);
    await post(tokens.admin, member.number, 'delete', { reason: 'Asked to leave' });
    await t.database.db
      .update(agents)
      .set({ deletedAt: sql`now() - interval '400 days'` })
      .where(eq(agents.id, member.id));
    const answer = await post(tokens.admin, member.number, 'restore', { reason: 'Too late' });
    expect(answer.statusCode).toBe(409);
    expect((await memberRow(member.number)).status).toBe('deleted');
  });

  it('also ends the sessions a deletion leaves no use for', async () => {
    const member = await createAgent(t.database.db);
    await sessionToken(t.app, member.number, member.password);
    await post(tokens.admin, member.number, 'delete', { reason: 'Asked to leave' });
    const open = await t.database.db
      .select()
      .from(sessions)
      .where(and(eq(sessions.agentId, member.id), sql`${sessions.revokedAt} is null`));
    expect(open).toEqual([]);
  });
});
