import type { OperationExample, OperationKey } from '../openapi-document.js';

/** The demo office VIEAT2101 (content/offices/at.json), as the demo loads it. */
const demoOffice = {
  officeId: 'VIEAT2101',
  countryCode: 'at',
  agencyName: 'Donau Reisen',
  address: 'Kärntner Straße 21, Wien',
  zip: '1010',
  active: true,
  direct: false,
};

const demoOfficeEntry = {
  officeId: 'VIEAT2101',
  agencyName: 'Donau Reisen',
  address: 'Kärntner Straße 21, Wien',
  zip: '1010',
  active: true,
  isAmadeusDirectOffice: false,
  decisionMakerName: 'Office manager',
  decisionMakerEmail: 'manager.vieat2101@example.com',
};

/** The offices area's examples, on the demo directory; the upload sends VIEAT2101 as it is. */
export const officesExamples: Partial<Record<OperationKey, OperationExample>> = {
  'GET /s2c/staff/v1/offices': {
    access: 'staff',
    parameters: { query: 'wien', state: 'active', page: '1' },
    answer: {
      data: { items: [demoOffice], total: 1, totalIsCapped: false, page: 1, pageSize: 25 },
    },
  },
  'GET /s2c/staff/v1/offices/{officeId}': {
    access: 'staff',
    parameters: { officeId: 'VIEAT2101' },
    answer: {
      data: {
        ...demoOffice,
        decisionMaker: { name: 'Office manager', email: 'manager.vieat2101@example.com' },
        decidedAt: null,
        history: [
          {
            at: '2026-11-20T08:00:00.000Z',
            by: 'directory',
            previousActive: null,
            active: true,
            previousDirect: null,
            direct: false,
            decisionMaker: null,
            comment: '',
            link: null,
            directoryImport: {
              id: 2,
              actor: 'system',
              fileName: 'offices/at.json',
              source: 'content-load',
            },
          },
        ],
        enrolRequests: { items: [], total: 0 },
        waitingAgents: [],
        members: {
          items: [
            {
              number: '9000002',
              firstName: 'Lukas',
              lastName: 'Demo',
              email: 'lukas@demo.example',
              state: 'active',
            },
          ],
          total: 2,
        },
      },
    },
  },
  'POST /s2c/staff/v1/offices/{officeId}/agency-links': {
    access: 'staff',
    parameters: { officeId: 'VIEAT2101' },
    body: { purpose: 'opt-in' },
    answer: {
      data: {
        officeId: 'VIEAT2101',
        purpose: 'opt-in',
        url: 'http://at.localhost:3000/agency-opt-in?s=Xc1aVb2nQm3kLp4o&c=Zq9wXe8rTy7uIo6pAs5dFg4hJk3lMn2bVc1xZa0sQw9',
        expiresAt: '2026-12-04T08:00:00.000Z',
      },
    },
  },
  'POST /s2c/staff/v1/offices/import': {
    access: 'staff',
    body: {
      fileName: 'at.json',
      file: JSON.stringify({ countryCode: 'at', offices: [demoOfficeEntry] }),
    },
    answer: {
      data: {
        importId: 5,
        countryCode: 'at',
        entries: 1,
        added: [],
        changed: [],
        unchanged: 1,
        rejected: [],
        directAccessMembers: 0,
      },
    },
  },
};
