import { z } from 'zod';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { dataEnvelope, ErrorBodySchema, ErrorCode } from '@club/contract/envelope';
import {
  OrderActionAnswerSchema,
  OrderFulfilmentSchema,
  OrderQueueQuerySchema,
  OrderQueueSchema,
  OrderRefundSchema,
  OrderVoucherCorrectionSchema,
  StaffOrderSchema,
} from '@club/contract/staff-orders';
import { orderStateWords } from '@club/contract/order-state-words';
import { csvDocument, type CsvValue } from '../../../lib/csv.js';
import { HttpError, notFound, validationFailed } from '../../../lib/http-error.js';
import {
  assertStaffCountry,
  assertStaffRole,
  staffActor,
  staffCountryFilter,
  staffOf,
} from '../../staff/staff-access.js';
import type { StaffPrincipal } from '../../staff/staff-sessions.js';
import { codeCountMessage, fulfilOrder } from '../provider/fulfil-cli.js';
import { giftOrders } from '../schema.js';
import { refundOrderByStaff, retryOrder, type OrderActionRefusal } from './order-actions.js';
import { correctVouchers } from './voucher-correction.js';
import { everyQueuedOrder, orderQueue, staffOrder, type OrderQueueFilter } from './order-queue.js';
import { eq } from 'drizzle-orm';

const OrderIdParamsSchema = z.object({
  id: z.string().regex(/^\d{1,9}$/, 'An order number'),
});

const errors = {
  400: ErrorBodySchema.describe(
    'Bad input, one message per field, or an order in a state the action does not apply to (`order`)',
  ),
  401: ErrorBodySchema.describe('No live staff session'),
  403: ErrorBodySchema.describe('The role may not make this change'),
  404: ErrorBodySchema.describe('No such order in the staff member’s countries'),
};

const csvColumns = [
  'order',
  'created',
  'country',
  'state',
  'member',
  'first name',
  'last name',
  'email',
  'points',
  'gifts',
  'quantity',
  'delivery',
  'delivery address',
  'voucher codes',
  'provider',
  'attempts',
  'last error',
];

/** How a gift reaches the member, in the partner's words (the wire's `send` and `self`). */
const deliveryWords: Record<string, string> = {
  send: 'send to the address',
  self: 'the member collects it',
};

export type OrdersRoutesOptions = { now: () => number };

/**
 * The staff order queue (docs/staff-console.md, "Orders and gifts"): the
 * queue of the staff member's countries and its CSV, one order with its
 * provider answers, and fulfil, refund and retry. Support reads; managers
 * and admins act. An order of another country answers 404.
 */
