import { form, type StaffCall, type StaffWorld } from './staff-call.js';

const orderOf = (world: StaffWorld) => {
  if (world.orderId === undefined) throw new Error('the staff world has no order');
  return world.orderId;
};

/** The order queue's calls (modules/gifts/staff/orders-routes.ts). */
export const ordersCalls: StaffCall[] = [
  {
    route: 'GET /s2c/staff/v1/orders',
    request: () => ({ method: 'GET', url: '/s2c/staff/v1/orders?country=gr' }),
    allowed: 'staff',
    countryScoped: true,
  },
  {
    route: 'GET /s2c/staff/v1/orders.csv',
    request: () => ({ method: 'GET', url: '/s2c/staff/v1/orders.csv?country=gr' }),
    allowed: 'staff',
    countryScoped: true,
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
