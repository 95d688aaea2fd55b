import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { dataEnvelope, ErrorBodySchema, ErrorCode } from '@club/contract/envelope';
import { countryRouteOf } from '@club/contract/host';
import {
  HandoverCodeAnswerSchema,
  HandoverExchangeWireSchema,
  SessionAnswerSchema,
} from '@club/contract/membership';
import { HttpError } from '../../lib/http-error.js';
import type { RequestLimiter } from '../limits/login-limiter.js';
import { siteCountryOf } from '../content/locale.js';
import { tooManyRequests } from '../limits/too-many-requests.js';
import { sessionStatuses, userAnswer, type Members } from './members.js';
import { handoverLifetimeSeconds, issueHandover, useHandover } from './session-handovers.js';
import { endSession, openSession } from './sessions.js';
import { limitAddress } from '../limits/client-address.js';

export type HandoverRoutesOptions = {
  members: Members;
  requestLimiter: RequestLimiter;
  now: () => number;
};

/**
 * The session handover between country sites (decision 026): each country
 * has its own host, so its own browser storage; a member signed in on another
 * country's site is sent to their own with a code, not with the token.
 */
export const handoverRoutes: FastifyPluginCallbackZod<HandoverRoutesOptions> = (
  app,
  options,
  done,
) => {
  const { members, requestLimiter, now } = options;
  const { db, config, contentCache } = app;

  app.post(
    '/s2c/auth/v1/session/handover-code',
    {
      onRequest: app.requireMember,
      schema: {
        tags: ['membership'],
        summary: "A handover code for the site of the member's country",
        description: `Single-use, valid ${handoverLifetimeSeconds} s, only on the site of the member's own country, and only while the session that asked for it is open: a logout, a password change or reset, a confirmed email change, staff ending the sessions or a deletion voids it. A member's other live codes stay valid (two logins at once). The web app sends the member there with \`?handover={code}\` and forgets its own session, which the exchange ends.`,
        security: [{ bearer: [] }],
        response: {
          200: dataEnvelope(HandoverCodeAnswerSchema),
          401: ErrorBodySchema.describe('No valid session'),
          503: ErrorBodySchema.describe('The database cannot be reached'),
        },
      },
    },
    async (request) => {
      const member = request.agent!;
      const country = (await contentCache.index()).get(member.countryCode);
      const code = await issueHandover(
        db,
        { agentId: member.id, sessionId: member.sessionId },
        member.countryCode,
        new Date(now()),
      );
      return {
        data: {
          code,
          countryCode: member.countryCode,
          countryRoute: country === undefined ? '' : countryRouteOf(country),
          expiresInSeconds: handoverLifetimeSeconds,
        },
      };
    },
  );

  app.post(
    '/s2c/auth/v1/session/handover',
    {
      schema: {
        tags: ['membership'],
        summary: 'Exchange a handover code for a session on this site',
        description:
          "The code works once, within its lifetime, while the session that minted it is open, which it then ends (the session moves to this site), on the site of the country it was issued for. The site is the request's host; on the root host, `countryCode` names a country only where that country's site lives on the root host (`/cy`: its subdomain is disabled), else the default country's. Every refusal is the same 401, whatever the reason. Counted per client address like logins.",
        body: HandoverExchangeWireSchema,
        response: {
          200: dataEnvelope(SessionAnswerSchema),
          400: ErrorBodySchema.describe('Malformed input'),
          401: ErrorBodySchema.describe(
            "Unknown, used or expired code, a code for another country's site, a code whose session has ended, or a member who may no longer sign in",
          ),
          429: ErrorBodySchema.describe(
            'Too many exchanges from this client address; see Retry-After',
          ),
          503: ErrorBodySchema.describe('The database cannot be reached'),
        },
      },
    },
    async (request, reply) => {
      const at = new Date(now());
      const allowed = await requestLimiter.take(
        [
          {
            key: `handover-address:${limitAddress(request.ip)}`,
            free: config.loginLimits.freeFailuresPerAddress,
          },
        ],
        at,
      );
      if (!allowed.allowed) throw tooManyRequests(reply, allowed.retryAfterSeconds);
      const { code, countryCode } = request.body;
      const refused = () => {
        request.log.info({ event: 'handover.refused' }, 'session handover refused');
        return new HttpError(401, ErrorCode.unauthorized, { code: 'refused' });
      };
      const siteCountry = siteCountryOf(
        await contentCache.index(),
        request.headers.host ?? '',
        countryCode,
        config,
      );
      const handover = await useHandover(db, code, siteCountry, at);
      if (handover === undefined) throw refused();
      const member = await members.byId(handover.agentId);
      if (member === undefined || !sessionStatuses.includes(member.status)) throw refused();
      // The session moves: the one the member left on the other site ends
      // (the web app there has forgotten it) as this site's begins.
      const token = await db.transaction(async (tx) => {
        await endSession(tx, handover.sessionId, at);
        return openSession(tx, member.id, at, config.sessionLifetimeHours);
      });
      request.log.info({ event: 'handover.used', memberId: member.id }, 'session handed over');
      return { data: { user: userAnswer(member), token } };
    },
  );

  done();
};
