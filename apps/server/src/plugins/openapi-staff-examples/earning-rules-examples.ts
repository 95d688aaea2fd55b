import type { OperationExample, OperationKey } from '../openapi-document.js';

/** A base rule as seeded on a first start (gr's hotel rule on the demo data). */
const baseHotel = {
  id: 14,
  country: 'gr',
  kind: 'base',
  name: 'Base hotel',
  memberNames: {},
  segmentTypes: ['hotel'],
  points: 10,
  multiplier: null,
  from: '1900-01-01',
  to: null,
  basis: 'travel',
  createdBy: 'system (SEGMENT_POINTS_BY_COUNTRY)',
  createdAt: '2026-11-01T08:00:00.000Z',
  endedAt: null,
  endedBy: null,
  earned: true,
};

/** The campaign the publish example makes: the first rule after the demo's sixteen base rules. */
const newCampaign = {
  country: 'gr',
  kind: 'campaign',
  name: 'March hotel campaign',
  memberNames: {
    eng: 'Double points on hotels in March',
    ell: 'Διπλοί πόντοι στα ξενοδοχεία τον Μάρτιο',
  },
  segmentTypes: ['hotel'],
  multiplier: 2,
  from: '2027-03-01',
  to: '2027-03-31',
  basis: 'travel',
};
const campaign = {
  ...newCampaign,
  id: 17,
  points: null,
  createdBy: 'admin@example.com',
  createdAt: '2026-11-27T09:00:00.000Z',
  endedAt: null,
  endedBy: null,
  earned: false,
};

const simulatedRecord = JSON.stringify({
  pnr: 'SIMUL1',
  officeId: 'ATHGR0001',
  createdOn: '2027-02-10',
  remarks: ['RM*AMA 9000001'],
  segments: [
    { id: '1', kind: 'hotel', status: 'HK', serviceDate: '2027-03-12' },
    { id: '2', kind: 'air', status: 'HK', serviceDate: '2027-03-12' },
  ],
});

/** The earning rules area's examples, replayed as the demo admin on the demo data. */
export const earningRulesExamples: Partial<Record<OperationKey, OperationExample>> = {
  'GET /s2c/staff/v1/earning-rules': {
    access: 'staff',
    parameters: { country: 'gr' },
    answer: { data: { items: [baseHotel], languages: ['ell', 'eng'] } },
  },
  'POST /s2c/staff/v1/earning-rules': {
    access: 'staff',
    body: newCampaign,
    status: 201,
    answer: { data: campaign },
  },
  'POST /s2c/staff/v1/earning-rules/{id}/end': {
    access: 'staff',
    parameters: { id: '17' },
    answer: {
      data: {
        ...campaign,
        to: '2027-02-28',
        endedAt: '2026-11-27T10:00:00.000Z',
        endedBy: 'admin@example.com',
      },
    },
  },
  'POST /s2c/staff/v1/earning-rules/simulate': {
    access: 'staff',
    body: { record: simulatedRecord },
    answer: {
      data: {
        pnr: 'SIMUL1',
        country: 'gr',
        createdOn: '2027-02-10',
        segments: [
          {
            segmentId: '1',
            kind: 'hotel',
            serviceDate: '2027-03-12',
            status: 'PD',
            points: 20,
            rules: [
              { id: 14, kind: 'base', name: 'Base hotel', points: 10, multiplier: null },
              {
                id: 17,
                kind: 'campaign',
                name: 'March hotel campaign',
                points: null,
                multiplier: 2,
              },
            ],
          },
          {
            segmentId: '2',
            kind: 'air',
            serviceDate: '2027-03-12',
            status: 'PD',
            points: 5,
            rules: [{ id: 13, kind: 'base', name: 'Base air', points: 5, multiplier: null }],
          },
        ],
        total: 25,
      },
    },
  },
};
