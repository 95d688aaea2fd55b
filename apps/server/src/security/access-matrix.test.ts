import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { agents } from '../modules/agents/schema.js';
import { hashToken } from '../modules/agents/session-tokens.js';
import { newOrderKey } from '../modules/gifts/ordering/gifts-pages.js';
import { setTaxOk } from '../modules/gifts/ordering/ordering-rules.js';
import { loadTestCatalogue } from '../testing/gift-catalogue.js';
import { queueConfig } from '../testing/booking-records.js';
import { lastLinkTo, logIn, submitPage } from '../testing/account-helpers.js';
import { createAgent } from '../testing/factories.js';
import { creditAdditional } from '../testing/points-data.js';
import { createTestApp, type TestApp } from '../testing/test-app.js';
import { routeTable, type RegisteredRoute } from './route-table.js';
import { databaseProblems, memberSnapshot, snapshot, type Snapshot } from './security-data.js';

/**
 * The access matrix: every call that needs a member, sent without a valid
 * session (none, unknown, malformed, expired, logged out, ended by a password
 * reset, of a member since deleted) and with another member's valid session.
 * Without a session every call answers 401 (logout: 200, api.md) and every
 * table a call can write is exactly as before; another member gets 403 where
 * the call names the owner's id or number (the web app shows its 403 page for
 * 401 and 403 alike, spec 1 §6), and otherwise an answer about themselves
 * only, with the owner's rows untouched.
 *
 * The guard at the end fails when a route or page needs a member but has no
 * row here (add one to `memberCalls`): it reads the `requireMember` hook off
 * Fastify's route table, the `memberOnly` pages off the page registry, and
 * also asks every route as a guest, so that a route checking the session in
 * its handler is found too.
 */

let t: TestApp;
const start = Date.parse('2026-11-22T10:00:00Z');
let clock = start;

type Agent = Awaited<ReturnType<typeof createAgent>>;

/** What the rows of the matrix build their requests from. */
type World = {
  owner: Agent;
  intruder: Agent;
  /** An unused link that would delete the owner's account (delete-confirm). */
  ownerDeleteLink: string;
};

type MemberCall = {
  /** The route as registered (`GET /s2c/auth/v1/agents/:id`) or a page call (`page POST redeem-points`). */
  route: string;
  /** The call on the owner's behalf; the case adds the authorization. */
  request(world: World): InjectOptions;
  /**
   * `owner`: the call names the owner (path id or number), so another member
   * gets 403. `session`: it acts on the caller's own account only, so another
   * member gets that answer (`intruderStatus`, 200 unless said) and the owner's
   * rows stay as they were.
   */
  scope: 'owner' | 'session';
  intruderStatus?: number;
  /** The answer without a valid session: 401 unless said (logout answers 200 to anyone). */
  guestStatus?: number;
  /**
   * Logout ends the session of the token it is sent with, whatever became of
   * it (expired, its member deleted): that one row may change, nothing else.
   */
  endsItsSession?: true;
};

const form = (values: Record<string, string>): Partial<InjectOptions> => ({
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  payload: new URLSearchParams(values).toString(),
});

const page = (name: string, query = ''): string =>
  `/s2c/content/v1/pages/${name}/?countryCode=gr${query}`;

/** A profile form that would take over the account: a new email and password. */
const takeover = {
  title: 'mr',
  giftDeliveryAddress: 'Intruder Street 1',
  phone: '',
  email: 'intruder-mailbox@evil.example',
  birthdayDay: '',
  birthdayMonth: '',
  password: 'Taken0ver99',
  passwordRepeat: 'Taken0ver99',
  newsletter: 'on',
  sign: '',
};

