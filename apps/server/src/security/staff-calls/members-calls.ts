import { loadConfig } from '../../config.js';
import { form, type StaffCall } from './staff-call.js';

/** Over the configured support limit by one point: support is refused, nothing is credited. */
const overSupportLimit = String(loadConfig({}).staff.supportAdjustmentLimit + 1);

/** The members area: search, the single member view, older ledger entries, adjustments. */
export const membersCalls: StaffCall[] = [
  {
    route: 'GET /s2c/staff/v1/members',
    request: (world) => ({
      method: 'GET',
      url: `/s2c/staff/v1/members?query=${world.member.number}`,
    }),
    allowed: 'staff',
    // A list: scoped by the staff member's countries, never 404 (member-search.test.ts proves the scope).
    countryScoped: false,
    moreValues: () => ({ page: '0', pageSize: '20' }),
  },
  {
    route: 'GET /s2c/staff/v1/members/:number',
    request: (world) => ({ method: 'GET', url: `/s2c/staff/v1/members/${world.member.number}` }),
    allowed: 'staff',
    countryScoped: true,
  },
  {
    route: 'GET /s2c/staff/v1/members/:number/ledger',
    request: (world) => ({
      method: 'GET',
      url: `/s2c/staff/v1/members/${world.member.number}/ledger`,
    }),
    allowed: 'staff',
    countryScoped: true,
    moreValues: () => ({ before: '1000' }),
  },
  {
    route: 'POST /s2c/staff/v1/members/:number/adjustments',
    request: (world) => ({
      method: 'POST',
      url: `/s2c/staff/v1/members/${world.member.number}/adjustments`,
      ...form({ points: overSupportLimit, reason: 'Goodwill credit' }),
    }),
    allowed: 'support-within-limit',
    countryScoped: true,
  },
];