export const ordersRoutes: FastifyPluginCallbackZod<OrdersRoutesOptions> = (app, { now }, done) => {
  const { db } = app;

  /** The queue's filter for this staff member; a country they do not work in answers 404. */
  function filterOf(staff: StaffPrincipal, query: z.infer<typeof OrderQueueQuerySchema>) {
    if (query.country) assertStaffCountry(staff, query.country);
    const filter: OrderQueueFilter = { ...query, countries: staffCountryFilter(staff) };
    delete (filter as { page?: number }).page;
    return filter;
  }

  /** The order's country, checked against the staff member's (404 for another or none). */
  async function orderOf(staff: StaffPrincipal, id: string) {
    const orderId = Number(id);
    const [order] = await db
      .select({ countryCode: giftOrders.countryCode })
      .from(giftOrders)
      .where(eq(giftOrders.id, orderId));
    if (order === undefined) throw notFound();
    assertStaffCountry(staff, order.countryCode);
    return orderId;
  }

  async function answerOrder(orderId: number) {
    const order = await staffOrder(db, orderId, {
      provider: app.config.gifts.provider,
      now: new Date(now()),
    });
    if (order === undefined) throw notFound();
    return { data: order };
  }

  function refusal(result: OrderActionRefusal): never {
    if (result.kind === 'unknown') throw notFound();
    throw validationFailed({ order: result.message });
  }

  app.get(
    '/s2c/staff/v1/orders',
    {
      onRequest: app.requireStaff,
      schema: {
        tags: ['staff'],
        summary: 'The order queue: orders of the staff member’s countries, newest first',
        description:
          'Filters: `state`, `country` (one of the staff member’s), `gift` (its id), `from` and `to` (days, inclusive, UTC), `page` (zero-based, 25 a page). `total` counts up to 10,000 (`totalCapped`).',
        querystring: OrderQueueQuerySchema,
        response: { 200: dataEnvelope(OrderQueueSchema), ...errors },
      },
    },
    async (request) => {
      const staff = staffOf(request);
      const filter = filterOf(staff, request.query);
      return { data: await orderQueue(db, filter, request.query.page ?? 0) };
    },
  );

  app.get(
    '/s2c/staff/v1/orders.csv',
    {
      onRequest: app.requireStaff,
      schema: {
        tags: ['staff'],
        summary: 'The filtered order queue as CSV',
        description:
          'The same filters as the queue, every matching order. UTF-8 with a byte-order mark, CRLF line ends; text cells a spreadsheet would read as a formula start with a quote.',
        querystring: OrderQueueQuerySchema.omit({ page: true }),
        produces: ['text/csv'],
        response: {
          200: {
            description: 'The orders, as an attachment',
            content: { 'text/csv': { schema: z.string() } },
          },
          ...errors,
        },
      },
    },
    async (request, reply) => {
      const staff = staffOf(request);
      const filter = filterOf(staff, request.query);
      const rows: CsvValue[][] = [csvColumns];
      for await (const batch of everyQueuedOrder(db, filter)) {
        for (const order of batch) {
          rows.push([
            order.id,
            order.createdAt,
            order.countryCode,
            orderStateWords[order.state],
            order.member.number,
            order.member.firstName,
            order.member.lastName,
            order.member.email,
            order.points,
            order.gifts,
            order.quantity,
            deliveryWords[order.delivery] ?? order.delivery,
            order.delivery === 'send' ? order.deliveryAddress : '',
            // One code a line in the cell, as the fulfilment form takes them.
            order.vouchers.join('\n'),
            order.provider,
            order.attempts,
            order.lastError,
          ]);
        }
      }
      const day = new Date(now()).toISOString().slice(0, 10);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="orders-${day}.csv"`)
        .header('cache-control', 'no-store')
        .send(csvDocument(rows));
    },
  );

  app.get(
    '/s2c/staff/v1/orders/:id',
    {
      onRequest: app.requireStaff,
      schema: {
        tags: ['staff'],
        summary: 'One order: lines, member, delivery, timeline and the voucher provider’s answers',
        params: OrderIdParamsSchema,
        response: { 200: dataEnvelope(StaffOrderSchema), ...errors },
      },
    },
    async (request) => {
      const orderId = await orderOf(staffOf(request), request.params.id);
      return answerOrder(orderId);
    },
  );

  app.post(
    '/s2c/staff/v1/orders/:id/fulfilment',
    {
      onRequest: app.requireStaff,
      schema: {
        tags: ['staff'],
        summary: 'Fulfil a submitted order with the voucher codes staff sent',
        description:
          '`vouchers`: the codes, one a line (or separated by commas or spaces): one per gift of the order (the sum of its lines’ quantities; 400 otherwise), or none for gifts sent without a code. The member is mailed them and sees them on the points page. Audited as `order.fulfil`. Managers and admins.',
        params: OrderIdParamsSchema,
        body: OrderFulfilmentSchema,
        response: { 200: dataEnvelope(OrderActionAnswerSchema), ...errors },
      },
    },
    async (request) => {
      const staff = staffOf(request);
      const orderId = await orderOf(staff, request.params.id);
      assertStaffRole(staff, ['admin', 'manager']);
      const result = await fulfilOrder(
        db,
        orderId,
        new Date(now()),
        request.body.vouchers,
        staffActor(staff),
      );
      if (result.kind === 'unknown') throw notFound();
      if (result.kind === 'codeCount') {
        throw validationFailed({
          vouchers: codeCountMessage(result.quantity, request.body.vouchers.length),
        });
      }
      if (result.kind === 'wrongState') {
        throw validationFailed({
          order: `Order ${orderId} is ${result.state}: only a submitted order is fulfilled.`,
        });
      }
      return answerOrder(orderId);
    },
  );

  app.post(
    '/s2c/staff/v1/orders/:id/vouchers',
    {
      onRequest: app.requireStaff,
      schema: {
        tags: ['staff'],
        summary: 'Correct the voucher codes of a fulfilled order and mail them again',
        description:
          '`vouchers`: the corrected codes, one per gift of the order; `reason` (required) is kept in the audit log (`order.correct-vouchers`, with the codes before and after). The member is mailed the corrected codes. Only until the member opens the codes on the site (the Ordered gifts tab): then 409, as for an order not fulfilled with codes. Managers and admins.',
        params: OrderIdParamsSchema,
        body: OrderVoucherCorrectionSchema,
        response: {
          200: dataEnvelope(OrderActionAnswerSchema),
          ...errors,
          409: ErrorBodySchema.describe(
            'The member opened the codes already, or the order is not fulfilled with codes',
          ),
        },
      },
    },
    async (request) => {
      const staff = staffOf(request);
      const orderId = await orderOf(staff, request.params.id);
      assertStaffRole(staff, ['admin', 'manager']);
      const result = await correctVouchers(db, orderId, {
        vouchers: request.body.vouchers,
        reason: request.body.reason,
        now: new Date(now()),
        actor: staffActor(staff),
      });
      if (result.kind === 'unknown') throw notFound();
      if (result.kind === 'codeCount') {
        throw validationFailed({
          vouchers: codeCountMessage(result.quantity, request.body.vouchers.length),
        });
      }
      if (result.kind === 'opened') {
        throw new HttpError(409, ErrorCode.conflict, {
          vouchers: `The member opened the codes on ${result.openedAt.toISOString().slice(0, 16).replace('T', ' ')} UTC: they can no longer be changed.`,
        });
      }
      if (result.kind === 'notFulfilled') {
        throw new HttpError(409, ErrorCode.conflict, {
          order: `Order ${orderId} is ${orderStateWords[result.state as keyof typeof orderStateWords] ?? result.state}, with no codes to correct.`,
        });
      }
      return answerOrder(orderId);
    },
  );

  app.post(
    '/s2c/staff/v1/orders/:id/refund',
    {
      onRequest: app.requireStaff,
      schema: {
        tags: ['staff'],
        summary: 'Cancel an order and give its points back',
        description:
          '`reason` (required) is kept in the audit log (`order.refund`) and shown to the member. The points come back through the ledger with the state change, in one transaction; twice is refused. A fulfilled order is never refunded, nor one a voucher provider may hold.',
        params: OrderIdParamsSchema,
        body: OrderRefundSchema,
        response: { 200: dataEnvelope(OrderActionAnswerSchema), ...errors },
      },
    },
    async (request) => {
      const staff = staffOf(request);
      const orderId = await orderOf(staff, request.params.id);
      assertStaffRole(staff, ['admin', 'manager']);
      const result = await refundOrderByStaff(db, orderId, {
        reason: request.body.reason,
        actor: staffActor(staff),
        now: new Date(now()),
      });
      if (result.kind !== 'refunded') refusal(result);
      return answerOrder(orderId);
    },
  );

  app.post(
    '/s2c/staff/v1/orders/:id/retry',
    {
      onRequest: app.requireStaff,
      schema: {
        tags: ['staff'],
        summary: 'Send an order back to the voucher provider’s queue now',
        description:
          'A placed order waiting after a failed call is tried at once; a submitted one (a provider with a status) is asked again. Audited as `order.retry`.',
        params: OrderIdParamsSchema,
        response: { 200: dataEnvelope(OrderActionAnswerSchema), ...errors },
      },
    },
    async (request) => {
      const staff = staffOf(request);
      const orderId = await orderOf(staff, request.params.id);
      assertStaffRole(staff, ['admin', 'manager']);
      const result = await retryOrder(db, orderId, {
        actor: staffActor(staff),
        now: new Date(now()),
        provider: app.config.gifts.provider,
      });
      if (result.kind !== 'queued') refusal(result);
      return answerOrder(orderId);
    },
  );

  done();
};
