import type { InjectOptions } from 'fastify';
import type { StaffCall, StaffWorld } from './staff-call.js';
import { form } from './staff-call.js';

const giftOf = (world: StaffWorld) => {
  const giftId = world.extra.grGiftId;
  if (giftId === undefined) throw new Error('the staff world has no gr gift');
  return giftId;
};

const json = (payload: unknown): Partial<InjectOptions> => ({
  headers: { 'content-type': 'application/json' },
  payload: JSON.stringify(payload),
});

/** A gift's category of `gr` where the world has one (the bad-input suite's catalogue). */
const categoryOf = (world: StaffWorld) => String(world.extra.grCategory ?? 'test');

const giftEdit = (world: StaffWorld) => ({
  category: categoryOf(world),
  points: 70,
  active: true,
  image: '',
  link: '',
  texts: { eng: { description: 'Matrix gift', text: '<p>More</p>', imageAlt: 'A gift' } },
});

// A PNG's signature and a few bytes: a valid upload.
const png = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.alloc(16, 1),
]).toString('base64');

/** The gift calls (modules/gifts/staff/gifts-routes.ts). */
export const giftsCalls: StaffCall[] = [
  {
    route: 'GET /s2c/staff/v1/gifts',
    request: () => ({ method: 'GET', url: '/s2c/staff/v1/gifts?country=gr' }),
    allowed: 'staff',
    countryScoped: true,
  },
  {
    route: 'POST /s2c/staff/v1/gifts',
    request: (world) => ({
      method: 'POST',
      url: '/s2c/staff/v1/gifts',
      ...json({ ...giftEdit(world), countryCode: 'gr', stock: 3 }),
    }),
    allowed: 'manager',
    countryScoped: true,
  },
  {
    route: 'GET /s2c/staff/v1/gifts/:id',
    request: (world) => ({ method: 'GET', url: `/s2c/staff/v1/gifts/${giftOf(world)}` }),
    allowed: 'staff',
    countryScoped: true,
  },
  {
    route: 'PUT /s2c/staff/v1/gifts/:id',
    request: (world) => ({
      method: 'PUT',
      url: `/s2c/staff/v1/gifts/${giftOf(world)}`,
      ...json(giftEdit(world)),
    }),
    allowed: 'manager',
    countryScoped: true,
  },
  {
    route: 'POST /s2c/staff/v1/gifts/:id/stock',
    request: (world) => ({
      method: 'POST',
      url: `/s2c/staff/v1/gifts/${giftOf(world)}/stock`,
      ...form({ stock: '99', reason: 'Matrix' }),
    }),
    allowed: 'manager',
    countryScoped: true,
  },
  {
    route: 'POST /s2c/staff/v1/gifts/images',
    request: () => ({
      method: 'POST',
      url: '/s2c/staff/v1/gifts/images',
      ...json({ country: 'gr', data: png }),
    }),
    allowed: 'manager',
    countryScoped: true,
  },
  {
    route: 'GET /s2c/staff/v1/gift-ordering/:country',
    request: () => ({ method: 'GET', url: '/s2c/staff/v1/gift-ordering/gr' }),
    allowed: 'staff',
    countryScoped: true,
  },
  {
    route: 'PUT /s2c/staff/v1/gift-ordering/:country',
    request: () => ({
      method: 'PUT',
      url: '/s2c/staff/v1/gift-ordering/gr',
      ...json({ orderDisabled: true, ranges: [], reopensOn: '' }),
    }),
    allowed: 'manager',
    countryScoped: true,
    moreValues: () => ({
      orderDisabled: false,
      ranges: [{ from: '2026-12-01', to: '2026-12-24' }],
      reopensOn: '2027-01-10',
      reason: 'The season',
    }),
  },
  {
    route: 'GET /s2c/staff/v1/tax-information/:number',
    request: (world) => ({
      method: 'GET',
      url: `/s2c/staff/v1/tax-information/${world.member.number}`,
    }),
    allowed: 'staff',
    countryScoped: true,
  },
  {
    route: 'PUT /s2c/staff/v1/tax-information/:number',
    request: (world) => ({
      method: 'PUT',
      url: `/s2c/staff/v1/tax-information/${world.member.number}`,
      ...form({ taxOk: 'on' }),
    }),
    allowed: 'manager',
    countryScoped: true,
    moreValues: () => ({ reason: 'Papers seen' }),
  },
  {
    route: 'GET /s2c/staff/v1/members/:number/tax-details',
    request: (world) => ({
      method: 'GET',
      url: `/s2c/staff/v1/members/${world.member.number}/tax-details`,
    }),
    allowed: 'staff',
    countryScoped: true,
  },
  {
    route: 'POST /s2c/staff/v1/members/:number/tax-details/decision',
    request: (world) => ({
      method: 'POST',
      url: `/s2c/staff/v1/members/${world.member.number}/tax-details/decision`,
      ...form({ decision: 'refuse', reason: 'Unreadable' }),
    }),
    allowed: 'manager',
    countryScoped: true,
    moreValues: () => ({ decision: 'confirm' }),
  },
];
