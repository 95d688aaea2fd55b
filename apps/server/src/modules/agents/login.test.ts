import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createAgent } from '../../testing/factories.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { agents, sessions } from './schema.js';
import { hashToken } from './session-tokens.js';
import {
  bearer,
  fieldsOf,
  form,
  formHeaders,
  login,
  sessionOf,
  sessionToken,
} from '../../testing/agent-requests.js';

let t: TestApp;
let clock = Date.parse('2030-05-01T08:00:00Z');
beforeAll(async () => {
  t = await createTestApp({ now: () => clock });
});
afterAll(() => t.close());

const invalid = { code: 'UNAUTHORIZED', data: { username: 'Invalid Username or Password' } };

const userCheck = (id: number, token?: string) =>
  t.app.inject({
    url: `/s2c/auth/v1/agents/${id}`,
    headers: token === undefined ? {} : bearer(token),
  });

describe('POST /s2c/auth/v1/token/agent', () => {
  it('answers the member and a session token for the right number and password', async () => {
    const agent = await createAgent(t.database.db, { firstName: 'Maria', password: 'right1pass' });
    const response = await login(t.app, agent.number, 'right1pass');
    expect(response.statusCode).toBe(200);
    const data = sessionOf(response);
    expect(data.user).toMatchObject({
      id: agent.id,
      number: agent.number,
      firstName: 'Maria',
      countryCode: 'gr',
      agency: 'Test Travel',
      agentAcceptedTermsAndConditions: true,
      isAmadeusDirectUser: false,
    });
    expect(data.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(JSON.stringify(data)).not.toMatch(/argon2|passwordHash/);
    // Only the token's hash is stored.
    const [stored] = await t.database.db
      .select()
      .from(sessions)
      .where(eq(sessions.tokenHash, hashToken(data.token!)));
    expect(stored?.agentId).toBe(agent.id);
    expect(JSON.stringify(await t.database.db.select().from(sessions))).not.toContain(data.token!);
  });

  it('takes the number with surrounding spaces, as the rule allows', async () => {
    const agent = await createAgent(t.database.db);
    expect((await login(t.app, ` ${agent.number} `, agent.password)).statusCode).toBe(200);
  });

  it("answers 401 'Invalid Username or Password' for a wrong password, an unknown number and a deleted member's wrong password", async () => {
    const agent = await createAgent(t.database.db);
    const deleted = await createAgent(t.database.db, { status: 'deleted', deletedAt: new Date() });
    for (const [number, password] of [
      [agent.number, 'wrong1pass'],
      ['99999999999', 'whatever1'],
      [deleted.number, 'wrong1pass'],
    ] as const) {
      const response = await login(t.app, number, password);
      expect(response.statusCode, number).toBe(401);
      expect(response.json()).toEqual(invalid);
    }
  });

  it('offers the restore to a deleted member who gives the right password, and opens no session', async () => {
    const deleted = await createAgent(t.database.db, { status: 'deleted', deletedAt: new Date() });
    const response = await login(t.app, deleted.number, deleted.password);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({
      code: 'FORBIDDEN',
      data: {
        username:
          'This account was deleted. You can still restore it: the link below mails you a restore link.',
        restore: true,
      },
    });
    const opened = await t.database.db
      .select()
      .from(sessions)
      .where(eq(sessions.agentId, deleted.id));
    expect(opened).toEqual([]);
  });

  it("answers 400 'Invalid Username or Password' on username for a number that is not digits", async () => {
    for (const username of ['abc', '12a4', '', '1'.repeat(21)]) {
      const response = await login(t.app, username, 'secret123');
      expect(response.statusCode, username).toBe(400);
      expect(fieldsOf(response).username).toBe('Invalid Username or Password');
    }
    const noPassword = await t.app.inject({
      method: 'POST',
      url: '/s2c/auth/v1/token/agent',
      headers: formHeaders,
      payload: form({ username: '1000001' }),
    });
    expect(fieldsOf(noPassword).password).toBe('Field is required');
  });

  it('answers 403 with the confirm-first message to a pending member with the right password only', async () => {
    const agent = await createAgent(t.database.db, { status: 'pending', activatedAt: null });
    const right = await login(t.app, agent.number, agent.password);
    expect(right.statusCode).toBe(403);
    expect(right.json()).toEqual({
      code: 'FORBIDDEN',
      data: {
        username:
          'Please confirm your email address first. Use "Activate account" to get a new link.',
      },
    });
    expect((await login(t.app, agent.number, 'wrong1pass')).json()).toEqual(invalid);
  });

  it('lets a member who asked for deletion (not yet confirmed) log in', async () => {
    const agent = await createAgent(t.database.db, { status: 'deletion_requested' });
    expect((await login(t.app, agent.number, agent.password)).statusCode).toBe(200);
  });

  it('never answers 500 to malformed bodies', async () => {
    for (const [payload, type] of [
      ['username=1&username=2&password=x', 'application/x-www-form-urlencoded'],
      ['{"username":1,"password":{}}', 'application/json'],
      ['{', 'application/json'],
      ['', 'application/x-www-form-urlencoded'],
    ] as const) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/s2c/auth/v1/token/agent',
        headers: { 'content-type': type },
        payload,
      });
      expect(response.statusCode, payload).toBe(400);
    }
  });
});

