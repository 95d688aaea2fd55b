import { loadConfig } from '../../config.js';
import type { StaffCall, StaffWorld } from './staff-call.js';

const json = (values: Record<string, unknown>) => ({
  headers: { 'content-type': 'application/json' },
  payload: JSON.stringify(values),
});

/** Over the configured support limit by one point: support is refused, nothing is credited. */
const overSupportLimit = loadConfig({}).staff.supportAdjustmentLimit + 1;

const orderOf = (world: StaffWorld) => {
  if (world.orderId === undefined) throw new Error('the staff world has no order');
  return world.orderId;
};

/**
 * The bulk calls: adjustments and fulfilments from a CSV file, each with its
 * preview, and the member export. The bulk files name their targets in the
 * body, so they are not scoped by a path: a line of another country's member
 * or order is refused as unknown (bulk-adjustments.test.ts and
 * bulk-fulfilment.test.ts prove it).
 */
export const bulkCalls: StaffCall[] = [
  {
    route: 'POST /s2c/staff/v1/bulk-adjustments/preview',
    request: (world) => ({
      method: 'POST',
      url: '/s2c/staff/v1/bulk-adjustments/preview',
      ...json({ file: `member number,points,reason\n${world.member.number},25,Goodwill credit\n` }),
    }),
    allowed: 'staff',
    countryScoped: false,
  },
  {
    route: 'POST /s2c/staff/v1/bulk-adjustments',
    request: (world) => ({
      method: 'POST',
      url: '/s2c/staff/v1/bulk-adjustments',
      ...json({ file: `${world.member.number},${overSupportLimit},Goodwill credit\n` }),
    }),
    allowed: 'support-within-limit',
    countryScoped: false,
  },
  {
    route: 'GET /s2c/staff/v1/members.csv',
    request: () => ({ method: 'GET', url: '/s2c/staff/v1/members.csv?country=gr' }),
    allowed: 'manager',
    countryScoped: true,
    moreValues: () => ({ state: 'active', minPoints: '0', maxPoints: '1000' }),
  },
  {
    route: 'POST /s2c/staff/v1/bulk-fulfilments/preview',
    request: (world) => ({
      method: 'POST',
      url: '/s2c/staff/v1/bulk-fulfilments/preview',
      ...json({ file: `order,voucher codes\n${orderOf(world)},GIFT-1\n` }),
    }),
    allowed: 'manager',
    countryScoped: false,
  },
  {
    route: 'POST /s2c/staff/v1/bulk-fulfilments',
    request: (world) => ({
      method: 'POST',
      url: '/s2c/staff/v1/bulk-fulfilments',
      ...json({ file: `${orderOf(world)},GIFT-1\n` }),
    }),
    allowed: 'manager',
    countryScoped: false,
  },
];
