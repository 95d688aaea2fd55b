import type { FastifyRequest } from 'fastify';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { dataEnvelope, ErrorBodySchema, ErrorCode } from '@club/contract/envelope';
import { z } from 'zod';
import {
  AgentPointsQuerySchema,
  ExpiryForecastSchema,
  PointsHistorySchema,
  PointsStatementQuerySchema,
  StatusReportSchema,
} from '@club/contract/points';
import { csvDocument, csvSeparatorFor } from '../../lib/csv.js';
import { formattingLocale } from '@club/contract/locale-tag';
import { HttpError } from '../../lib/http-error.js';
import type { SessionMember } from '../agents/members.js';
import { dayOf } from './calendar-days.js';
import { expiryForecast } from './expiry-forecast.js';
import { pointsHistory } from './points-history.js';
import { pointsStatementRows } from './points-statement.js';
import { statusReport } from './status-report.js';
import { StatusSession } from './status-session.js';

export type PointsRoutesOptions = { now: () => number };

const errors = {
  400: ErrorBodySchema.describe('Invalid input: per-field messages and the request id'),
  401: ErrorBodySchema.describe('No valid session'),
  403: ErrorBodySchema.describe("Another member's number"),
  503: ErrorBodySchema.describe('The database cannot be reached'),
};

/** The signed-in member, when the number is their own; anyone else's is 403. */
function ownNumber(request: FastifyRequest, number: string): SessionMember {
  const member = request.agent;
  if (member === null) throw new HttpError(401, ErrorCode.unauthorized, null);
  if (number !== member.number) throw new HttpError(403, ErrorCode.forbidden, null);
  return member;
}

/**
 * The member's own points: the status report (spec 2 §7), the expiry
 * forecast, the monthly history and the statement download.
 */
export const pointsRoutes: FastifyPluginCallbackZod<PointsRoutesOptions> = (app, options, done) => {
  const { db } = app;
  const { now } = options;
  const statusSession = new StatusSession(db, app.giftsForPoints);

  app.get(
    '/s2c/auth/v1/agent-points',
    {
      onRequest: app.requireMember,
      // The session, the balance and the country's ordering rules in one statement.
      config: { sessionRead: statusSession.read },
      schema: {
        tags: ['points'],
        summary: 'Points status report of the signed-in member (user.statusReport)',
        security: [{ bearer: [] }],
        querystring: AgentPointsQuerySchema,
        response: { 200: dataEnvelope(StatusReportSchema), ...errors },
      },
    },
    async (request) => {
      const member = ownNumber(request, request.query.number);
      const today = dayOf(now());
      const [report, window] = await Promise.all([
        statusReport(
          db,
          member.id,
          today,
          app.giftsForPoints.orderPartnerOff(),
          statusSession.balanceOf(member),
        ),
        statusSession.orderingWindowOf(member, today) ??
          app.giftsForPoints.orderingWindow(member.countryCode, today),
      ]);
      return {
        data: { ...report, orderingClosed: window.closed, orderingReopensOn: window.reopensOn },
      };
    },
  );

  app.get(
    '/s2c/auth/v1/agent-points/forecast',
    {
      onRequest: app.requireMember,
      schema: {
        tags: ['points'],
        summary: 'Points lapsing in each of the next 12 months',
        security: [{ bearer: [] }],
        querystring: AgentPointsQuerySchema,
        response: { 200: dataEnvelope(ExpiryForecastSchema), ...errors },
      },
    },
    async (request) => {
      const member = ownNumber(request, request.query.number);
      return { data: await expiryForecast(db, member.id, dayOf(now())) };
    },
  );

  app.get(
    '/s2c/auth/v1/agent-points/history',
    {
      onRequest: app.requireMember,
      schema: {
        tags: ['points'],
        summary: 'Points earned, spent and expired in each of the last 24 months',
        security: [{ bearer: [] }],
        querystring: AgentPointsQuerySchema,
        response: { 200: dataEnvelope(PointsHistorySchema), ...errors },
      },
    },
    async (request) => {
      const member = ownNumber(request, request.query.number);
      return { data: await pointsHistory(db, member.id, dayOf(now())) };
    },
  );

  app.get(
    '/s2c/auth/v1/agent-points/statement',
    {
      onRequest: app.requireMember,
      schema: {
        tags: ['points'],
        summary: 'The points statement as a CSV download (PNRs, segments, entries with reasons)',
        description:
          'UTF-8 with a byte-order mark, CRLF line ends, separated by semicolons in languages that write decimals with a comma (German, Greek), else by commas; text cells that a spreadsheet would read as a formula start with a quote. `languageCode` words the columns (default: the country’s default language).',
        security: [{ bearer: [] }],
        querystring: PointsStatementQuerySchema,
        produces: ['text/csv'],
        response: {
          200: {
            description: 'The statement, as an attachment',
            content: { 'text/csv': { schema: z.string() } },
          },
          ...errors,
        },
      },
    },
    async (request, reply) => {
      const member = ownNumber(request, request.query.number);
      const today = dayOf(now());
      const { words, locale, languageCode } = await statementLanguage(
        member.countryCode,
        request.query.languageCode,
      );
      const rows = await pointsStatementRows(db, member, words, {
        locale,
        giftNames: (giftIds) => app.giftsForPoints.giftNames(giftIds, languageCode),
      });
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header(
          'content-disposition',
          `attachment; filename="points-statement-${member.number}-${today}.csv"`,
        )
        .header('cache-control', 'no-store')
        .send(csvDocument(rows, csvSeparatorFor(locale)));
    },
  );

  /**
   * The dictionary of the member's country in the asked language, else in its
   * default one, and that language's locale (which picks the CSV separator).
   */
  async function statementLanguage(countryCode: string, languageCode: string | undefined) {
    const country = (await app.contentCache.index()).get(countryCode);
    if (country === undefined) return { words: {}, locale: 'en', languageCode: '' };
    const language =
      country.languages.find((candidate) => candidate.code === languageCode) ??
      country.languages.find((candidate) => candidate.code === country.defaultLanguageCode);
    const code = language?.code ?? country.defaultLanguageCode;
    const words = await app.contentCache.dictionary({ countryCode, languageCode: code });
    return {
      words,
      locale: formattingLocale(language?.shortCode ?? 'en', countryCode),
      languageCode: code,
    };
  }

  done();
};
