import { z } from 'zod';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { dataEnvelope, ErrorBodySchema, ErrorCode } from '@club/contract/envelope';
import {
  BULK_BODY_MAX_BYTES,
  BULK_FILE_MAX_LINES,
  BulkAdjustmentsAnswerSchema,
  BulkFileSchema,
  MEMBER_EXPORT_MAX,
  MemberExportQuerySchema,
} from '@club/contract/staff-bulk';
import { csvDocument, type CsvValue } from '../../lib/csv.js';
import { HttpError, validationFailed } from '../../lib/http-error.js';
import { recordAudit } from '../audit/audit-log.js';
import { dayOf } from '../points/calendar-days.js';
import {
  assertStaffCountry,
  assertStaffRole,
  staffActor,
  staffCountryFilter,
  staffOf,
} from '../staff/staff-access.js';
import type { StaffPrincipal } from '../staff/staff-sessions.js';
import {
  applyBulkAdjustments,
  BulkFileRefused,
  previewBulkAdjustments,
  type BulkStaff,
} from './bulk-adjustments.js';
import { memberListColumns, memberListRows } from './member-list-export.js';

export type BulkAdjustmentsRoutesOptions = { now: () => number };

const fileRules = `Body: \`file\`, the CSV file's text (UTF-8): one adjustment a line as member number, points (positive credits, negative debits) and reason, separated by commas, semicolons or tabs; a first line of column names is left out; at most ${BULK_FILE_MAX_LINES} lines.`;

/**
 * Bulk point adjustments from a CSV file (a preview, then the whole file or
 * nothing) and the member export, for the members area of the console.
 */