/** Every member-only call; the guard below keeps this list complete. */
const memberCalls: MemberCall[] = [
  {
    route: 'GET /s2c/auth/v1/agents/:id',
    scope: 'owner',
    request: ({ owner }) => ({ method: 'GET', url: `/s2c/auth/v1/agents/${owner.id}` }),
  },
  {
    route: 'PUT /s2c/auth/v1/agents/:id',
    scope: 'owner',
    request: ({ owner }) => ({
      method: 'PUT',
      url: `/s2c/auth/v1/agents/${owner.id}`,
      ...form(takeover),
    }),
  },
  {
    route: 'POST /s2c/auth/v1/agents/:id/terms-acceptance',
    scope: 'owner',
    request: ({ owner }) => ({
      method: 'POST',
      url: `/s2c/auth/v1/agents/${owner.id}/terms-acceptance`,
    }),
  },
  {
    route: 'GET /s2c/auth/v1/agents/:id/partner-programme',
    scope: 'owner',
    request: ({ owner }) => ({
      method: 'GET',
      url: `/s2c/auth/v1/agents/${owner.id}/partner-programme?number=${owner.number}&countryCode=gr`,
    }),
  },
  {
    // The caller's own id with the owner's number.
    route: 'GET /s2c/auth/v1/agents/:id/partner-programme',
    scope: 'owner',
    request: ({ owner, intruder }) => ({
      method: 'GET',
      url: `/s2c/auth/v1/agents/${intruder.id}/partner-programme?number=${owner.number}`,
    }),
  },
  {
    route: 'GET /s2c/auth/v1/agent-points',
    scope: 'owner',
    request: ({ owner }) => ({
      method: 'GET',
      url: `/s2c/auth/v1/agent-points?number=${owner.number}`,
    }),
  },
  {
    route: 'GET /s2c/auth/v1/agent-points/forecast',
    scope: 'owner',
    request: ({ owner }) => ({
      method: 'GET',
      url: `/s2c/auth/v1/agent-points/forecast?number=${owner.number}`,
    }),
  },
  {
    route: 'GET /s2c/auth/v1/agent-points/claims',
    scope: 'owner',
    request: ({ owner }) => ({
      method: 'GET',
      url: `/s2c/auth/v1/agent-points/claims?number=${owner.number}`,
    }),
  },
  {
    // A claim in the owner's name: none is filed.
    route: 'POST /s2c/auth/v1/agent-points/claims',
    scope: 'owner',
    request: ({ owner }) => ({
      method: 'POST',
      url: '/s2c/auth/v1/agent-points/claims',
      ...form({ number: owner.number, pnr: 'OWNER1', travelDate: '2030-01-15', booked: 'hotel' }),
    }),
  },
  {
    route: 'GET /s2c/auth/v1/agent-points/history',
    scope: 'owner',
    request: ({ owner }) => ({
      method: 'GET',
      url: `/s2c/auth/v1/agent-points/history?number=${owner.number}`,
    }),
  },
  {
    route: 'GET /s2c/auth/v1/agent-points/statement',
    scope: 'owner',
    request: ({ owner }) => ({
      method: 'GET',
      url: `/s2c/auth/v1/agent-points/statement?number=${owner.number}`,
    }),
  },
  {
    route: 'POST /s2c/auth/v1/agent/:provider',
    scope: 'session',
    request: () => ({ method: 'POST', url: '/s2c/auth/v1/agent/edenredorder' }),
  },
  {
    // A handover code of the caller's own: it hands over nobody else.
    route: 'POST /s2c/auth/v1/session/handover-code',
    scope: 'session',
    request: () => ({ method: 'POST', url: '/s2c/auth/v1/session/handover-code' }),
  },
  {
    route: 'GET /s2c/auth/v1/tax-details',
    scope: 'session',
    request: () => ({ method: 'GET', url: '/s2c/auth/v1/tax-details' }),
  },
  {
    // The caller's own tax details: the owner's stay as they were.
    route: 'POST /s2c/auth/v1/tax-details',
    scope: 'session',
    request: () => ({
      method: 'POST',
      url: '/s2c/auth/v1/tax-details',
      ...form({ taxNumber: '123456789', taxOffice: 'Athens A' }),
    }),
  },
  {
    route: 'POST /s2c/auth/v1/agents/logout',
    scope: 'session',
    guestStatus: 200,
    endsItsSession: true,
    request: () => ({ method: 'POST', url: '/s2c/auth/v1/agents/logout' }),
  },
  ...['gifts', 'points', 'profile-update', 'profile-delete', 'delete-confirm'].map(
    (name): MemberCall => ({
      route: `page GET ${name}`,
      scope: 'session',
      request: () => ({ method: 'GET', url: page(name) }),
    }),
  ),
  {
    route: 'page GET redeem-points',
    scope: 'session',
    request: () => ({ method: 'GET', url: page('redeem-points', '&sel_gifts[1002]=2') }),
  },
  {
    route: 'page POST redeem-points',
    scope: 'session',
    request: () => ({
      method: 'POST',
      url: page('redeem-points'),
      ...form({ listgifts: '1002:1', delivery: 'self', orderKey: newOrderKey() }),
    }),
  },
  {
    route: 'page POST profile-delete',
    scope: 'session',
    request: () => ({ method: 'POST', url: page('profile-delete'), ...form({}) }),
  },
  {
    // The owner's own delete link, sent by someone else: it deletes nobody.
    route: 'page POST delete-confirm',
    scope: 'session',
    request: ({ ownerDeleteLink }) => ({
      method: 'POST',
      url: page('delete-confirm'),
      ...form({ token: ownerDeleteLink }),
    }),
  },
  ...['gifts', 'points', 'profile-update'].map((name): MemberCall => ({
    // Pages without a form: 405 for members, and guests learn not even that.
    route: `page POST ${name}`,
    scope: 'session',
    intruderStatus: 405,
    request: () => ({ method: 'POST', url: page(name), ...form({}) }),
  })),
];

