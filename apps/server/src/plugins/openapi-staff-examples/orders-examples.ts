import type { OperationExample, OperationKey } from '../openapi-document.js';

/**
 * The order queue's examples. The demo's orders are history, fulfilled or
 * refunded (content/demo/orders.jsonl), with nothing left to act on: the replay's hooks
 * place three as demo member 9000004 of Austria before the first call (the
 * first to fulfil, the second to refund, the third for the bulk fulfilment; openapi/replay.ts puts their
 * numbers into the paths), which the manual provider submits at once. The
 * retry example's order is placed on a second server whose HTTP voucher
 * provider answers 503 (openapi/check.ts), so it waits after a failed call.
 */
const member = {
  number: '9000004',
  firstName: 'Jonas',
  lastName: 'Demo',
  email: 'jonas@demo.example',
};

const queued = (id: number, state: 'placed' | 'submitted' | 'fulfilled' | 'failed') => ({
  id,
  countryCode: 'at',
  state,
  createdAt: '2026-11-22T10:00:00.000Z',
  member,
  points: 150,
  provider: 'manual',
  gifts: '1 × Travel umbrella',
  attempts: 1,
  lastError: state === 'failed' ? 'Member asked to cancel' : null,
});

const order = (
  id: number,
  state: 'submitted' | 'fulfilled' | 'failed',
  vouchers: string[] = [],
) => ({
  ...queued(id, state),
  delivery: 'self',
  deliveryAddress: '',
  providerRef: `manual-${id}`,
  nextAttemptAt: '2026-11-22T10:00:00.000Z',
  vouchers,
  failedBy: state === 'failed' ? 'cancelled' : null,
  lines: [{ giftId: 203, description: 'Travel umbrella', quantity: 1, points: 150 }],
  timeline: [
    { state: 'placed', at: '2026-11-22T10:00:00.000Z' },
    { state: 'submitted', at: '2026-11-22T10:00:01.000Z' },
    ...(state === 'submitted' ? [] : [{ state, at: '2026-11-22T11:30:00.000Z' }]),
  ],
  attemptLog: [
    {
      at: '2026-11-22T10:00:01.000Z',
      call: 'place',
      outcome: 'accepted',
      answer: `ref manual-${id}`,
    },
  ],
  vouchersOpenedAt: null,
  canFulfil: state === 'submitted',
  canRefund: state === 'submitted',
  canRetry: false,
  canCorrectVouchers: state === 'fulfilled' && vouchers.length > 0,
});

export const ordersExamples: Partial<Record<OperationKey, OperationExample>> = {
  'GET /s2c/staff/v1/orders': {
    access: 'staff',
    parameters: { state: 'submitted', country: 'at' },
    answer: {
      data: {
        items: [queued(2, 'submitted'), queued(1, 'submitted')],
        total: 2,
        totalCapped: false,
        page: 0,
        pageSize: 25,
      },
    },
  },
  'GET /s2c/staff/v1/orders.csv': {
    access: 'staff',
    parameters: { country: 'at' },
    // The body is CSV: the byte-order mark, then CRLF lines.
    answer:
      '\uFEFForder,created,country,state,member,first name,last name,email,points,gifts,quantity,delivery,delivery address,voucher codes,provider,attempts,last error\r\n' +
      '2,2026-11-22T10:00:00.000Z,at,Sent to the provider,9000004,Jonas,Demo,jonas@demo.example,150,1 × Travel umbrella,1,the member collects it,,,manual,1,\r\n',
  },
  'GET /s2c/staff/v1/orders/{id}': {
    access: 'staff',
    parameters: { id: '1' },
    answer: { data: order(1, 'submitted') },
  },
  'POST /s2c/staff/v1/orders/{id}/fulfilment': {
    access: 'staff',
    parameters: { id: '1' },
    body: { vouchers: 'UMB-2026-0001' },
    answer: { data: order(1, 'fulfilled', ['UMB-2026-0001']) },
  },
  'POST /s2c/staff/v1/orders/{id}/vouchers': {
    access: 'staff',
    parameters: { id: '1' },
    body: { vouchers: 'UMB-2026-0002', reason: 'The partner sent a corrected code' },
    answer: { data: order(1, 'fulfilled', ['UMB-2026-0002']) },
  },
  'POST /s2c/staff/v1/orders/{id}/refund': {
    access: 'staff',
    parameters: { id: '2' },
    body: { reason: 'Member asked to cancel' },
    answer: { data: order(2, 'failed') },
  },
  'POST /s2c/staff/v1/orders/{id}/retry': {
    access: 'staff',
    parameters: { id: '3' },
    answer: {
      data: {
        ...order(3, 'submitted'),
        state: 'placed',
        provider: 'http',
        providerRef: null,
        attempts: 2,
        lastError: 'Provider answered HTTP 503',
        timeline: [{ state: 'placed', at: '2026-11-22T10:00:00.000Z' }],
        attemptLog: [
          {
            at: '2026-11-22T10:00:01.000Z',
            call: 'place',
            outcome: 'retry',
            answer: 'Provider answered HTTP 503',
          },
          {
            at: '2026-11-22T10:00:03.000Z',
            call: 'place',
            outcome: 'retry',
            answer: 'Provider answered HTTP 503',
          },
        ],
        canFulfil: false,
        canRefund: false,
        canRetry: true,
      },
    },
  },
};
