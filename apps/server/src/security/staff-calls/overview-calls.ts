import type { StaffCall } from './staff-call.js';

/** The Overview's counts (modules/overview): every role reads them, about `gr` here. */
export const overviewCalls: StaffCall[] = [
  {
    route: 'GET /s2c/staff/v1/overview',
    request: () => ({ method: 'GET', url: '/s2c/staff/v1/overview?country=gr' }),
    allowed: 'staff',
    countryScoped: true,
  },
];
