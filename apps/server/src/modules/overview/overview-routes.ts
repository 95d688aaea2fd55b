import { asc } from 'drizzle-orm';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { dataEnvelope, ErrorBodySchema, ErrorCode } from '@club/contract/envelope';
import {
  ALERTS_ENDING_SOON_DAYS,
  FAILED_ORDERS_DAYS,
  LOW_STOCK_AT_MOST,
  OVERVIEW_COUNT_CAP,
  OverviewQuerySchema,
  OverviewSchema,
  type Overview,
} from '@club/contract/staff-overview';
import type { Database } from '../../db/client.js';
import { HttpError } from '../../lib/http-error.js';
import { countries } from '../content/schema.js';
import { assertStaffCountry, staffOf } from '../staff/staff-access.js';
import type { StaffPrincipal } from '../staff/staff-sessions.js';
import { overviewCounts, type OverviewScope } from './overview-counters.js';

export type OverviewRoutesOptions = { now: () => number };

/**
 * The countries the overview covers: the one asked for (404 unless the staff
 * member works there, or for an admin unless the club has it), or every
 * country of the staff member; and the countries they may choose.
 */
async function overviewScope(
  db: Database,
  staff: StaffPrincipal,
  country: string | undefined,
): Promise<{ countries: string[]; country: string | null; filter: string[] | null }> {
  const admin = staff.role === 'admin';
  const choices = admin
    ? (await db.select({ code: countries.code }).from(countries).orderBy(asc(countries.code))).map(
        (row) => row.code,
      )
    : [...staff.countries].sort();
  if (country === undefined)
    return { countries: choices, country: null, filter: admin ? null : choices };
  assertStaffCountry(staff, country);
  if (!choices.includes(country)) throw new HttpError(404, ErrorCode.notFound, null);
  return { countries: choices, country, filter: [country] };
}

/** The console's Overview: what is waiting for staff, in their countries (every role). */
export const overviewRoutes: FastifyPluginCallbackZod<OverviewRoutesOptions> = (
  app,
  { now },
  done,
) => {
  const { db } = app;

  app.get(
    '/s2c/staff/v1/overview',
    {
      onRequest: app.requireStaff,
      schema: {
        tags: ['staff'],
        summary:
          'What is waiting for staff: the counts of the Overview, each for a filtered screen',
        description: `Every role, the staff member’s countries only (\`country\`: one of them; another answers 404). Orders waiting for fulfilment (\`submitted\`), orders failed (refunded) placed in the last ${FAILED_ORDERS_DAYS} days (from \`failedSince\`), each counted up to ${OVERVIEW_COUNT_CAP} (\`countsCapped\`); tax details waiting for a decision with the oldest five; the latest booking import the staff member may see with its rejected lines; active gifts with ${LOW_STOCK_AT_MOST} or fewer items left; open missing-points claims with the oldest one's filing time; service alerts ending within ${ALERTS_ENDING_SOON_DAYS} days, with the one that ends first.`,
        querystring: OverviewQuerySchema,
        response: {
          200: dataEnvelope(OverviewSchema),
          400: ErrorBodySchema.describe('Invalid input: per-field messages and the request id'),
          401: ErrorBodySchema.describe('No live staff session'),
          404: ErrorBodySchema.describe('A country the staff member does not work in'),
        },
      },
    },
    async (request) => {
      const staff = staffOf(request);
      const {
        countries: choices,
        country,
        filter,
      } = await overviewScope(db, staff, request.query.country);
      const scope: OverviewScope = { filter, admin: staff.role === 'admin', now: new Date(now()) };
      const data: Overview = {
        country,
        countries: choices,
        ...(await overviewCounts(db, scope)),
      };
      return { data };
    },
  );

  done();
};
