import { and, arrayOverlaps, count, desc, eq, getTableColumns, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { dataEnvelope, ErrorBodySchema, ErrorCode } from '@club/contract/envelope';
import {
  BookingImportDetailSchema,
  BookingImportPageSchema,
  BookingUploadQuerySchema,
  bookingsUploadContentType,
  bookingsUploadMaxBytes,
  StaffPageQuerySchema,
} from '@club/contract/staff-bookings';
import { HttpError, notFound } from '../../../../lib/http-error.js';
import {
  assertStaffRole,
  staffActor,
  staffCountryFilter,
  staffOf,
} from '../../../staff/staff-access.js';
import type { StaffPrincipal } from '../../../staff/staff-sessions.js';
import { dayOf } from '../../calendar-days.js';
import { bookingImports } from '../../schema.js';
import { ImportFailed } from '../import-bookings.js';
import { importBookingsRecorded, importDetail, importListed } from '../import-history.js';
import { textLines } from '../queue-lines.js';

export type BookingsStaffRoutesOptions = { now: () => number };

const PAGE_SIZE = 25;

const ImportParamsSchema = z.object({
  // Digits in the path (the document's parameter is a string), read as a number.
  id: z
    .string()
    .regex(/^[1-9]\d{0,8}$/, 'An import number')
    .transform(Number),
});

/**
 * The imports a staff member may see: an admin every one; a manager or
 * support the uploads that kept to their countries (an admin's upload, the
 * command's and the queue's span every country and may hold other countries'
 * PNRs and member numbers in their rejected lines).
 */
function visibleImports(staff: StaffPrincipal): SQL | undefined {
  const countries = staffCountryFilter(staff);
  return countries === null ? undefined : arrayOverlaps(bookingImports.countries, countries);
}

/** Managers and admins upload (support reads), JSON Lines only. */
function uploadAllowed(
  request: FastifyRequest,
  _reply: unknown,
  done: (error?: Error) => void,
): void {
  try {
    refuseUpload(request);
    done();
  } catch (error) {
    done(error as Error);
  }
}

function refuseUpload(request: FastifyRequest): void {
  assertStaffRole(staffOf(request), ['admin', 'manager']);
  const type = request.headers['content-type']?.split(';')[0]?.trim().toLowerCase();
  if (type !== bookingsUploadContentType) {
    throw new HttpError(415, ErrorCode.validation, {
      body: `Send the file as ${bookingsUploadContentType}`,
    });
  }
}

/** The staff console's bookings area: uploads of booking-queue files and the import history. */
export const bookingsStaffRoutes: FastifyPluginCallbackZod<BookingsStaffRoutesOptions> = (
  app,
  { now },
  done,
) => {
  const { db } = app;

  // In this plugin's scope only, like the queue call's.
  app.addContentTypeParser(
    bookingsUploadContentType,
    { parseAs: 'string', bodyLimit: bookingsUploadMaxBytes },
    (_request, body, parsed) => parsed(null, body),
  );

  app.post(
    '/s2c/staff/v1/bookings/imports',
    {
      // Before the body is read: a refused role or content type uploads nothing.
      onRequest: [app.requireStaff, uploadAllowed],
      bodyLimit: bookingsUploadMaxBytes,
      schema: {
        tags: ['staff'],
        summary: 'Upload a booking-queue file (JSON Lines) and import it',
        description: `Body: \`${bookingsUploadContentType}\`, the file's text (docs/bookings.md), at most ${bookingsUploadMaxBytes} bytes (larger files: \`npm run bookings:import\`). The same batched import as the command and the queue call. Managers and admins; a manager's lines naming a member, an office or a PNR of another country are refused with their reason and change nothing. Answers the import as recorded in the history: its summary and every rejected line (the first 1,000) with its line number and reason.`,
        consumes: [bookingsUploadContentType],
        querystring: BookingUploadQuerySchema,
        body: z.string(),
        response: {
          200: dataEnvelope(BookingImportDetailSchema),
          400: ErrorBodySchema,
          401: ErrorBodySchema,
          403: ErrorBodySchema.describe('Support staff read only'),
          413: ErrorBodySchema.describe(`More than ${bookingsUploadMaxBytes} bytes`),
          415: ErrorBodySchema.describe(`Another content type than ${bookingsUploadContentType}`),
          503: ErrorBodySchema.describe('The database cannot be reached'),
        },
      },
    },
    async (request) => {
      const staff = staffOf(request);
      const countries = staffCountryFilter(staff);
      try {
        const recorded = await importBookingsRecorded(
          db,
          textLines(request.body),
          { today: dayOf(now()) },
          {
            actor: staffActor(staff),
            source: 'console',
            fileName: request.query.fileName,
            ...(countries === null ? {} : { countries }),
            now,
          },
        );
        return { data: recorded };
      } catch (error) {
        // The error handler tells an unreachable database (503) from a fault (500).
        if (error instanceof ImportFailed) throw error.cause;
        throw error;
      }
    },
  );

  app.get(
    '/s2c/staff/v1/bookings/imports',
    {
      onRequest: app.requireStaff,
      schema: {
        tags: ['staff'],
        summary: 'The booking import history: console uploads, the import command and the queue',
        description: `Newest first, ${PAGE_SIZE} a page. Managers and support see the uploads that kept to their countries.`,
        querystring: StaffPageQuerySchema,
        response: {
          200: dataEnvelope(BookingImportPageSchema),
          400: ErrorBodySchema,
          401: ErrorBodySchema,
        },
      },
    },
    async (request) => {
      const where = visibleImports(staffOf(request));
      const { page } = request.query;
      const { rejectedLines, ...listed } = getTableColumns(bookingImports);
      void rejectedLines; // The list leaves the rejected lines out.
      const [rows, [total]] = await Promise.all([
        db
          .select(listed)
          .from(bookingImports)
          .where(where)
          .orderBy(desc(bookingImports.startedAt), desc(bookingImports.id))
          .limit(PAGE_SIZE)
          .offset((page - 1) * PAGE_SIZE),
        db.select({ total: count() }).from(bookingImports).where(where),
      ]);
      return {
        data: {
          items: rows.map(importListed),
          total: total?.total ?? 0,
          page,
          pageSize: PAGE_SIZE,
        },
      };
    },
  );

  app.get(
    '/s2c/staff/v1/bookings/imports/:id',
    {
      onRequest: app.requireStaff,
      schema: {
        tags: ['staff'],
        summary: 'One booking import with its summary and rejected lines',
        params: ImportParamsSchema,
        response: {
          200: dataEnvelope(BookingImportDetailSchema),
          400: ErrorBodySchema,
          401: ErrorBodySchema,
          404: ErrorBodySchema,
        },
      },
    },
    async (request) => {
      const visible = visibleImports(staffOf(request));
      const [row] = await db
        .select()
        .from(bookingImports)
        .where(and(eq(bookingImports.id, request.params.id), visible));
      if (row === undefined) throw notFound();
      return { data: importDetail(row) };
    },
  );

  done();
};
