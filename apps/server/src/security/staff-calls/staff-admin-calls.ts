import { form, type StaffCall, type StaffWorld } from './staff-call.js';

/**
 * Admins' calls on staff accounts. The refused roles never reach the handler
 * (`requireAdmin`), so the rows name any account id; the bad-input suite
 * gives an account of its own to change.
 */
const accountOf = (world: StaffWorld) => Number(world.extra.staffAccountId ?? 1);

export const staffAdminCalls: StaffCall[] = [
  {
    route: 'GET /s2c/staff/v1/staff',
    request: () => ({ method: 'GET', url: '/s2c/staff/v1/staff' }),
    allowed: 'admin',
    countryScoped: false,
  },
  {
    route: 'POST /s2c/staff/v1/staff',
    request: () => ({
      method: 'POST',
      url: '/s2c/staff/v1/staff',
      ...form({ email: 'matrix.new@example.com', role: 'manager', countries: 'gr' }),
    }),
    allowed: 'admin',
    countryScoped: false,
  },
  {
    route: 'PATCH /s2c/staff/v1/staff/:id',
    request: (world) => ({
      method: 'PATCH',
      url: `/s2c/staff/v1/staff/${accountOf(world)}`,
      ...form({ role: 'support', countries: 'gr' }),
    }),
    allowed: 'admin',
    countryScoped: false,
  },
  ...(['disable', 'enable', 'setup-link', 'login-unlock'] as const).map((verb): StaffCall => ({
    route: `POST /s2c/staff/v1/staff/:id/${verb}`,
    request: (world) => ({
      method: 'POST',
      url: `/s2c/staff/v1/staff/${accountOf(world)}/${verb}`,
    }),
    allowed: 'admin',
    countryScoped: false,
  })),
];
