import type { StaffCall } from './staff-call.js';

/** The staff session's own calls. */
export const sessionCalls: StaffCall[] = [
  {
    route: 'GET /s2c/staff/v1/session',
    request: () => ({ method: 'GET', url: '/s2c/staff/v1/session' }),
    allowed: 'staff',
    countryScoped: false,
  },
  {
    route: 'DELETE /s2c/staff/v1/session',
    request: () => ({ method: 'DELETE', url: '/s2c/staff/v1/session' }),
    allowed: 'staff',
    countryScoped: false,
    endsItsSession: true,
  },
];
