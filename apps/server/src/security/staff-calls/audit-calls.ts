import type { StaffCall } from './staff-call.js';

/** The audit list's other filters, for the bad-input suite: a day, a date-time and texts. */
const auditFilters = {
  staff: 'admin@example.com',
  action: 'member.delete',
  targetType: 'member',
  target: '1000001',
  from: '2026-11-01',
  to: '2026-11-30T18:00:00+02:00',
};

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
    moreValues: () => ({ ...auditFilters, page: '0', pageSize: '25' }),
  },
  {
    route: 'GET /s2c/staff/v1/audit.csv',
    request: () => ({ method: 'GET', url: '/s2c/staff/v1/audit.csv' }),
    allowed: 'staff',
    countryScoped: false,
    moreValues: () => auditFilters,
  },
  {
    route: 'GET /s2c/staff/v1/audit/actions',
    request: () => ({ method: 'GET', url: '/s2c/staff/v1/audit/actions' }),
    allowed: 'staff',
    countryScoped: false,
  },
];