/** Routes that answer 401 for another reason than a missing member, and why. */
const notMemberCalls: Record<string, string> = {
  'POST /s2c/bookings/v1/queue':
    "the reservation system's API key, never a member session (see bad-input.test.ts)",
};

/** Ways to hold no valid session, and the token each sends (filled in by beforeAll). */
const deadSessions = [
  'no token',
  'a token of no session',
  'a malformed token',
  'an expired token',
  'a logged-out token',
  'a token ended by a password reset',
  'a session of a member since deleted',
] as const;
const deadTokens: Record<(typeof deadSessions)[number], string | undefined> = {
  'no token': undefined,
  'a token of no session': 'A'.repeat(43),
  'a malformed token': 'not-a-token',
  'an expired token': undefined,
  'a logged-out token': undefined,
  'a token ended by a password reset': undefined,
  'a session of a member since deleted': undefined,
};

let world: World;
const newPassword = 'N3wPassw0rd';

beforeAll(async () => {
  t = await createTestApp({ now: () => clock, config: queueConfig() });
  const db = t.database.db;
  await loadTestCatalogue(db);
  const owner = await createAgent(db, {
    firstName: 'Ownerina',
    lastName: 'Matrixowner',
    email: 'owner-of-the-matrix@travel.example',
    termsAcceptedAt: null,
  });
  const intruder = await createAgent(db, { firstName: 'Intrudos', lastName: 'Elsewhere' });
  for (const member of [owner, intruder]) await setTaxOk(db, member.id, true);
  await creditAdditional(db, owner.id, '2026-11-01', 500, 'Bonus');

  // Ended by a password reset: the owner asks for a link and sets a new password through it.
  const resetVictim = await logIn(t.app, owner.number, owner.password);
  await submitPage(t.app, 'retrieve-password', { email: owner.email }, { countryCode: 'gr' });
  const resetLink = (await lastLinkTo(db, owner.email)).searchParams.get('token')!;
  const reset = await submitPage(t.app, 'forgot-password', {
    token: resetLink,
    password: newPassword,
    passwordRepeat: newPassword,
  });
  expect(reset.data).toEqual({ success: true });
  deadTokens['a token ended by a password reset'] = resetVictim;

  // Expired: opened one session lifetime (and an hour) ago.
  clock = start - (t.config.sessionLifetimeHours + 1) * 3_600_000;
  deadTokens['an expired token'] = await logIn(t.app, owner.number, newPassword);
  clock = start;

  const loggedOut = await logIn(t.app, owner.number, newPassword);
  const logout = await t.app.inject({
    method: 'POST',
    url: '/s2c/auth/v1/agents/logout',
    headers: { authorization: `Bearer ${loggedOut}` },
  });
  expect(logout.statusCode).toBe(200);
  deadTokens['a logged-out token'] = loggedOut;

  // Deleted behind the session's back (the delete link would also end it): the status alone refuses it.
  const gone = await createAgent(db, { lastName: 'Gone' });
  deadTokens['a session of a member since deleted'] = await logIn(
    t.app,
    gone.number,
    gone.password,
  );
  await db
    .update(agents)
    .set({ status: 'deleted', deletedAt: new Date(clock) })
    .where(eq(agents.id, gone.id));

  // The owner has an order (points, stock, lines) and a delete link out.
  const ownerToken = await logIn(t.app, owner.number, newPassword);
  const ordered = await submitPage(
    t.app,
    'redeem-points',
    { listgifts: '1002:1', delivery: 'self', orderKey: newOrderKey() },
    { token: ownerToken, countryCode: 'gr' },
  );
  expect(ordered.data).toMatchObject({ ordered: true });
  await submitPage(t.app, 'profile-delete', {}, { token: ownerToken, countryCode: 'gr' });
  const ownerDeleteLink = (await lastLinkTo(db, owner.email)).searchParams.get('token')!;
  world = { owner: { ...owner, password: newPassword }, intruder, ownerDeleteLink };
});
afterAll(() => t.close());

