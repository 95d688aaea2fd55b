import type { OperationExample, OperationKey } from '../openapi-document.js';

/** Demo member 9000001 (gr) of content/demo, as the demo admin sees them. */
const eleni = {
  number: '9000001',
  countryCode: 'gr',
  firstName: 'Eleni',
  lastName: 'Demo',
  email: 'eleni@demo.example',
  officeId: 'ATHGR2101',
  state: 'active',
};

const welcomeBonus = {
  id: 12,
  kind: 'additional',
  amount: 500,
  entryDate: '2026-11-22',
  expiresOn: '2029-11-22',
  description: 'Welcome bonus',
  pnr: null,
  orderId: null,
  adjustedBy: 'system',
  createdAt: '2026-11-22T08:00:00.000Z',
};

const goodwillCredit = {
  id: 31,
  kind: 'additional',
  amount: 25,
  entryDate: '2026-11-26',
  expiresOn: '2029-11-26',
  description: 'Hotel night missing from PNR DEMO02',
  pnr: null,
  orderId: null,
  adjustedBy: 'admin@example.com',
  createdAt: '2026-11-26T09:00:00.000Z',
};

/** The members area's examples, replayed as the demo admin on the demo data. */
export const membersExamples: Partial<Record<OperationKey, OperationExample>> = {
  'GET /s2c/staff/v1/members': {
    access: 'staff',
    parameters: { query: 'eleni', page: '0', pageSize: '20' },
    answer: { data: { items: [eleni], total: 1, totalCapped: false } },
  },
  'GET /s2c/staff/v1/members/{number}': {
    access: 'staff',
    parameters: { number: '9000001' },
    answer: {
      data: {
        profile: {
          ...eleni,
          languageCode: 'eng',
          title: 'ms',
          phone: '',
          newsletter: false,
          directAccess: false,
          acceptedTermsVersion: '1',
          countryTermsVersion: '1',
          termsAcceptedAt: '2026-11-22T08:00:00.000Z',
          createdAt: '2026-11-22T08:00:00.000Z',
          activatedAt: '2026-11-22T08:00:00.000Z',
          deletedAt: null,
          loginBackoff: { failures: 0, blockedUntil: null },
          openSessions: 1,
        },
        status: {
          totalSegmentsPD: 3,
          totalSegmentsOk: 5,
          accumulated: 1080,
          regular: 540,
          additional: 540,
          used: 0,
          expired: 0,
          available: 1080,
        },
        bookings: [
          {
            pnr: 'DEMO04',
            officeId: 'ATHGR2101',
            createdOn: '2026-10-20',
            state: 'rejected',
            reason: 'remark-without-space',
            points: 0,
            segments: [
              {
                segmentId: '1',
                kind: 'air',
                sourceStatus: 'HK',
                status: 'OK',
                serviceDate: '2026-11-01',
                endDate: null,
                points: 0,
                creditedOn: null,
                noPointsReason: 'remark-without-space',
                rules: [],
              },
            ],
          },
        ],
        ledger: [welcomeBonus],
        ledgerHasMore: false,
        orders: [],
        mails: [
          {
            id: 3,
            template: 'confirm-email',
            subject: 'Confirm your email',
            state: 'sent',
            attempts: 1,
            createdAt: '2026-11-22T08:00:00.000Z',
            sentAt: '2026-11-22T08:00:01.000Z',
          },
        ],
        adjustmentLimit: null,
      },
    },
  },
  'GET /s2c/staff/v1/members/{number}/ledger': {
    access: 'staff',
    parameters: { number: '9000001', before: '1000' },
    answer: { data: { entries: [welcomeBonus], hasMore: false } },
  },
  'POST /s2c/staff/v1/members/{number}/adjustments': {
    access: 'staff',
    parameters: { number: '9000001' },
    body: { points: 25, reason: 'Hotel night missing from PNR DEMO02' },
    answer: { data: goodwillCredit },
  },
};
