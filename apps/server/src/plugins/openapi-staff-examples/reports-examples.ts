import { defaultReportMonths, maxReportMonths } from '@club/contract/staff-reports';
import type { OpenApiParameter, OperationExample, OperationKey } from '../openapi-document.js';

/** Every country of the demo content, which the demo admin may choose. */
const demoCountries = ['ae', 'at', 'cy', 'gr'];
const scope = { country: 'at', countries: demoCountries };

/** A month's earned points by source, and their sum. */
const earned = (bookings: number, campaigns: number, claims: number, staff: number) => ({
  earned: bookings + campaigns + claims + staff,
  fromBookings: bookings,
  fromCampaigns: campaigns,
  fromClaims: claims,
  fromStaff: staff,
});

/**
 * `points-by-month`'s query as the URL carries it: `months` is digits (a
 * generated integer schema would not accept the text of the example).
 */
const pointsByMonthParameters = (months: string): OpenApiParameter[] => [
  {
    in: 'query',
    name: 'country',
    required: false,
    description: 'One of the staff member’s countries; none: all of them',
    schema: { type: 'string', pattern: '^[a-z]{2}$' },
    example: 'at',
  },
  {
    in: 'query',
    name: 'months',
    required: false,
    description: `How many months up to this one, 1 to ${maxReportMonths} (default ${defaultReportMonths})`,
    schema: { type: 'string', pattern: '^[0-9]{1,3}$' },
    example: months,
  },
];

/**
 * The reports' examples, as the demo admin about Austria (the demo members
 * 9000002 and 9000004). The CSV replays check the byte-order mark and the
 * header line (openapi/replay.ts).
 */
export const reportsExamples: Partial<Record<OperationKey, OperationExample>> = {
  'GET /s2c/staff/v1/reports/points-by-month': {
    access: 'staff',
    replaceParameters: pointsByMonthParameters('3'),
    answer: {
      data: {
        ...scope,
        currentMonth: '2026-11',
        months: [
          { month: '2026-09', ...earned(0, 0, 0, 0), spent: 0, expired: 0 },
          { month: '2026-10', ...earned(0, 0, 0, 25), spent: 0, expired: 0 },
          { month: '2026-11', ...earned(440, 100, 0, 0), spent: 0, expired: 0 },
        ],
      },
    },
  },
  'GET /s2c/staff/v1/reports/points-by-month.csv': {
    access: 'staff',
    replaceParameters: pointsByMonthParameters('2'),
    answer:
      '\uFEFFMonth,Earned,Earned from bookings,Earned from campaigns,Earned from claims,Earned from staff credits,Spent,Expired,Current month\r\n' +
      '2026-10,25,0,0,0,25,0,0,\r\n2026-11,540,440,100,0,0,0,0,yes\r\n',
  },
  'GET /s2c/staff/v1/reports/lapse-forecast': {
    access: 'staff',
    parameters: { country: 'at' },
    answer: {
      data: {
        ...scope,
        currentMonth: '2026-11',
        months: Array.from({ length: 12 }, (_, index) => ({
          month: new Date(Date.UTC(2026, 10 + index, 1)).toISOString().slice(0, 7),
          points: 0,
        })),
      },
    },
  },
  'GET /s2c/staff/v1/reports/lapse-forecast.csv': {
    access: 'staff',
    parameters: { country: 'at' },
    answer: '\uFEFFMonth,Points lapsing,Current month\r\n2026-11,0,yes\r\n2026-12,0,\r\n',
  },
  'GET /s2c/staff/v1/reports/outstanding': {
    access: 'staff',
    answer: {
      data: {
        country: null,
        countries: demoCountries,
        items: [
          { countryCode: 'ae', available: 515, pending: 10 },
          { countryCode: 'at', available: 565, pending: 5 },
          { countryCode: 'cy', available: 0, pending: 0 },
          { countryCode: 'gr', available: 1055, pending: 15 },
        ],
      },
    },
  },
  'GET /s2c/staff/v1/reports/outstanding.csv': {
    access: 'staff',
    answer: '\uFEFFCountry,Available points,Pending points\r\nae,515,10\r\nat,565,5\r\n',
  },
  'GET /s2c/staff/v1/reports/members-by-state': {
    access: 'staff',
    parameters: { country: 'at' },
    answer: {
      data: {
        ...scope,
        items: [
          { state: 'pending', count: 0 },
          { state: 'active', count: 2 },
          { state: 'deletion_requested', count: 0 },
          { state: 'deleted', count: 0 },
        ],
      },
    },
  },
  'GET /s2c/staff/v1/reports/members-by-state.csv': {
    access: 'staff',
    parameters: { country: 'at' },
    answer: '\uFEFFState,Members\r\npending,0\r\nactive,2\r\ndeletion_requested,0\r\ndeleted,0\r\n',
  },
  'GET /s2c/staff/v1/reports/offices-by-state': {
    access: 'staff',
    parameters: { country: 'at' },
    answer: {
      data: {
        ...scope,
        items: [
          { state: 'active', count: 4 },
          { state: 'inactive', count: 1 },
          { state: 'direct', count: 1 },
        ],
      },
    },
  },
  'GET /s2c/staff/v1/reports/offices-by-state.csv': {
    access: 'staff',
    parameters: { country: 'at' },
    answer: '\uFEFFState,Offices\r\nactive,4\r\ninactive,1\r\ndirect,1\r\n',
  },
  'GET /s2c/staff/v1/reports/orders-by-state': {
    access: 'staff',
    parameters: { country: 'at' },
    answer: {
      data: {
        ...scope,
        items: [
          { state: 'placed', count: 0 },
          { state: 'submitted', count: 0 },
          { state: 'fulfilled', count: 1 },
          { state: 'failed', count: 0 },
        ],
      },
    },
  },
  'GET /s2c/staff/v1/reports/orders-by-state.csv': {
    access: 'staff',
    parameters: { country: 'at' },
    answer:
      '\uFEFFState,Orders\r\nPlaced,0\r\nSent to the provider,0\r\nFulfilled,1\r\nRefunded,0\r\n',
  },
  'GET /s2c/staff/v1/reports/members-by-month': {
    access: 'staff',
    replaceParameters: pointsByMonthParameters('2'),
    answer: {
      data: {
        ...scope,
        currentMonth: '2026-11',
        months: [
          { month: '2026-10', enrolments: 1, active: 1 },
          { month: '2026-11', enrolments: 0, active: 2 },
        ],
      },
    },
  },
  'GET /s2c/staff/v1/reports/members-by-month.csv': {
    access: 'staff',
    replaceParameters: pointsByMonthParameters('2'),
    answer:
      '\uFEFFMonth,Enrolments,Active members,Current month\r\n2026-10,1,1,\r\n2026-11,0,2,yes\r\n',
  },
  'GET /s2c/staff/v1/reports/redemptions-by-gift': {
    access: 'staff',
    replaceParameters: pointsByMonthParameters('12'),
    answer: {
      data: {
        ...scope,
        from: '2025-12',
        items: [{ giftId: 11, name: 'Coffee mug', orders: 1, quantity: 2, points: 300 }],
      },
    },
  },
  'GET /s2c/staff/v1/reports/redemptions-by-gift.csv': {
    access: 'staff',
    replaceParameters: pointsByMonthParameters('12'),
    answer: '\uFEFFGift,Gift id,Orders,Items,Points\r\nCoffee mug,11,1,2,300\r\n',
  },
};
