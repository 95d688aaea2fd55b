import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { HandoverCodeAnswer } from '@club/contract/membership';
import { createAgent } from '../../testing/factories.js';
import { createStaff, staffCall, staffLogin } from '../../testing/staff-helpers.js';
import { submitPage } from '../../testing/account-helpers.js';
import { createLink } from '../account-links/links.js';
import {
  bearer,
  dataOf,
  form,
  formHeaders,
  sessionOf,
  sessionToken,
} from '../../testing/agent-requests.js';
import { createTestApp, testConfig, type TestApp } from '../../testing/test-app.js';
import { agents, sessionHandovers, sessions, type AgentLinkPurpose } from './schema.js';
import { hashToken } from './session-tokens.js';

/**
 * The session handover between country sites: a code issued to a signed-in
 * member for the site of their own country, exchanged there once for a
 * session of its own. Every refusal answers the same.
 */
let t: TestApp;
let clock = Date.parse('2030-05-01T08:00:00Z');
const freeExchanges = 6;
beforeAll(async () => {
  const base = testConfig();
  t = await createTestApp({
    now: () => clock,
    config: { loginLimits: { ...base.loginLimits, freeFailuresPerAddress: freeExchanges } },
  });
});
afterAll(() => t.close());

let address = 0;
/** Each test from its own client address, so that the address limit is the last test's alone. */
const nextAddress = () => `10.0.7.${++address}`;

async function emirati() {
  const member = await createAgent(t.database.db, { countryCode: 'ae', languageCode: 'ara' });
  return { member, token: await sessionToken(t.app, member.number, member.password) };
}

function issue(token?: string) {
  return t.app.inject({
    method: 'POST',
    url: '/s2c/auth/v1/session/handover-code',
    headers: token === undefined ? {} : bearer(token),
  });
}

async function codeFor(token: string): Promise<string> {
  const response = await issue(token);
  expect(response.statusCode).toBe(200);
  return dataOf<HandoverCodeAnswer>(response).code;
}

/**
 * Exchanges a code on a site: `'ae'` is the host `ae.localhost`; `'/cy'` is
 * the root host with the country the web app names there. `body` adds what a
 * client might send besides.
 */
function exchange(
  code: string,
  site: string,
  remoteAddress: string,
  body: Record<string, string> = {},
) {
  const onRoot = site.startsWith('/');
  return t.app.inject({
    method: 'POST',
    url: '/s2c/auth/v1/session/handover',
    headers: { ...formHeaders, host: onRoot ? 'localhost' : `${site.toLowerCase()}.localhost` },
    payload: form({ code, ...(onRoot ? { countryCode: site.slice(1) } : {}), ...body }),
    remoteAddress,
  });
}

const refusal = { code: 'UNAUTHORIZED', data: { code: 'refused' } };

