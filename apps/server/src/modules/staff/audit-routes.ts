import { z } from 'zod';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { dataEnvelope, ErrorBodySchema } from '@club/contract/envelope';
import {
  AUDIT_COUNT_CAP,
  AuditActionsSchema,
  AuditFilterSchema,
  AuditPageSchema,
  AuditQuerySchema,
  type AuditEntry,
} from '@club/contract/staff-audit';
import { csvDocument, type CsvValue } from '../../lib/csv.js';
import {
  auditActions,
  auditExport,
  auditExportLimit,
  auditPage,
  type AuditScope,
} from '../audit/audit-query.js';
import type { StaffPrincipal } from './staff-sessions.js';
import { staffOf } from './staff-access.js';

export type AuditRoutesOptions = { now: () => number };

/** An admin reads the whole log; managers and support their countries' entries and their own. */
function scopeOf(staff: StaffPrincipal): AuditScope {
  return staff.role === 'admin' ? null : { countries: staff.countries, staffId: staff.id };
}

const csvHeader = [
  'Time',
  'Staff',
  'Action',
  'Target type',
  'Target',
  'Country',
  'Reason',
  'Before',
  'After',
];

const json = (value: unknown): string | null =>
  value === null || value === undefined ? null : JSON.stringify(value);

function csvRow(entry: AuditEntry): CsvValue[] {
  return [
    entry.at,
    entry.staff,
    entry.action,
    entry.targetType,
    entry.target,
    entry.countryCode,
    entry.reason,
    json(entry.before),
    json(entry.after),
  ];
}

const errors = { 400: ErrorBodySchema, 401: ErrorBodySchema };

/** The audit log for every role, scoped to what each may see. */
export const auditRoutes: FastifyPluginCallbackZod<AuditRoutesOptions> = (app, { now }, done) => {
  const { db } = app;
  const scopeNote =
    'Admins see every entry; managers and support the entries of their countries and their own.';

  app.get(
    '/s2c/staff/v1/audit',
    {
      onRequest: app.requireStaff,
      schema: {
        tags: ['staff'],
        summary: 'The audit log, newest first, filtered and paged',
        description: `Filters: \`staff\` (the actor: a staff email or \`command-line (user)\`), \`member\` (a member number), \`action\`, \`targetType\` and \`target\`, \`from\` and \`to\` (a date, which counts whole in UTC, or a date-time). \`page\` starts at 0; \`pageSize\` at most 100. \`total\` counts up to ${AUDIT_COUNT_CAP} (\`totalCapped\` past it: narrow the filter for older entries). ${scopeNote}`,
        querystring: AuditQuerySchema,
        response: { 200: dataEnvelope(AuditPageSchema), ...errors },
      },
    },
    async (request) => {
      const { page, pageSize, ...filter } = request.query;
      return { data: await auditPage(db, filter, scopeOf(staffOf(request)), { page, pageSize }) };
    },
  );

  app.get(
    '/s2c/staff/v1/audit.csv',
    {
      onRequest: app.requireStaff,
      schema: {
        tags: ['staff'],
        summary: 'The filtered audit log as a CSV download',
        description: `The filters of \`GET /s2c/staff/v1/audit\`, newest first, at most ${auditExportLimit} entries; before and after as JSON. UTF-8 with a byte-order mark, CRLF line ends; text cells that a spreadsheet would read as a formula start with a quote. ${scopeNote}`,
        querystring: AuditFilterSchema,
        produces: ['text/csv'],
        response: {
          200: {
            description: 'The entries, as an attachment',
            content: { 'text/csv': { schema: z.string() } },
          },
          ...errors,
        },
      },
    },
    async (request, reply) => {
      const entries = await auditExport(db, request.query, scopeOf(staffOf(request)));
      const day = new Date(now()).toISOString().slice(0, 10);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="audit-${day}.csv"`)
        .header('cache-control', 'no-store')
        .send(csvDocument([csvHeader, ...entries.map(csvRow)]));
    },
  );

  app.get(
    '/s2c/staff/v1/audit/actions',
    {
      onRequest: app.requireStaff,
      schema: {
        tags: ['staff'],
        summary: 'The actions found in the audit log (the filter’s choices)',
        response: { 200: dataEnvelope(AuditActionsSchema), 401: ErrorBodySchema },
      },
    },
    async () => ({ data: { actions: await auditActions(db) } }),
  );

  done();
};
