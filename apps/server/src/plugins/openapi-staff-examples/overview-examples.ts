import type { OperationExample, OperationKey } from '../openapi-document.js';

/**
 * The Overview as the demo admin sees Austria: in the demo data nothing
 * waits but one gift with 3 left.
 */
export const overviewExamples: Partial<Record<OperationKey, OperationExample>> = {
  'GET /s2c/staff/v1/overview': {
    access: 'staff',
    parameters: { country: 'at' },
    answer: {
      data: {
        country: 'at',
        countries: ['ae', 'at', 'cy', 'gr'],
        ordersWaiting: 0,
        ordersFailed: 0,
        failedSince: '2026-10-31',
        countsCapped: false,
        taxToCheck: 0,
        taxToCheckOldest: [],
        rejectedLinesLastImport: 0,
        lastImport: null,
        lowStockGifts: 1,
        openClaims: 2,
        oldestOpenClaimAt: '2026-11-20T09:12:00.000Z',
        alertsEndingSoon: 0,
        alertEndingFirst: null,
      },
    },
  },
};