export const bulkAdjustmentsRoutes: FastifyPluginCallbackZod<BulkAdjustmentsRoutesOptions> = (
  app,
  { now },
  done,
) => {
  const { db, config } = app;

  const bulkStaff = (staff: StaffPrincipal): BulkStaff => ({
    actor: staffActor(staff),
    countries: staffCountryFilter(staff),
    dailyLimit:
      staff.role === 'support'
        ? { pointsPerMemberPerDay: config.staff.supportAdjustmentLimit }
        : undefined,
  });

  const fileRefused = (error: unknown): never => {
    if (error instanceof BulkFileRefused) throw validationFailed({ file: error.message });
    throw error;
  };

  app.post(
    '/s2c/staff/v1/bulk-adjustments/preview',
    {
      onRequest: app.requireStaff,
      bodyLimit: BULK_BODY_MAX_BYTES,
      schema: {
        tags: ['staff'],
        summary: 'Preview a file of point adjustments: every line’s outcome, nothing written',
        description: `${fileRules} Each line is checked as a single adjustment would be, in the file’s order: a member of the staff member’s countries, whole points other than 0, a reason, a debit never more than is available with the file’s earlier lines counted, and for support the limit per member per day. \`applied\` names who applied a file with the same lines, and when.`,
        body: BulkFileSchema,
        response: {
          200: dataEnvelope(BulkAdjustmentsAnswerSchema),
          400: ErrorBodySchema,
          401: ErrorBodySchema,
          413: ErrorBodySchema.describe('A body larger than 3 MB'),
        },
      },
    },
    async (request) => {
      const staff = staffOf(request);
      try {
        return {
          data: await previewBulkAdjustments(db, request.body.file, bulkStaff(staff), dayOf(now())),
        };
      } catch (error) {
        return fileRefused(error);
      }
    },
  );

  app.post(
    '/s2c/staff/v1/bulk-adjustments',
    {
      onRequest: app.requireStaff,
      bodyLimit: BULK_BODY_MAX_BYTES,
      schema: {
        tags: ['staff'],
        summary: 'Apply a file of point adjustments: every line, or none',
        description: `${fileRules} The whole file is applied in one transaction, or nothing of it: each line a ledger entry with its own \`member.adjust-points\` audit entry (reference \`bulk-{fileKey}-{n}\`). Any refused line refuses the file (400, or 403 when a line passes support’s limit per member per day), with every line’s outcome in \`data.lines\`. A file with the same lines as one applied before answers 409 and applies nothing.`,
        body: BulkFileSchema,
        response: {
          200: dataEnvelope(BulkAdjustmentsAnswerSchema),
          400: ErrorBodySchema.describe('A line is refused: nothing was applied (`data.lines`)'),
          401: ErrorBodySchema,
          413: ErrorBodySchema.describe('A body larger than 3 MB'),
          403: ErrorBodySchema.describe('A line passes support’s daily limit: nothing was applied'),
          409: ErrorBodySchema.describe('A file with these lines was applied already'),
        },
      },
    },
    async (request) => {
      const staff = staffOf(request);
      let result;
      try {
        result = await applyBulkAdjustments(db, request.body.file, bulkStaff(staff), dayOf(now()));
      } catch (error) {
        return fileRefused(error);
      }
      const { answer } = result;
      if (result.kind === 'applied-already') {
        throw new HttpError(409, ErrorCode.conflict, {
          file: `A file with these lines was applied on ${answer.applied?.at.slice(0, 16).replace('T', ' ') ?? 'an earlier day'} UTC by ${answer.applied?.by ?? 'someone'}: it is not applied twice`,
          lines: answer.lines,
        });
      }
      if (result.kind === 'refused') {
        const data = {
          file: `${answer.refused} of ${answer.lines.length} lines refused: nothing was applied`,
          lines: answer.lines,
        };
        throw new HttpError(
          result.overLimit ? 403 : 400,
          result.overLimit ? ErrorCode.forbidden : ErrorCode.validation,
          data,
        );
      }
      return { data: answer };
    },
  );

  app.get(
    '/s2c/staff/v1/members.csv',
    {
      onRequest: app.requireStaff,
      schema: {
        tags: ['staff'],
        summary: 'Members as CSV, by country, state and available points',
        description: `Members of the staff member’s countries (\`country\`: one of them; another answers 404), filtered by \`state\` and available points (\`minPoints\`, \`maxPoints\`, inclusive), at most ${MEMBER_EXPORT_MAX.toLocaleString('en-GB')}, in member order. UTF-8 with a byte-order mark, CRLF line ends; text cells a spreadsheet would read as a formula start with a quote. Managers and admins; audited as \`members.export\` with the filter and the count.`,
        querystring: MemberExportQuerySchema,
        produces: ['text/csv'],
        response: {
          200: {
            description: 'The members, as an attachment',
            content: { 'text/csv': { schema: z.string() } },
          },
          400: ErrorBodySchema,
          401: ErrorBodySchema,
          403: ErrorBodySchema.describe('Support staff do not export members'),
          404: ErrorBodySchema.describe('A country the staff member does not work in'),
        },
      },
    },
    async (request, reply) => {
      const staff = staffOf(request);
      assertStaffRole(staff, ['admin', 'manager']);
      const { country, state, minPoints, maxPoints } = request.query;
      if (country) assertStaffCountry(staff, country);
      const filter = {
        countries: country ? [country] : staffCountryFilter(staff),
        state: state || undefined,
        minPoints,
        maxPoints,
      };
      const rows: CsvValue[][] = [memberListColumns];
      for await (const batch of memberListRows(db, filter, MEMBER_EXPORT_MAX)) rows.push(...batch);
      const at = now();
      await db.transaction((tx) =>
        recordAudit(
          tx,
          staffActor(staff),
          {
            action: 'members.export',
            targetType: 'member-list',
            target: country || 'every country',
            countryCode: country || null,
            after: {
              country: country || null,
              state: state || null,
              minPoints: minPoints ?? null,
              maxPoints: maxPoints ?? null,
              members: rows.length - 1,
            },
          },
          new Date(at),
        ),
      );
      const day = new Date(at).toISOString().slice(0, 10);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="members-${day}.csv"`)
        .header('cache-control', 'no-store')
        .send(csvDocument(rows));
    },
  );

  done();
};
