import type { StaffCall, StaffWorld } from './staff-call.js';
import { form } from './staff-call.js';

/** A category of `gr` where the world has one (the bad-input suite's catalogue). */
const categoryOf = (world: StaffWorld) => String(world.extra.grCategory ?? 'test');

const names = { 'names[eng]': 'Matrix', 'names[ell]': 'Μήτρα' };

/** The gift category calls (modules/gifts/staff/gift-categories-routes.ts). */
export const giftCategoriesCalls: StaffCall[] = [
  {
    route: 'GET /s2c/staff/v1/gift-categories/:country',
    request: () => ({ method: 'GET', url: '/s2c/staff/v1/gift-categories/gr' }),
    allowed: 'staff',
    countryScoped: true,
  },
  {
    route: 'POST /s2c/staff/v1/gift-categories/:country',
    request: () => ({
      method: 'POST',
      url: '/s2c/staff/v1/gift-categories/gr',
      ...form({ id: 'matrix', ...names }),
    }),
    allowed: 'manager',
    countryScoped: true,
  },
  {
    route: 'PUT /s2c/staff/v1/gift-categories/:country/:id',
    request: (world) => ({
      method: 'PUT',
      url: `/s2c/staff/v1/gift-categories/gr/${categoryOf(world)}`,
      ...form(names),
    }),
    allowed: 'manager',
    countryScoped: true,
  },
  {
    route: 'DELETE /s2c/staff/v1/gift-categories/:country/:id',
    request: (world) => ({
      method: 'DELETE',
      url: `/s2c/staff/v1/gift-categories/gr/${categoryOf(world)}`,
    }),
    allowed: 'manager',
    countryScoped: true,
  },
];