/** The snapshot without the session of one token. */
function withoutSession(rows: Snapshot, tokenHash: string): Snapshot {
  const sessions = rows.sessions as { token_hash: string }[];
  return { ...rows, sessions: sessions.filter((row) => row.token_hash !== tokenHash) };
}

function send(call: MemberCall, token: string | undefined) {
  const request = call.request(world);
  return t.app.inject({
    ...request,
    headers: {
      ...(request.headers as Record<string, string> | undefined),
      ...(token === undefined ? {} : { authorization: `Bearer ${token}` }),
    },
  });
}

/** Every call and a snapshot after each: a guard against a hang on a busy machine, not a measure. */
const matrixTimeout = 120_000;

describe('every member-only call without a valid session', () => {
  it.each(deadSessions)(
    'with %s: 401 (logout 200) and nothing changes',
    async (kind) => {
      const db = t.database.db;
      const token = deadTokens[kind];
      let before = await snapshot(db);
      for (const call of memberCalls) {
        const answer = await send(call, token);
        const expected = call.guestStatus ?? 401;
        expect(answer.statusCode, `${call.route}: ${answer.body}`).toBe(expected);
        expect(answer.json(), call.route).toEqual(
          expected === 401 ? { code: 'UNAUTHORIZED', data: null } : { data: null },
        );
        const after = await snapshot(db);
        if (call.endsItsSession === true && token !== undefined) {
          const others = (rows: Snapshot) => withoutSession(rows, hashToken(token));
          expect(others(after), `${call.route} changed the database`).toEqual(others(before));
          before = after;
        } else {
          expect(after, `${call.route} changed the database`).toEqual(before);
        }
      }
    },
    matrixTimeout,
  );
});

