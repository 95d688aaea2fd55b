import type { OperationExample, OperationKey } from '../openapi-document.js';

/** A member's state as the actions answer it, for demo member `number` of `countryCode`. */
const state = (overrides: Record<string, unknown>) => ({
  number: '9000005',
  countryCode: 'gr',
  status: 'active',
  isAmadeusDirectUser: false,
  acceptedCurrentTerms: true,
  acceptedTermsVersion: '2',
  currentTermsVersion: '2',
  loginFailures: 0,
  loginBlockedUntil: null,
  openSessions: 0,
  deletedAt: null,
  restorableUntil: null,
  ...overrides,
});

/**
 * The member actions' examples, on the demo data in the replay's order
 * (document order): the pending member is the one the registration example
 * registered in Cyprus (1000001); 9000005 has a failed login (the replay's
 * hooks make one), accepts the terms again, is deleted and restored; 9000004
 * has a session (the hooks log in) and becomes a direct-access user; 9000001,
 * whom the member examples use, is only exported.
 */
export const memberActionsExamples: Partial<Record<OperationKey, OperationExample>> = {
  'GET /s2c/staff/v1/members/{number}/actions': {
    access: 'staff',
    parameters: { number: '9000001' },
    answer: { data: state({ number: '9000001', openSessions: 1 }) },
  },
  'POST /s2c/staff/v1/members/{number}/confirmation-mail': {
    access: 'staff',
    parameters: { number: '1000001' },
    body: { reason: 'Called: the first mail did not arrive' },
    answer: {
      data: state({
        number: '1000001',
        countryCode: 'cy',
        status: 'pending',
        acceptedTermsVersion: '1',
        currentTermsVersion: '1',
      }),
    },
  },
  'POST /s2c/staff/v1/members/{number}/login-unlock': {
    access: 'staff',
    parameters: { number: '9000005' },
    body: { reason: 'Forgot the password, reset it since' },
    answer: { data: state({}) },
  },
  'POST /s2c/staff/v1/members/{number}/end-sessions': {
    access: 'staff',
    parameters: { number: '9000004' },
    body: { reason: 'Lost a laptop' },
    answer: {
      data: state({
        number: '9000004',
        countryCode: 'at',
        acceptedTermsVersion: '1',
        currentTermsVersion: '1',
      }),
    },
  },
  'POST /s2c/staff/v1/members/{number}/require-terms': {
    access: 'staff',
    parameters: { number: '9000005' },
    body: { reason: 'Asked to read the terms again' },
    answer: { data: state({ acceptedCurrentTerms: false, acceptedTermsVersion: null }) },
  },
  'POST /s2c/staff/v1/members/{number}/delete': {
    access: 'staff',
    parameters: { number: '9000005' },
    body: { reason: 'The member asked by phone to leave the club' },
    answer: {
      data: state({
        status: 'deleted',
        acceptedCurrentTerms: false,
        acceptedTermsVersion: null,
        deletedAt: '2026-03-02T09:00:00.000Z',
        restorableUntil: '2026-04-01T09:00:00.000Z',
      }),
    },
  },
  'POST /s2c/staff/v1/members/{number}/restore': {
    access: 'staff',
    parameters: { number: '9000005' },
    body: { reason: 'The member changed their mind' },
    answer: { data: state({ acceptedCurrentTerms: false, acceptedTermsVersion: null }) },
  },
  'POST /s2c/staff/v1/members/{number}/direct-access': {
    access: 'staff',
    parameters: { number: '9000004' },
    body: { isAmadeusDirectUser: true, reason: 'The agency moved to the direct product' },
    answer: {
      data: state({
        number: '9000004',
        countryCode: 'at',
        isAmadeusDirectUser: true,
        acceptedTermsVersion: '1',
        currentTermsVersion: '1',
      }),
    },
  },
  'GET /s2c/staff/v1/members/{number}/export': {
    access: 'staff',
    parameters: { number: '9000001' },
    answer: {
      exportedAt: '2026-03-02T09:00:00.000Z',
      member: {
        number: '9000001',
        countryCode: 'gr',
        languageCode: 'eng',
        status: 'active',
        title: 'ms',
        firstName: 'Eleni',
        lastName: 'Demo',
        email: 'eleni@demo.example',
        phone: '',
        birthdayDay: '',
        birthdayMonth: '',
        sign: '',
        address: '',
        giftDeliveryAddress: '',
        officeId: 'ATHGR2101',
        agency: 'Acropolis Travel Services',
        isAmadeusDirectUser: false,
        createdAt: '2026-01-05T10:00:00.000Z',
        activatedAt: '2026-01-05T10:00:00.000Z',
        deletedAt: null,
      },
      consents: {
        newsletter: true,
        terms: {
          acceptedVersion: '2',
          acceptedAt: '2026-01-05T10:00:00.000Z',
          countryVersion: '2',
        },
      },
      bookings: [
        {
          pnr: 'GRD001',
          officeId: 'ATHGR2101',
          createdOn: '2026-01-10',
          state: 'accepted',
          reason: null,
          segments: [
            {
              segmentId: '1',
              kind: 'air',
              status: 'OK',
              serviceDate: '2026-01-20',
              endDate: null,
              used: true,
              points: 5,
              creditedOn: '2026-01-21',
            },
          ],
        },
      ],
      ledgerEntries: [
        {
          kind: 'segment',
          amount: 5,
          entryDate: '2026-01-21',
          expiresOn: '2029-01-21',
          description: '',
          createdAt: '2026-01-21T03:00:00.000Z',
        },
      ],
      orders: [],
      mailsSent: [
        {
          template: 'confirm-email',
          subject: 'Confirm your email',
          queuedAt: '2026-01-05T10:00:00.000Z',
          sentAt: '2026-01-05T10:00:02.000Z',
        },
      ],
      directAccessChanges: [],
      auditEntries: [],
    },
  },
  'GET /s2c/staff/v1/terms': {
    access: 'staff',
    answer: {
      data: [
        {
          countryCode: 'ae',
          name: 'United Arab Emirates',
          termsVersion: '1',
          changedAt: null,
          changedBy: null,
          reason: null,
        },
      ],
    },
  },
  'POST /s2c/staff/v1/terms/{countryCode}': {
    access: 'staff',
    parameters: { countryCode: 'cy' },
    body: { version: '2', reason: 'The terms now name the new gift provider' },
    answer: {
      data: {
        countryCode: 'cy',
        name: 'Cyprus',
        termsVersion: '2',
        changedAt: '2026-03-02T09:00:00.000Z',
        changedBy: 'admin@example.com',
        reason: 'The terms now name the new gift provider',
      },
    },
  },
};
