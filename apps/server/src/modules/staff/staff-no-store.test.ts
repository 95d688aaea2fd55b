import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { createStaff, staffCall, staffLogin, type TestStaff } from '../../testing/staff-helpers.js';
import { totpCode } from './totp.js';
import { routeTable } from '../../security/route-table.js';

/**
 * Staff answers name members, orders, accounts and tokens: none of them may
 * be kept by a browser's or a proxy's cache, whatever the call and whatever
 * the answer.
 */
let t: TestApp;
let clock = Date.parse('2030-07-01T08:00:00Z');
let admin: TestStaff;
let token: string;
beforeAll(async () => {
  t = await createTestApp({ now: () => clock });
  admin = await createStaff(t.database.db, 'admin');
  token = await staffLogin(t.app, admin, clock);
});
afterAll(() => t.close());

const staffRoutes = () =>
  routeTable(t.app).filter(
    (route) => route.method !== 'HEAD' && route.path.startsWith('/s2c/staff/'),
  );

describe('Cache-Control of staff answers', () => {
  it('is no-store on every staff call answered without a session', async () => {
    const routes = staffRoutes();
    expect(routes.length).toBeGreaterThan(30);
    const cached: string[] = [];
    for (const route of routes) {
      const answer = await t.app.inject({
        method: route.method as 'GET',
        url: route.path.replace(/:\w+/g, '1'),
      });
      if (answer.headers['cache-control'] !== 'no-store') {
        cached.push(
          `${route.method} ${route.path}: ${answer.statusCode} ${answer.headers['cache-control']}`,
        );
      }
    }
    expect(cached).toEqual([]);
  });

  it('is no-store on a staff member’s answers, a login and its refusals, and an unknown staff path', async () => {
    const answers = [
      await staffCall(t.app, token, 'GET', '/s2c/staff/v1/session'),
      await staffCall(t.app, token, 'GET', '/s2c/staff/v1/staff'),
      await staffCall(t.app, token, 'GET', '/s2c/staff/v1/gifts?country=gr'),
      await staffCall(t.app, token, 'GET', '/s2c/staff/v1/gifts?country=zz'),
      await staffCall(t.app, token, 'GET', '/s2c/staff/v1/no-such-call'),
    ];
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 404, 404]);
    clock += 30_000;
    const login = (code: string) =>
      t.app.inject({
        method: 'POST',
        url: '/s2c/staff/v1/session',
        payload: { email: admin.email, password: admin.password, code },
      });
    const loggedIn = await login(totpCode(admin.totpSecret, clock));
    expect(loggedIn.statusCode).toBe(200);
    const refused = await login('000000');
    expect(refused.statusCode).toBe(401);
    const malformed = await login('not a code');
    expect(malformed.statusCode).toBe(400);
    for (const answer of [...answers, loggedIn, refused, malformed]) {
      expect(answer.headers['cache-control'], answer.body).toBe('no-store');
    }
  });
});
