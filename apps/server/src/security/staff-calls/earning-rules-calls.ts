import type { StaffCall, StaffWorld } from './staff-call.js';

const json = (values: Record<string, unknown>) => ({
  headers: { 'content-type': 'application/json' },
  payload: JSON.stringify(values),
});

/** A rule of `gr` the world's set-up found (a seeded base rule). */
const ruleOf = (world: StaffWorld) => world.extra.grRuleId;

const campaign = {
  country: 'gr',
  kind: 'campaign',
  name: 'Matrix hotel campaign',
  memberNames: { eng: 'Hotel campaign', ell: 'Καμπάνια ξενοδοχείων' },
  segmentTypes: ['hotel'],
  multiplier: 2,
  from: '2030-03-01',
  to: '2030-03-31',
  basis: 'travel',
};

/** The console's earning rules calls: the list, a new rule, ending one, the simulator. */
export const earningRulesCalls: StaffCall[] = [
  {
    route: 'GET /s2c/staff/v1/earning-rules',
    request: () => ({ method: 'GET', url: '/s2c/staff/v1/earning-rules?country=gr' }),
    allowed: 'staff',
    countryScoped: true,
  },
  {
    route: 'POST /s2c/staff/v1/earning-rules',
    request: () => ({ method: 'POST', url: '/s2c/staff/v1/earning-rules', ...json(campaign) }),
    allowed: 'manager',
    countryScoped: true,
    moreValues: () => ({ points: 50, kind: 'base', basis: 'booking' }),
  },
  {
    route: 'POST /s2c/staff/v1/earning-rules/:id/end',
    request: (world) => ({
      method: 'POST',
      url: `/s2c/staff/v1/earning-rules/${ruleOf(world)}/end`,
    }),
    allowed: 'manager',
    countryScoped: true,
  },
  {
    route: 'POST /s2c/staff/v1/earning-rules/simulate',
    request: (world) => ({
      method: 'POST',
      url: '/s2c/staff/v1/earning-rules/simulate',
      ...json({
        record: JSON.stringify({
          pnr: 'SIMUL1',
          officeId: 'ATHGR0001',
          createdOn: '2030-02-10',
          remarks: [`RM*AMA ${world.member.number}`],
          segments: [{ id: '1', kind: 'hotel', status: 'HK', serviceDate: '2030-03-12' }],
        }),
      }),
    }),
    allowed: 'staff',
    countryScoped: true,
    moreValues: () => ({ country: 'gr' }),
  },
];