describe('session handover codes', () => {
  it("are issued only to a signed-in member, for their own country's site", async () => {
    expect((await issue()).statusCode).toBe(401);
    const { token } = await emirati();
    const response = await issue(token);
    expect(response.statusCode).toBe(200);
    const answer = dataOf<HandoverCodeAnswer>(response);
    expect(answer).toMatchObject({ countryCode: 'ae', countryRoute: '', expiresInSeconds: 60 });
    expect(answer.code).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // Stored hashed: the code itself is in no row.
    const rows = await t.database.db.select().from(sessionHandovers);
    expect(JSON.stringify(rows)).not.toContain(answer.code);
  });

  it("open a session of the destination's own on that country's site", async () => {
    const { member, token } = await emirati();
    const response = await exchange(await codeFor(token), 'AE', nextAddress());
    expect(response.statusCode).toBe(200);
    const session = sessionOf(response);
    expect(session.user).toMatchObject({ id: member.id, countryCode: 'ae' });
    expect(session.token).not.toBe(token);
    const check = await t.app.inject({
      url: `/s2c/auth/v1/agents/${member.id}`,
      headers: bearer(session.token!),
    });
    expect(check.statusCode).toBe(200);
    // The session moved: the one that minted the code has ended.
    const left = await t.app.inject({
      url: `/s2c/auth/v1/agents/${member.id}`,
      headers: bearer(token),
    });
    expect(left.statusCode).toBe(401);
  });

  it('work once only', async () => {
    const { token } = await emirati();
    const code = await codeFor(token);
    const from = nextAddress();
    expect((await exchange(code, 'ae', from)).statusCode).toBe(200);
    const again = await exchange(code, 'ae', from);
    expect(again.statusCode).toBe(401);
    expect(again.json()).toEqual(refusal);
  });

  it("are refused on another country's site, and are gone after that", async () => {
    const { token } = await emirati();
    const code = await codeFor(token);
    const from = nextAddress();
    const elsewhere = await exchange(code, 'gr', from);
    expect(elsewhere.statusCode).toBe(401);
    expect(elsewhere.json()).toEqual(refusal);
    expect((await exchange(code, 'ae', from)).json()).toEqual(refusal);
  });

  it('expire after a minute', async () => {
    const { token } = await emirati();
    const code = await codeFor(token);
    clock += 60_000;
    const late = await exchange(code, 'ae', nextAddress());
    expect(late.statusCode).toBe(401);
    expect(late.json()).toEqual(refusal);
  });

  it('refuse a wrong or malformed code alike; two live codes of one member (two logins at once) both work', async () => {
    const { member, token } = await emirati();
    const first = await codeFor(token);
    const second = await codeFor(await sessionToken(t.app, member.number, member.password));
    const from = nextAddress();
    for (const code of ['x'.repeat(43), 'not a code', '']) {
      const response = await exchange(code, 'ae', from);
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual(refusal);
    }
    expect((await exchange(second, 'ae', from)).statusCode).toBe(200);
    expect((await exchange(first, 'ae', from)).statusCode).toBe(200);
  });

  it('are refused once the member is deleted, and bad input is never a 500', async () => {
    const { member, token } = await emirati();
    const code = await codeFor(token);
    await t.database.db.update(agents).set({ status: 'deleted' }).where(eq(agents.id, member.id));
    const from = nextAddress();
    expect((await exchange(code, 'ae', from)).json()).toEqual(refusal);
    const malformed = await t.app.inject({
      method: 'POST',
      url: '/s2c/auth/v1/session/handover',
      headers: formHeaders,
      payload: form({ code: 'y'.repeat(500), countryCode: 'greece' }),
      remoteAddress: from,
    });
    expect(malformed.statusCode).toBe(400);
  });

  it('are exchanged from one client address only so often, like logins', async () => {
    const { token } = await emirati();
    const from = nextAddress();
    for (let attempt = 0; attempt <= freeExchanges; attempt += 1)
      expect((await exchange('wrong', 'ae', from)).statusCode).toBe(401);
    const code = await codeFor(token);
    const blocked = await exchange(code, 'ae', from);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.headers['retry-after']).toBeDefined();
    // Another address is not held back.
    expect((await exchange(code, 'ae', nextAddress())).statusCode).toBe(200);
  });

  it("take the site's country from the host, never from the body", async () => {
    const { token } = await emirati();
    const code = await codeFor(token);
    const from = nextAddress();
    const steered = await exchange(code, 'gr', from, { countryCode: 'ae' });
    expect(steered.statusCode).toBe(401);
    expect(steered.json()).toEqual(refusal);
    // The refused code is gone, as every refused code is.
    expect((await exchange(code, 'ae', from)).statusCode).toBe(401);
  });

  it("on the root host, refuse a country whose site is its own subdomain (siteCountryOf decides /cy's)", async () => {
    const { token } = await emirati();
    const onRoot = await exchange(await codeFor(token), '/ae', nextAddress());
    expect(onRoot.statusCode).toBe(401);
    expect(onRoot.json()).toEqual(refusal);
  });
});