describe('sessions', () => {
  it('opens the member record with the token, and logout ends that session only', async () => {
    const agent = await createAgent(t.database.db);
    const first = await sessionToken(t.app, agent.number, agent.password);
    const second = await sessionToken(t.app, agent.number, agent.password);
    expect((await userCheck(agent.id, first)).statusCode).toBe(200);

    const logout = await t.app.inject({
      method: 'POST',
      url: '/s2c/auth/v1/agents/logout',
      headers: bearer(first),
    });
    expect(logout.statusCode).toBe(200);
    expect(logout.json()).toEqual({ data: null });
    expect((await userCheck(agent.id, first)).statusCode).toBe(401);
    expect((await userCheck(agent.id, second)).statusCode).toBe(200);
  });

  it('answers logout 200 without a token, with a bad one and with a revoked one', async () => {
    for (const headers of [{}, { authorization: 'Bearer nonsense' }, bearer('x'.repeat(43))]) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/s2c/auth/v1/agents/logout',
        headers,
      });
      expect(response.statusCode).toBe(200);
    }
  });

  it('answers 401 without a token, with a malformed or unknown one', async () => {
    const agent = await createAgent(t.database.db);
    for (const authorization of [
      undefined,
      '',
      'Bearer',
      'Basic abc',
      `Bearer ${'a'.repeat(43)}`,
      `Bearer ${'a'.repeat(500)}`,
    ]) {
      const response = await t.app.inject({
        url: `/s2c/auth/v1/agents/${agent.id}`,
        headers: authorization === undefined ? {} : { authorization },
      });
      expect(response.statusCode, authorization).toBe(401);
      expect(response.json()).toEqual({ code: 'UNAUTHORIZED', data: null });
    }
  });

  it('expires a session after its lifetime (2 days by default)', async () => {
    const agent = await createAgent(t.database.db);
    const token = await sessionToken(t.app, agent.number, agent.password);
    const start = clock;
    try {
      clock = start + 47 * 3_600_000;
      expect((await userCheck(agent.id, token)).statusCode).toBe(200);
      clock = start + 48 * 3_600_000 + 1000;
      expect((await userCheck(agent.id, token)).statusCode).toBe(401);
    } finally {
      clock = start;
    }
  });

  it('refuses the sessions of a member who became pending or deleted', async () => {
    for (const status of ['pending', 'deleted'] as const) {
      const agent = await createAgent(t.database.db);
      const token = await sessionToken(t.app, agent.number, agent.password);
      await t.database.db.update(agents).set({ status }).where(eq(agents.id, agent.id));
      expect((await userCheck(agent.id, token)).statusCode, status).toBe(401);
    }
  });
});
