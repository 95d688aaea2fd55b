import { eq, sql } from 'drizzle-orm';
import { earningRules } from '../modules/earning-rules/schema.js';
import { missingPointsClaims } from '../modules/claims/schema.js';
import { hashStaffToken } from '../modules/staff/staff-tokens.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAgent } from '../testing/factories.js';
import { placeTestOrder } from '../testing/gift-orders.js';
import { sessionToken } from '../testing/agent-requests.js';
import { createStaff, staffLogin, type TestStaff } from '../testing/staff-helpers.js';
import { createTestApp, type TestApp } from '../testing/test-app.js';
import { routeTable, type RegisteredRoute } from './route-table.js';
import { snapshot, type Snapshot } from './security-data.js';
import { staffCalls } from './staff-calls/index.js';
import type { StaffCall, StaffWorld } from './staff-calls/staff-call.js';

/**
 * The staff access matrix: every staff call, sent without a live staff
 * session (none, a member's token, malformed, of no session, idle too long,
 * older than 8 hours, logged out, of a disabled account), by a role that may
 * not make it, and by a manager of another country: each is refused (401,
 * 403, 404) and no table changed. The guard at the end fails when a route
 * with the `requireStaff` or `requireAdmin` hook, or any `/s2c/staff/` route
 * that answers a stranger 401, has no row (add it in staff-calls/).
 */

let t: TestApp;
let clock = Date.parse('2030-03-02T09:00:00Z');
let world: StaffWorld;
const tokens: Record<string, string> = {};
const deadTokens: Record<string, string | undefined> = {};
let staff: Record<'admin' | 'managerGr' | 'managerAt' | 'supportGr' | 'disabled', TestStaff>;

/** Logs in at the next TOTP step (a code works once). */
async function login(account: TestStaff): Promise<string> {
  clock += 30_000;
  return staffLogin(t.app, account, clock);
}

beforeAll(async () => {
  t = await createTestApp({ now: () => clock });
  const db = t.database.db;
  staff = {
    admin: await createStaff(db, 'admin'),
    managerGr: await createStaff(db, 'manager', ['gr']),
    managerAt: await createStaff(db, 'manager', ['at']),
    supportGr: await createStaff(db, 'support', ['gr']),
    disabled: await createStaff(db, 'admin'),
  };
  world = {
    member: await createAgent(db, { countryCode: 'gr' }),
    otherCountryMember: await createAgent(db, { countryCode: 'ae', languageCode: 'ara' }),
    extra: {},
  };
  const order = await placeTestOrder(db, world.member, { state: 'submitted', at: clock });
  // An open claim of the gr member, for the claims calls.
  const [claim] = await db
    .insert(missingPointsClaims)
    .values({
      agentId: world.member.id,
      countryCode: 'gr',
      pnr: 'CLAIM1',
      travelDate: '2030-02-01',
      filedAt: new Date(clock),
    })
    .returning({ id: missingPointsClaims.id });
  const grClaimId = claim!.id;
  // A rule of gr, for the earning rules calls: a base rule the first start seeded.
  const [rule] = await db
    .select({ id: earningRules.id })
    .from(earningRules)
    .where(eq(earningRules.countryCode, 'gr'))
    .limit(1);
  Object.assign(world, {
    orderId: order.orderId,
    extra: { grGiftId: order.giftId, grClaimId, grRuleId: rule!.id },
  });
  const memberToken = await sessionToken(t.app, world.member.number, world.member.password);

  const idle = await login(staff.admin);
  const old = await login(staff.admin);
  const loggedOut = await login(staff.admin);
  const ofDisabled = await login(staff.disabled);
  await t.app.inject({
    method: 'DELETE',
    url: '/s2c/staff/v1/session',
    headers: { authorization: `Bearer ${loggedOut}` },
  });
  await db.execute(
    sql`update staff_accounts set disabled_at = now() where id = ${staff.disabled.id}`,
  );
  // Idle: its last call 31 minutes ago. Old: created 8 hours and a minute ago, used just now.
  await db.execute(sql`update staff_sessions set last_seen_at = ${new Date(clock - 31 * 60_000).toISOString()}
    where token_hash = ${hashOf(idle)}`);
  Object.assign(deadTokens, {
    'no token': undefined,
    "a member's token": memberToken,
    'a malformed token': 'stf_not-a-token',
    'a token of no session': `stf_${'A'.repeat(43)}`,
    'an idle session': idle,
    'a logged-out session': loggedOut,
    'a session of a disabled account': ofDisabled,
  });
  await db.execute(
    sql`update staff_sessions set created_at = ${new Date(clock - 8 * 3_600_000 - 60_000).toISOString()},
      expires_at = ${new Date(clock - 60_000).toISOString()}
    where token_hash = ${hashOf(old)}`,
  );
  deadTokens['a session older than 8 hours'] = old;
});
afterAll(() => t.close());

