import { form, type StaffCall } from './staff-call.js';

const member = (action: string) => (world: { member: { number: string } }) =>
  `/s2c/staff/v1/members/${world.member.number}/${action}`;

/** A change to the world's `gr` member by an admin or a manager of `gr`. */
const change = (action: string, values: Record<string, string>): StaffCall => ({
  route: `POST /s2c/staff/v1/members/:number/${action}`,
  request: (world) => ({ method: 'POST', url: member(action)(world), ...form(values) }),
  allowed: 'manager',
  countryScoped: true,
  // A reason the log keeps when given.
  ...('reason' in values ? {} : { moreValues: () => ({ reason: 'Asked by phone' }) }),
});

/** The member view's actions and the country-wide terms (modules/member-actions). */
export const memberActionsCalls: StaffCall[] = [
  {
    route: 'GET /s2c/staff/v1/members/:number/actions',
    request: (world) => ({ method: 'GET', url: member('actions')(world) }),
    allowed: 'staff',
    countryScoped: true,
  },
  change('confirmation-mail', {}),
  change('login-unlock', {}),
  change('end-sessions', {}),
  change('direct-access', { isAmadeusDirectUser: 'true', reason: 'Direct product' }),
  change('require-terms', { reason: 'Read them again' }),
  change('delete', { reason: 'Asked to leave' }),
  change('restore', { reason: 'Came back' }),
  {
    route: 'GET /s2c/staff/v1/members/:number/export',
    request: (world) => ({ method: 'GET', url: member('export')(world) }),
    allowed: 'manager',
    countryScoped: true,
  },
  {
    route: 'GET /s2c/staff/v1/terms',
    request: () => ({ method: 'GET', url: '/s2c/staff/v1/terms' }),
    allowed: 'staff',
    countryScoped: false,
  },
  {
    route: 'POST /s2c/staff/v1/terms/:countryCode',
    request: () => ({
      method: 'POST',
      url: '/s2c/staff/v1/terms/gr',
      ...form({ version: '2', reason: 'New terms' }),
    }),
    allowed: 'manager',
    countryScoped: true,
  },
];
