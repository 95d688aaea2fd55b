import type { OperationExample, OperationKey } from '../openapi-document.js';

/** A file of two adjustments: a credit for demo member 9000001 (gr), a debit for 9000004 (at). */
const adjustmentsFile =
  'member number,points,reason\r\n' +
  '9000001,25,Hotel night missing from PNR DEMO02\r\n' +
  '9000004,-30,"Double credit, PNR DEMO07"\r\n';

const adjustmentLines = [
  {
    line: 2,
    number: '9000001',
    points: 25,
    reason: 'Hotel night missing from PNR DEMO02',
    outcome: 'ok',
    message: null,
    memberName: 'Eleni Demo',
    availableBefore: 1080,
    availableAfter: 1105,
  },
  {
    line: 3,
    number: '9000004',
    points: -30,
    reason: 'Double credit, PNR DEMO07',
    outcome: 'ok',
    message: null,
    memberName: 'Jonas Demo',
    availableBefore: 550,
    availableAfter: 520,
  },
];

const fileKey = '3f9a0c5e1b7d24a86e0f9c3b5d7a1e2f4c6b8d0a2e4f6a8c0b2d4e6f8a0c2e4f';

/**
 * The third demo order the replay places (openapi/replay.ts puts its number
 * into the file), fulfilled with one code.
 */
const fulfilmentFile = 'order,voucher codes\r\n3,UMB-2026-0101\r\n';
const fulfilmentLine = {
  line: 2,
  order: '3',
  codes: ['UMB-2026-0101'],
  outcome: 'ok',
  message: null,
  memberNumber: '9000004',
  memberName: 'Jonas Demo',
  gifts: '1 × Travel umbrella',
  quantity: 1,
};

/** What the preview and the apply both answer of the example file. */
const adjustmentsChecked = {
  fileKey,
  lines: adjustmentLines,
  ok: 2,
  refused: 0,
  credited: 25,
  debited: 30,
};

/** The bulk calls' examples, replayed as the demo admin on the demo data. */
export const bulkExamples: Partial<Record<OperationKey, OperationExample>> = {
  'POST /s2c/staff/v1/bulk-adjustments/preview': {
    access: 'staff',
    body: { file: adjustmentsFile },
    answer: { data: { ...adjustmentsChecked, applied: null } },
  },
  'POST /s2c/staff/v1/bulk-adjustments': {
    access: 'staff',
    body: { file: adjustmentsFile },
    answer: {
      data: {
        ...adjustmentsChecked,
        applied: { at: '2026-11-26T09:00:00.000Z', by: 'admin@example.com' },
      },
    },
  },
  'GET /s2c/staff/v1/members.csv': {
    access: 'staff',
    parameters: { country: 'gr', state: 'active', minPoints: '100', maxPoints: '5000' },
    // The body is CSV: the byte-order mark, then CRLF lines.
    answer:
      '\uFEFFmember,first name,last name,email,country,language,state,office ID,registered,available points\r\n' +
      '9000001,Eleni,Demo,eleni@demo.example,gr,eng,Active,ATHGR2101,2026-11-22T08:00:00.000Z,1080\r\n',
  },
  'POST /s2c/staff/v1/bulk-fulfilments/preview': {
    access: 'staff',
    body: { file: fulfilmentFile },
    answer: { data: { fileKey, lines: [fulfilmentLine], ok: 1, refused: 0 } },
  },
  'POST /s2c/staff/v1/bulk-fulfilments': {
    access: 'staff',
    body: { file: fulfilmentFile },
    answer: { data: { fileKey, lines: [fulfilmentLine], ok: 1, refused: 0 } },
  },
};
