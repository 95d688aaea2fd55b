import { loadConfig } from '../../config.js';
import { form, type StaffCall } from './staff-call.js';

const overSupportLimit = String(loadConfig({}).staff.supportAdjustmentLimit + 1);
const claimOf = (world: Parameters<StaffCall['request']>[0]) => world.extra.grClaimId;

/** The console's claims calls: the queue, a claim, and its decision. */
export const claimsCalls: StaffCall[] = [
  {
    route: 'GET /s2c/staff/v1/claims',
    request: () => ({ method: 'GET', url: '/s2c/staff/v1/claims?state=open&country=gr' }),
    allowed: 'staff',
    countryScoped: false,
    moreValues: () => ({ olderThanDays: '7', page: '0' }),
  },
  {
    route: 'GET /s2c/staff/v1/claims/:id',
    request: (world) => ({ method: 'GET', url: `/s2c/staff/v1/claims/${claimOf(world)}` }),
    allowed: 'staff',
    countryScoped: true,
  },
  {
    route: 'POST /s2c/staff/v1/claims/:id/decision',
    request: (world) => ({
      method: 'POST',
      url: `/s2c/staff/v1/claims/${claimOf(world)}/decision`,
      ...form({ decision: 'approve', points: overSupportLimit, reason: 'Hotel credited' }),
    }),
    allowed: 'support-within-limit',
    countryScoped: true,
    moreValues: () => ({ decision: 'reject' }),
  },
];
