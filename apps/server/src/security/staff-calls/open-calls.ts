import { form, type OpenStaffCall, type StaffWorld } from './staff-call.js';

const setupToken = (world: StaffWorld) => String(world.extra.setupToken ?? `stf_${'A'.repeat(43)}`);

/**
 * The staff calls made without a staff session: the login and the setup
 * link's two calls (modules/staff). The bad-input suite sends them; the access
 * matrix has nothing to refuse in them.
 */
export const openStaffCalls: OpenStaffCall[] = [
  {
    route: 'POST /s2c/staff/v1/session',
    request: (world) => ({
      method: 'POST',
      url: '/s2c/staff/v1/session',
      ...form({
        email: String(world.extra.loginEmail ?? 'nobody@example.com'),
        password: 'not the password of anyone',
        code: '123456',
      }),
    }),
  },
  {
    route: 'GET /s2c/staff/v1/setup',
    request: (world) => ({
      method: 'GET',
      url: `/s2c/staff/v1/setup?token=${encodeURIComponent(setupToken(world))}`,
    }),
  },
  {
    route: 'POST /s2c/staff/v1/setup',
    request: (world) => ({
      method: 'POST',
      url: '/s2c/staff/v1/setup',
      ...form({ token: setupToken(world), password: 'a long new staff password', code: '123456' }),
    }),
  },
];
