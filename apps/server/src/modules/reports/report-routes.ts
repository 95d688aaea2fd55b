import { asc } from 'drizzle-orm';
import { z } from 'zod';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { dataEnvelope, ErrorBodySchema, ErrorCode } from '@club/contract/envelope';
import {
  LapseForecastSchema,
  MembersByMonthSchema,
  OutstandingSchema,
  RedemptionsByGiftSchema,
  PointsByMonthQuerySchema,
  PointsByMonthSchema,
  ReportCountryQuerySchema,
  StateCountsSchema,
  type ReportCountryQuery,
  type ReportName,
} from '@club/contract/staff-reports';
import type { App } from '../../app-types.js';
import { csvDocument, type CsvValue } from '../../lib/csv.js';
import { HttpError } from '../../lib/http-error.js';
import { countries } from '../content/schema.js';
import { dayOf } from '../points/calendar-days.js';
import { segmentPointsToday } from '../points/segment-points.js';
import type { StaffPrincipal } from '../staff/staff-sessions.js';
import { assertStaffCountry, staffOf } from '../staff/staff-access.js';
import { reportCsvRows } from './report-csv.js';
import {
  lapseForecast,
  membersByMonth,
  membersByState,
  officesByState,
  ordersByState,
  outstanding,
  pointsByMonth,
  redemptionsByGift,
  type ReportScope,
} from './report-queries.js';

export type ReportRoutesOptions = { now: () => number };

const errors = {
  400: ErrorBodySchema.describe('Invalid input: per-field messages and the request id'),
  401: ErrorBodySchema.describe('No live staff session'),
  404: ErrorBodySchema.describe('A country the staff member does not work in'),
};

const csvAnswer = {
  200: {
    description:
      'The report as CSV: UTF-8 with a byte-order mark, CRLF line ends, formula-safe cells',
    content: { 'text/csv': { schema: z.string() } },
  },
  ...errors,
};

/**
 * The countries a report covers: the one asked for (refused with 404 unless
 * the staff member works there, or for an admin unless the club has it), or
 * every country of the staff member.
 */
async function reportScope(
  app: App,
  staff: StaffPrincipal,
  country: string | undefined,
): Promise<ReportScope> {
  const choices =
    staff.role === 'admin'
      ? (
          await app.db.select({ code: countries.code }).from(countries).orderBy(asc(countries.code))
        ).map((row) => row.code)
      : [...staff.countries].sort();
  if (country === undefined) return { countries: choices, country: null, filter: choices };
  assertStaffCountry(staff, country);
  if (!choices.includes(country)) throw new HttpError(404, ErrorCode.notFound, null);
  return { countries: choices, country, filter: [country] };
}

/**
 * The reports (every staff role; only the staff member's countries): each as
 * JSON for the console's charts and as `….csv` for spreadsheets.
 */
