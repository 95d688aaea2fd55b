import type { OperationExample, OperationKey } from '../openapi-document.js';

/** The demo member's claim the member examples file (`POST /s2c/auth/v1/agent-points/claims`). */
const filedClaim = {
  id: 1,
  pnr: 'DEMO99',
  travelDate: '2026-11-02',
  booked: 'hotel',
  note: 'The hotel night in Crete earned nothing',
  state: 'open',
  points: 0,
  reason: null,
  filedAt: '2026-11-27T09:00:00.000Z',
  decidedAt: null,
  memberNumber: '9000001',
  memberName: 'Eleni Demo',
  countryCode: 'gr',
  decidedBy: null,
};

/** What staff read to decide it: no booking of the PNR arrived; the member said a hotel. */
const evidence = {
  booking: null,
  importHistory: [],
  proposedPoints: 10,
  adjustmentLimit: null,
};

/** The claims area's examples, replayed as the demo admin on the demo data. */
export const claimsExamples: Partial<Record<OperationKey, OperationExample>> = {
  'GET /s2c/staff/v1/claims': {
    access: 'staff',
    parameters: { state: 'open', country: 'gr', page: '0' },
    answer: { data: { items: [filedClaim], total: 1 } },
  },
  'GET /s2c/staff/v1/claims/{id}': {
    access: 'staff',
    parameters: { id: '1' },
    answer: { data: { ...filedClaim, ...evidence } },
  },
  'POST /s2c/staff/v1/claims/{id}/decision': {
    access: 'staff',
    parameters: { id: '1' },
    body: {
      decision: 'approve',
      points: 10,
      reason: 'Hotel night credited: the remark was missing',
    },
    answer: {
      data: {
        ...filedClaim,
        ...evidence,
        state: 'approved',
        points: 10,
        reason: 'Hotel night credited: the remark was missing',
        decidedAt: '2026-11-27T10:00:00.000Z',
        decidedBy: 'admin@example.com',
      },
    },
  },
};