describe('a handover code dies with the session that minted it', () => {
  /** A member with two sessions, and a code minted by the second. */
  async function stolenCode() {
    const { member, token: owner } = await emirati();
    const thief = await sessionToken(t.app, member.number, member.password);
    return { member, owner, thief, code: await codeFor(thief) };
  }

  async function expectVoid(code: string) {
    const response = await exchange(code, 'ae', nextAddress());
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual(refusal);
  }

  it('is refused once that session has ended, however it ended', async () => {
    const { thief, code } = await stolenCode();
    await t.database.db
      .update(sessions)
      .set({ revokedAt: new Date(clock) })
      .where(eq(sessions.tokenHash, hashToken(thief)));
    await expectVoid(code);
  });

  it('goes with a logout of that session; codes of other sessions stay', async () => {
    const { owner, thief, code } = await stolenCode();
    const ownersCode = await codeFor(owner);
    const logout = await t.app.inject({
      method: 'POST',
      url: '/s2c/auth/v1/agents/logout',
      headers: bearer(thief),
    });
    expect(logout.statusCode).toBe(200);
    await expectVoid(code);
    expect((await exchange(ownersCode, 'ae', nextAddress())).statusCode).toBe(200);
  });

  it("goes when the owner changes the password in another session; the owner's own codes stay", async () => {
    const { member, owner, code } = await stolenCode();
    const ownersCode = await codeFor(owner);
    const change = await t.app.inject({
      method: 'PUT',
      url: `/s2c/auth/v1/agents/${member.id}`,
      headers: { ...formHeaders, ...bearer(owner) },
      payload: form({
        title: member.title,
        email: member.email,
        password: 'brandnew42',
        passwordRepeat: 'brandnew42',
        oldPassword: member.password,
      }),
    });
    expect(change.statusCode).toBe(200);
    expect(await handoverRowsOf(member.id)).toBe(1);
    await expectVoid(code);
    expect((await exchange(ownersCode, 'ae', nextAddress())).statusCode).toBe(200);
  });

  it('goes with a password reset', async () => {
    const { member, code } = await stolenCode();
    const reset = await linkOf(member.id, 'reset-password');
    const answer = await submitPage(t.app, 'forgot-password', {
      token: reset,
      password: 'resetnew42',
      passwordRepeat: 'resetnew42',
    });
    expect(answer.data).toEqual({ success: true });
    expect(await handoverRowsOf(member.id)).toBe(0);
    await expectVoid(code);
  });

  it('goes with a confirmed email change', async () => {
    const { member, code } = await stolenCode();
    const token = await linkOf(member.id, 'change-email', `moved-${member.number}@travel.example`);
    const answer = await submitPage(t.app, 'email-change-confirm', { token });
    expect(answer.data).toEqual({ emailChanged: true, errors: [] });
    expect(await handoverRowsOf(member.id)).toBe(0);
    await expectVoid(code);
  });

  it('goes when staff end the sessions', async () => {
    const { member, code } = await stolenCode();
    const admin = await createStaff(t.database.db, 'admin');
    const staffToken = await staffLogin(t.app, admin, clock);
    const ended = await staffCall(
      t.app,
      staffToken,
      'POST',
      `/s2c/staff/v1/members/${member.number}/end-sessions`,
      { reason: 'stolen token' },
    );
    expect(ended.statusCode).toBe(200);
    expect(await handoverRowsOf(member.id)).toBe(0);
    await expectVoid(code);
  });

  it('goes with a confirmed account deletion', async () => {
    const { member, owner, code } = await stolenCode();
    const token = await linkOf(member.id, 'delete-account');
    const answer = await submitPage(t.app, 'delete-confirm', { token }, { token: owner });
    expect(answer.status).toBe(200);
    expect(await handoverRowsOf(member.id)).toBe(0);
    await expectVoid(code);
  });
});

async function handoverRowsOf(agentId: number): Promise<number> {
  const rows = await t.database.db
    .select()
    .from(sessionHandovers)
    .where(eq(sessionHandovers.agentId, agentId));
  return rows.length;
}

function linkOf(agentId: number, purpose: AgentLinkPurpose, email?: string): Promise<string> {
  return t.database.db.transaction((tx) =>
    createLink(tx, {
      agentId,
      purpose,
      lifetimeMs: 3_600_000,
      ...(email === undefined ? {} : { email }),
    }),
  );
}