describe("another member's valid session", () => {
  it.each(memberCalls.map((call, index) => [call.route, index] as const))(
    '%s (#%s): 403 on the owner, or an answer about the caller only; the owner is untouched',
    async (_route, index) => {
      const call = memberCalls[index]!;
      const db = t.database.db;
      const { owner, intruder } = world;
      // A session of its own per call: logout ends the one it is sent with.
      const token = await logIn(t.app, intruder.number, intruder.password);
      const before = call.scope === 'owner' ? await snapshot(db) : undefined;
      const ownerBefore = await memberSnapshot(db, owner);

      const answer = await send(call, token);

      if (call.scope === 'owner') {
        expect(answer.statusCode, answer.body).toBe(403);
        expect(answer.json()).toEqual({ code: 'FORBIDDEN', data: null });
        expect(await snapshot(db), 'the database changed').toEqual(before);
      } else {
        expect(answer.statusCode, answer.body).toBe(call.intruderStatus ?? 200);
        for (const secret of [owner.email, owner.lastName, owner.firstName]) {
          expect(answer.body, "the answer shows the owner's data").not.toContain(secret);
        }
      }
      expect(await memberSnapshot(db, owner), "the owner's rows changed").toEqual(ownerBefore);
    },
  );

  it("leaves the owner's delete link working, and the owner's session open", async () => {
    const { owner, ownerDeleteLink } = world;
    const token = await logIn(t.app, owner.number, owner.password);
    const read = await t.app.inject({
      url: `/s2c/auth/v1/agents/${owner.id}`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(read.json<{ data: { email: string } }>().data.email).toBe(owner.email);
    const confirmed = await submitPage(
      t.app,
      'delete-confirm',
      { token: ownerDeleteLink },
      { token, countryCode: 'gr' },
    );
    expect(confirmed.data).toMatchObject({ errorMessageList: [] });
    expect(await databaseProblems(t.database.db)).toEqual([]);
  });
});

describe('the matrix covers every member-only call (guard)', () => {
  const inMatrix = () => new Set(memberCalls.map((call) => call.route));
  const keyOf = (route: RegisteredRoute) => `${route.method} ${route.path}`;
  const apiRoutes = () =>
    routeTable(t.app).filter((route) => route.method !== 'HEAD' && route.path !== '*');

  it('reads the route table (the guard would pass on nothing otherwise)', () => {
    const routes = apiRoutes();
    expect(routes.map(keyOf)).toEqual(
      expect.arrayContaining([
        'GET /s2c/auth/v1/agents/:id',
        'POST /s2c/auth/v1/token/agent',
        'POST /s2c/content/v1/pages/:pageName',
      ]),
    );
    const read = routes.find((route) => keyOf(route) === 'GET /s2c/auth/v1/agents/:id');
    expect(read?.onRequest).toContain('requireMember');
  });

  it('has a row for every route with the requireMember hook', () => {
    const guarded = apiRoutes()
      .filter((route) => route.onRequest.includes('requireMember'))
      .map(keyOf);
    expect(guarded.filter((route) => !inMatrix().has(route))).toEqual([]);
  });

  it('has rows for GET and POST of every member-only page', () => {
    const registry = t.app.pageRegistry;
    const memberPages = registry.names().filter((name) => registry.get(name)?.memberOnly === true);
    expect(memberPages.length).toBeGreaterThan(0);
    const missing = memberPages
      .flatMap((name) => [`page GET ${name}`, `page POST ${name}`])
      .filter((route) => !inMatrix().has(route));
    expect(missing).toEqual([]);
  });

  it('has a row for every route that answers a guest 401, however it checks', async () => {
    const placeholders: Record<string, string> = {
      ':id': '1',
      ':countryCode': 'gr',
      ':pageName': 'faq',
      ':provider': 'edenredorder',
    };
    const unauthorized: string[] = [];
    for (const route of apiRoutes()) {
      const url = route.path.replace(/:\w+/g, (name) => placeholders[name] ?? 'x');
      const answer = await t.app.inject({ method: route.method as 'GET', url });
      if (answer.statusCode === 401) unauthorized.push(keyOf(route));
    }
    expect(unauthorized.length).toBeGreaterThan(0);
    expect(
      unauthorized.filter(
        (route) =>
          !inMatrix().has(route) && !(route in notMemberCalls) && !route.includes(' /s2c/staff/'),
      ),
    ).toEqual([]);
  });

  it('names only routes and pages that exist', () => {
    const registered = new Set(apiRoutes().map(keyOf));
    const pages = new Set(t.app.pageRegistry.names());
    const unknown = [...inMatrix()].filter((route) => {
      const pageCall = /^page (?:GET|POST) (.+)$/.exec(route);
      return pageCall === null ? !registered.has(route) : !pages.has(pageCall[1]!);
    });
    expect(unknown).toEqual([]);
  });
});
