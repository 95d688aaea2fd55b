import type { FastifyRequest } from 'fastify';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { dataEnvelope, ErrorBodySchema, ErrorCode } from '@club/contract/envelope';
import {
  AgentPointsQuerySchema,
  ExpiryForecastSchema,
  StatusReportSchema,
} from '@club/contract/points';
import { HttpError } from '../../lib/http-error.js';
import type { SessionMember } from '../agents/members.js';
import { dayOf } from './calendar-days.js';
import { expiryForecast } from './expiry-forecast.js';
import { statusReport } from './status-report.js';

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

/** The member's own points: the status report (spec 2 §7) and the expiry forecast. */
export const pointsRoutes: FastifyPluginCallbackZod<PointsRoutesOptions> = (app, options, done) => {
  const { db } = app;
  const { now } = options;

  app.get(
    '/s2c/auth/v1/agent-points',
    {
      onRequest: app.requireMember,
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
        statusReport(db, member.id, today, app.giftsForPoints.orderPartnerOff()),
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

  done();
};