const hashOf = (token: string) => hashStaffToken(token);

async function send(call: StaffCall, token: string | undefined) {
  const request = call.request(world);
  return t.app.inject({
    ...request,
    headers: {
      ...(request.headers ?? {}),
      ...(token === undefined ? {} : { authorization: `Bearer ${token}` }),
    },
  });
}

/** Every table a call may write (staff sessions aside: each call touches its own). */
const state = (): Promise<Snapshot> => snapshot(t.database.db);

describe('every staff call without a live staff session', () => {
  it.each(staffCalls.map((call) => [call.route, call] as const))(
    '%s answers 401 and changes nothing',
    async (_route, call) => {
      const before = await state();
      for (const [name, token] of Object.entries(deadTokens)) {
        const answer = await send(call, token);
        expect(answer.statusCode, `${call.route} with ${name}`).toBe(401);
      }
      expect(await state()).toEqual(before);
    },
  );
});

const refusedRoles = (call: StaffCall): ('managerAt' | 'supportGr' | 'managerGr')[] => {
  const refused: ('managerAt' | 'supportGr' | 'managerGr')[] = [];
  if (call.countryScoped) refused.push('managerAt');
  if (call.allowed === 'manager' || call.allowed === 'admin') refused.push('supportGr');
  if (call.allowed === 'support-within-limit') refused.push('supportGr');
  if (call.allowed === 'admin') refused.push('managerGr');
  return refused;
};
const refusableRows = staffCalls.filter((call) => refusedRoles(call).length > 0);

// Runs once an area lists a call some role may not make.
describe.runIf(refusableRows.length > 0)('a staff member who may not make the call', () => {
  const rows = refusableRows;

  it.each(rows.map((call) => [call.route, call] as const))(
    '%s is refused and changes nothing',
    async (_route, call) => {
      for (const role of refusedRoles(call)) {
        tokens[role] ??= await login(staff[role]);
        const before = await state();
        const answer = await send(call, tokens[role]);
        const expected = role === 'managerAt' ? 404 : 403;
        expect(answer.statusCode, `${call.route} as ${role}`).toBe(
          role === 'managerAt' && call.allowed === 'admin' ? 403 : expected,
        );
        expect(await state()).toEqual(before);
      }
    },
  );
});

describe('the matrix covers every staff call (guard)', () => {
  const inMatrix = () => new Set(staffCalls.map((call) => call.route));
  const keyOf = (route: RegisteredRoute) => `${route.method} ${route.path}`;
  const apiRoutes = () =>
    routeTable(t.app).filter((route) => route.method !== 'HEAD' && route.path !== '*');

  it('reads the hooks of the staff routes', () => {
    const session = apiRoutes().find((route) => keyOf(route) === 'GET /s2c/staff/v1/session');
    expect(session?.onRequest).toContain('requireStaff');
  });

  it('has a row for every route with the requireStaff or requireAdmin hook', () => {
    const guarded = apiRoutes()
      .filter(
        (route) =>
          route.onRequest.includes('requireStaff') || route.onRequest.includes('requireAdmin'),
      )
      .map(keyOf);
    expect(guarded.length).toBeGreaterThan(0);
    expect(guarded.filter((route) => !inMatrix().has(route))).toEqual([]);
  });

  it('has a row for every /s2c/staff/ route that answers a stranger 401', async () => {
    const unauthorized: string[] = [];
    for (const route of apiRoutes().filter((route) => route.path.startsWith('/s2c/staff/'))) {
      const url = route.path.replace(/:\w+/g, '1');
      const answer = await t.app.inject({ method: route.method as 'GET', url });
      if (answer.statusCode === 401) unauthorized.push(keyOf(route));
    }
    expect(unauthorized.filter((route) => !inMatrix().has(route))).toEqual([]);
  });

  it('names only routes that exist', () => {
    const registered = new Set(apiRoutes().map(keyOf));
    expect([...inMatrix()].filter((route) => !registered.has(route))).toEqual([]);
  });
});
