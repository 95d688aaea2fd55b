import { form, type StaffCall, type StaffWorld } from './staff-call.js';

const orderOf = (world: StaffWorld) => {
  if (world.orderId === undefined) throw new Error('the staff world has no order');
  return world.orderId;
};

/** The queue's other filters, for the bad-input suite. */
const queueFilters = { state: 'submitted', gift: '1002', from: '2026-11-01', to: '2026-11-30' };

/** The order queue's calls (modules/gifts/staff/orders-routes.ts). */
export const ordersCalls: StaffCall[] = [
  {
    route: 'GET /s2c/staff/v1/orders',
    request: () => ({ method: 'GET', url: '/s2c/staff/v1/orders?country=gr' }),
    allowed: 'staff',
    countryScoped: true,
    moreValues: () => ({ ...queueFilters, page: '0' }),
  },
  {
    route: 'GET /s2c/staff/v1/orders.csv',
    request: () => ({ method: 'GET', url: '/s2c/staff/v1/orders.csv?country=gr' }),
    allowed: 'staff',
    countryScoped: true,
    moreValues: () => queueFilters,
  },
  {
    route: 'GET /s2c/staff/v1/orders/:id',
    request: (world) => ({ method: 'GET', url: `/s2c/staff/v1/orders/${orderOf(world)}` }),
    allowed: 'staff',
    countryScoped: true,
  },
  {
    route: 'POST /s2c/staff/v1/orders/:id/fulfilment',
    request: (world) => ({
      method: 'POST',
      url: `/s2c/staff/v1/orders/${orderOf(world)}/fulfilment`,
      ...form({ vouchers: 'GIFT-1' }),
    }),
    allowed: 'manager',
    countryScoped: true,
  },
  {
    route: 'POST /s2c/staff/v1/orders/:id/vouchers',
    request: (world) => ({
      method: 'POST',
      url: `/s2c/staff/v1/orders/${orderOf(world)}/vouchers`,
      ...form({ vouchers: 'MATRIX-1', reason: 'Matrix' }),
    }),
    allowed: 'manager',
    countryScoped: true,
  },
  {
    route: 'POST /s2c/staff/v1/orders/:id/refund',
    request: (world) => ({
      method: 'POST',
      url: `/s2c/staff/v1/orders/${orderOf(world)}/refund`,
      ...form({ reason: 'Matrix' }),
    }),
    allowed: 'manager',
    countryScoped: true,
  },
  {
    route: 'POST /s2c/staff/v1/orders/:id/retry',
    request: (world) => ({
      method: 'POST',
      url: `/s2c/staff/v1/orders/${orderOf(world)}/retry`,
    }),
    allowed: 'manager',
    countryScoped: true,
  },
];