export const reportRoutes: FastifyPluginCallbackZod<ReportRoutesOptions> = (app, { now }, done) => {
  const { db } = app;

  function report<Query extends ReportCountryQuery, Answer extends z.ZodType>(
    name: ReportName,
    summary: string,
    description: string,
    querystring: z.ZodType<Query>,
    answer: Answer,
    compute: (scope: ReportScope, query: Query, today: string) => Promise<z.infer<Answer>>,
    csvRows: (report: z.infer<Answer>) => (readonly CsvValue[])[],
  ): void {
    const path = `/s2c/staff/v1/reports/${name}`;
    const run = async (staff: StaffPrincipal, query: Query) => {
      const scope = await reportScope(app, staff, query.country);
      return { scope, data: await compute(scope, query, dayOf(now())) };
    };
    // The helper is generic over its schemas: the routes are typed by the casts below, validated and serialized by the schemas.
    const routes = app as unknown as FastifyInstance;
    routes.get(
      path,
      {
        onRequest: app.requireStaff,
        schema: {
          tags: ['staff'],
          summary,
          description,
          querystring,
          response: { 200: dataEnvelope(answer), ...errors },
        },
      },
      async (request, reply) => {
        const { data } = await run(staffOf(request), request.query as Query);
        return reply.send({ data });
      },
    );
    routes.get(
      `${path}.csv`,
      {
        onRequest: app.requireStaff,
        schema: {
          tags: ['staff'],
          summary: `${summary}, as CSV`,
          description: `${description} English column names; text cells a spreadsheet would read as a formula start with a quote.`,
          querystring,
          produces: ['text/csv'],
          response: csvAnswer,
        },
      },
      async (request, reply) => {
        const { scope, data } = await run(staffOf(request), request.query as Query);
        const rows = csvRows(data);
        return reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header(
            'content-disposition',
            `attachment; filename="${name}-${scope.country ?? 'all'}-${dayOf(now())}.csv"`,
          )
          .header('cache-control', 'no-store')
          .send(csvDocument(rows));
      },
    );
  }

  const countryNote =
    'Only the staff member’s countries: `country` picks one of them (another answers 404); without it the report covers all of them.';

  report(
    'points-by-month',
    'Points earned, spent and expired per month',
    `Earned: segment and additional credits less reversed ones, also split by source (bookings at the base rules, campaigns, claims, staff credits); spent: orders less refunds; expired: lapsed points. \`currentMonth\` names this month, whose figures are so far. The last \`months\` calendar months (default 24) up to this one, from summaries the ledger keeps. ${countryNote}`,
    PointsByMonthQuerySchema,
    PointsByMonthSchema,
    (scope, query, today) => pointsByMonth(db, scope, today, query.months),
    reportCsvRows['points-by-month'],
  );
  report(
    'lapse-forecast',
    'Points that lapse in each of the next 12 months',
    `The open credit lots' points by the month they lapse, this month first (lots already due and not yet lapsed count in it). ${countryNote}`,
    ReportCountryQuerySchema,
    LapseForecastSchema,
    (scope, _query, today) => lapseForecast(db, scope, today),
    reportCsvRows['lapse-forecast'],
  );
  report(
    'outstanding',
    'Outstanding points per country (the programme’s liability)',
    `Per country the members' available points, and separately the points their pending segments will earn. ${countryNote}`,
    ReportCountryQuerySchema,
    OutstandingSchema,
    async (scope) => outstanding(db, scope, await segmentPointsToday(db, dayOf(now()))),
    reportCsvRows['outstanding'],
  );
  report(
    'members-by-state',
    'Members by account state',
    `Members that are pending (email not confirmed), active, asked for deletion, or deleted. ${countryNote}`,
    ReportCountryQuerySchema,
    StateCountsSchema,
    (scope) => membersByState(db, scope),
    reportCsvRows['members-by-state'],
  );
  report(
    'offices-by-state',
    'Offices by state',
    `Offices taking part (active), opted out (inactive), and direct-sales offices (direct). ${countryNote}`,
    ReportCountryQuerySchema,
    StateCountsSchema,
    (scope) => officesByState(db, scope),
    reportCsvRows['offices-by-state'],
  );
  report(
    'orders-by-state',
    'Gift orders by state',
    `Orders placed, submitted to the provider, fulfilled, and failed (refunded). ${countryNote}`,
    ReportCountryQuerySchema,
    StateCountsSchema,
    (scope) => ordersByState(db, scope),
    reportCsvRows['orders-by-state'],
  );

  report(
    'members-by-month',
    'Enrolments and active members per month',
    `Enrolments: accounts registered in the month (whatever became of them since); active: members who earned or redeemed points in the month (a segment, claim or staff credit, or a gift order). \`currentMonth\` names this month, whose figures are so far. The last \`months\` calendar months (default 24) up to this one. ${countryNote}`,
    PointsByMonthQuerySchema,
    MembersByMonthSchema,
    (scope, query, today) => membersByMonth(db, scope, today, query.months),
    reportCsvRows['members-by-month'],
  );
  report(
    'redemptions-by-gift',
    'Gifts redeemed',
    `Per gift the orders, items and points of the orders placed in the last \`months\` calendar months (default 24, \`from\` the first), refunded orders left out; the most points first. ${countryNote}`,
    PointsByMonthQuerySchema,
    RedemptionsByGiftSchema,
    (scope, query, today) => redemptionsByGift(db, scope, today, query.months),
    reportCsvRows['redemptions-by-gift'],
  );

  done();
};
