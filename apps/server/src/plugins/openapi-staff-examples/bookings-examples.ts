import type { OperationExample, OperationKey } from '../openapi-document.js';

const noRejections = {
  'no-remark': 0,
  'remark-without-space': 0,
  'malformed-remark': 0,
  'unknown-member': 0,
  'inactive-member': 0,
  'unknown-office': 0,
  'office-other-country': 0,
  'inactive-office': 0,
  'no-segments': 0,
  'all-segments-cancelled': 0,
};

const listed = {
  id: 2,
  startedAt: '2026-11-20T08:00:00.000Z',
  finishedAt: '2026-11-20T08:00:01.000Z',
  actor: 'admin@example.com',
  source: 'console',
  fileName: 'vienna.jsonl',
  outcome: 'finished',
  lines: 2,
  accepted: 1,
  updated: 0,
  unchanged: 0,
  rejectedCount: 1,
} as const;

const detail = {
  ...listed,
  summary: {
    lines: 2,
    accepted: 1,
    updated: 0,
    unchanged: 0,
    rejected: noRejections,
    malformed: [{ line: 2, message: 'not valid JSON' }],
    malformedCount: 1,
    segments: 1,
  },
  rejectedLines: [{ line: 2, pnr: null, reason: 'malformed', message: 'not valid JSON' }],
};

/** The bookings area's examples: a JSON Lines upload for the demo member 9000002 of Vienna. */
export const bookingsExamples: Partial<Record<OperationKey, OperationExample>> = {
  'POST /s2c/staff/v1/bookings/imports': {
    access: 'staff',
    parameters: { fileName: 'vienna.jsonl' },
    body:
      JSON.stringify({
        pnr: 'STAFF1',
        officeId: 'VIEAT2101',
        createdOn: '2026-11-20',
        remarks: ['RM*AMA 9000002'],
        segments: [{ id: '1', kind: 'hotel', status: 'HK', serviceDate: '2026-12-10' }],
      }) + '\nnot json\n',
    answer: { data: detail },
  },
  'GET /s2c/staff/v1/bookings/imports': {
    access: 'staff',
    parameters: { page: '1' },
    answer: { data: { items: [listed], total: 1, page: 1, pageSize: 25 } },
  },
  'GET /s2c/staff/v1/bookings/imports/{id}': {
    access: 'staff',
    parameters: { id: '1' },
    answer: { data: detail },
  },
};
