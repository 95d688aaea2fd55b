import type { StaffCall } from './staff-call.js';

/** The audit log: every role reads it (scoped to its countries in the handler, audit-routes.test.ts). */
export const auditCalls: StaffCall[] = [
  {
    route: 'GET /s2c/staff/v1/audit',
    request: (world) => ({
      method: 'GET',
      url: `/s2c/staff/v1/audit?member=${world.member.number}`,
    }),
    allowed: 'staff',
    countryScoped: false,
  },
  {
    route: 'GET /s2c/staff/v1/audit.csv',
    request: () => ({ method: 'GET', url: '/s2c/staff/v1/audit.csv' }),
    allowed: 'staff',
    countryScoped: false,
  },
  {
    route: 'GET /s2c/staff/v1/audit/actions',
    request: () => ({ method: 'GET', url: '/s2c/staff/v1/audit/actions' }),
    allowed: 'staff',
    countryScoped: false,
  },
];
