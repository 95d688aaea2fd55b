import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { dataEnvelope, ErrorBodySchema, ErrorCode } from '@club/contract/envelope';
import {
  BULK_BODY_MAX_BYTES,
  BULK_FILE_MAX_LINES,
  BulkFileSchema,
  BulkFulfilmentAnswerSchema,
} from '@club/contract/staff-bulk';
import { HttpError, validationFailed } from '../../../lib/http-error.js';
import {
  assertStaffRole,
  staffActor,
  staffCountryFilter,
  staffOf,
} from '../../staff/staff-access.js';
import type { StaffPrincipal } from '../../staff/staff-sessions.js';
import {
  applyBulkFulfilment,
  BulkFulfilmentFileRefused,
  previewBulkFulfilment,
} from './bulk-fulfilment.js';

export type BulkFulfilmentRoutesOptions = { now: () => number };

const fileRules = `Body: \`file\`, the CSV file's text (UTF-8): one order a line, its number then its voucher codes (in the next cells, or in one cell one a line or separated by spaces or commas; none for gifts sent without a code). A first line of column names is left out; one naming \`order\` and \`voucher codes\` columns (as \`orders.csv\` does) says where they are. At most ${BULK_FILE_MAX_LINES} lines.`;

/**
 * Bulk fulfilment from a CSV file (order, codes): a preview, then every
 * order of the file or none. Managers and admins, as the single fulfilment.
 */
export const bulkFulfilmentRoutes: FastifyPluginCallbackZod<BulkFulfilmentRoutesOptions> = (
  app,
  { now },
  done,
) => {
  const { db } = app;
  const bulkStaff = (staff: StaffPrincipal) => ({
    actor: staffActor(staff),
    countries: staffCountryFilter(staff),
  });
  const fileRefused = (error: unknown): never => {
    if (error instanceof BulkFulfilmentFileRefused) throw validationFailed({ file: error.message });
    throw error;
  };

  app.post(
    '/s2c/staff/v1/bulk-fulfilments/preview',
    {
      onRequest: app.requireStaff,
      bodyLimit: BULK_BODY_MAX_BYTES,
      schema: {
        tags: ['staff'],
        summary: 'Preview a file of order fulfilments: every line’s outcome, nothing written',
        description: `${fileRules} Each line is checked as the single fulfilment would be: an order of the staff member’s countries (another country’s reads as unknown), sent to the provider and not fulfilled, one code per gift of the order or none, each order and code once in the file. Managers and admins.`,
        body: BulkFileSchema,
        response: {
          200: dataEnvelope(BulkFulfilmentAnswerSchema),
          400: ErrorBodySchema,
          401: ErrorBodySchema,
          413: ErrorBodySchema.describe('A body larger than 3 MB'),
          403: ErrorBodySchema.describe('Support staff do not fulfil orders'),
        },
      },
    },
    async (request) => {
      const staff = staffOf(request);
      assertStaffRole(staff, ['admin', 'manager']);
      try {
        return { data: await previewBulkFulfilment(db, request.body.file, bulkStaff(staff)) };
      } catch (error) {
        return fileRefused(error);
      }
    },
  );

  app.post(
    '/s2c/staff/v1/bulk-fulfilments',
    {
      onRequest: app.requireStaff,
      bodyLimit: BULK_BODY_MAX_BYTES,
      schema: {
        tags: ['staff'],
        summary: 'Fulfil every order of a file, or none',
        description: `${fileRules} One transaction: each order becomes fulfilled with its codes, the member is mailed them, and \`order.fulfil\` is audited (with the file’s key), as the single fulfilment does. Any refused line refuses the file (400, every line’s outcome in \`data.lines\`), so a file sent twice fulfils nothing the second time. Managers and admins.`,
        body: BulkFileSchema,
        response: {
          200: dataEnvelope(BulkFulfilmentAnswerSchema),
          400: ErrorBodySchema.describe('A line is refused: nothing was fulfilled (`data.lines`)'),
          401: ErrorBodySchema,
          413: ErrorBodySchema.describe('A body larger than 3 MB'),
          403: ErrorBodySchema.describe('Support staff do not fulfil orders'),
        },
      },
    },
    async (request) => {
      const staff = staffOf(request);
      assertStaffRole(staff, ['admin', 'manager']);
      let result;
      try {
        result = await applyBulkFulfilment(
          db,
          request.body.file,
          bulkStaff(staff),
          new Date(now()),
        );
      } catch (error) {
        return fileRefused(error);
      }
      if (result.kind === 'refused') {
        throw new HttpError(400, ErrorCode.validation, {
          file: `${result.answer.refused} of ${result.answer.lines.length} lines refused: nothing was fulfilled`,
          lines: result.answer.lines,
        });
      }
      return { data: result.answer };
    },
  );

  done();
};
