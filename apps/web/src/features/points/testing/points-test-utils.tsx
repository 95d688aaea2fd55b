import type {
  ExpiryForecast,
  PointsHistory,
  PointsPage,
  StatusReport,
} from '@club/contract/points';
import { makePage } from '../../../testing/membership-test-utils';

export {
  apiData,
  apiError,
  makeUser,
  renderMembershipScreen as renderPointsScreen,
  stubApi,
  type ApiCall,
} from '../../../testing/membership-test-utils';

/** A status report with every figure different, so that each cell is found by its value. */
export function makeStatusReport(overrides: Partial<StatusReport> = {}): StatusReport {
  return {
    totalSegmentsPD: 3,
    totalSegmentsOk: 41,
    totalSegments: 44,
    accumulated: 1250,
    used: 300,
    expired: 15,
    available: 935,
    regular: 1170,
    additional: 80,
    edenredIsOff: false,
    ...overrides,
  };
}

/** Twelve months from March 2026, points lapsing in two of them. */
export function makeForecast(overrides: Partial<ExpiryForecast> = {}): ExpiryForecast {
  const months = Array.from({ length: 12 }, (_, index) => {
    const month = new Date(Date.UTC(2026, 2 + index, 1)).toISOString().slice(0, 7);
    return { month, points: month === '2026-05' ? 120 : month === '2026-09' ? 45 : 0 };
  });
  return { months, next: { date: '2026-05-14', points: 120 }, ...overrides };
}

/** Two years of monthly figures (2024-12 … 2026-11): a bonus, an order, a lapse. */
export function makeHistory(): PointsHistory {
  const months = Array.from({ length: 24 }, (_, index) => {
    const month = new Date(Date.UTC(2024, 11 + index, 1)).toISOString().slice(0, 7);
    return {
      month,
      earned: month === '2026-03' ? 35 : 0,
      spent: month === '2026-05' ? 12 : 0,
      expired: month === '2026-11' ? 28 : 0,
    };
  });
  return { months };
}

/** A points page answer: two PNRs (one with segments), additional points, no gifts. */
export function makePointsPage(overrides: Partial<PointsPage> = {}): PointsPage {
  return makePage('points', {
    points: [
      {
        pnr: 'ABC123',
        date: '2026-01-10',
        legs: 2,
        legSOK: 1,
        _Price: 15,
        points: 5,
        status: 'PD' as const,
        segments: [
          {
            segmentId: 's1',
            kind: 'air' as const,
            serviceDate: '2026-02-01',
            status: 'OK' as const,
            points: 5,
            expiresOn: '2029-02-01',
          },
          {
            segmentId: 's2',
            kind: 'hotel' as const,
            serviceDate: '2026-06-01',
            status: 'PD' as const,
            points: 0,
            expiresOn: null,
          },
        ],
      },
      {
        pnr: 'XYZ789',
        date: '2025-11-02',
        legs: 1,
        legSOK: 1,
        _Price: 10,
        points: 10,
        status: 'OK' as const,
        segments: [],
      },
    ],
    totlegsOK: 2,
    totpoints: 15,
    addArray: [
      { id: 1, date: '2026-01-15', description: 'Welcome bonus', pnr: '', points: 50 },
      { id: 2, date: '2026-02-20', description: 'Spring promotion', pnr: 'ABC123', points: 30 },
    ],
    summAdd: 80,
    useArray: [],
    summUse: 0,
    orders: [],
    expired: 15,
    refresh: 935,
    details: '',
    noneDet: false,
    queued: [],
    truncated: false,
    ...overrides,
  });
}
