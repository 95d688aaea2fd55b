import { z } from 'zod';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { dataEnvelope, ErrorBodySchema, ErrorCode } from '@club/contract/envelope';
import type { MessageKey } from '@club/contract/message-catalogue';
import { LoginWireSchema, SessionAnswerSchema } from '@club/contract/membership';
import { messages } from '@club/contract/validation-rules';
import { HttpError } from '../../lib/http-error.js';
import type { DeviceCookies } from './device-cookies.js';
import type { LoginLimiter } from '../limits/login-limiter.js';
import { loginCandidateSelect, userAnswer, type LoginCandidate } from './members.js';
import { dummyPasswordHash, verifyPassword } from './password.js';
import { bearerToken, hashToken } from './session-tokens.js';
import { revokeSession, sessionInsert } from './sessions.js';
import { limitAddress } from '../limits/client-address.js';

export type LoginRoutesOptions = {
  limiter: LoginLimiter;
  deviceCookies: DeviceCookies;
  now: () => number;
};

/** Message keys of the login answers, worded in the request's language by the error handler. */
export const loginMessages = {
  deleted: 'member.message.deleted',
  pending: 'member.message.pending',
  tooManyAttempts: 'member.message.tooManyAttempts',
} as const satisfies Record<string, MessageKey>;

const invalidCredentials = () =>
  new HttpError(401, ErrorCode.unauthorized, { username: messages.invalidCredentials });

/** Login and logout (spec 1 §2 "Login", §7). */
export const loginRoutes: FastifyPluginCallbackZod<LoginRoutesOptions> = (app, options, done) => {
  const { limiter, deviceCookies, now } = options;
  const { db, config } = app;

  app.post(
    '/s2c/auth/v1/token/agent',
    {
      schema: {
        tags: ['membership'],
        summary: 'Log in with member number (username) and password',
        body: LoginWireSchema,
        response: {
          200: dataEnvelope(SessionAnswerSchema),
          400: ErrorBodySchema.describe(
            "Malformed input; a number that is not digits gives { username: 'Invalid Username or Password' }",
          ),
          401: ErrorBodySchema.describe("{ username: 'Invalid Username or Password' }"),
          403: ErrorBodySchema.describe(
            'The email address is not confirmed yet (double opt-in); or, with the right password, the account was deleted and can still be restored (`restore: true`)',
          ),
          429: ErrorBodySchema.describe(
            'Too many failed attempts for this number or address; see Retry-After. A browser with a valid device cookie for the number (set by a successful login) is not held back by them.',
          ),
          503: ErrorBodySchema.describe('The database cannot be reached'),
        },
      },
    },
    async (request, reply) => {
      const { username: number, password } = request.body;
      const started = new Date(now());
      const cookies = request.headers.cookie;
      // A browser this member logged in with before has its own small budget (decision 020).
      const deviceNonce = await deviceCookies.trustedNonce(cookies, number, started);
      const gate = await limiter.attempt<LoginCandidate>(
        number,
        limitAddress(request.ip),
        started,
        loginCandidateSelect(number),
        deviceNonce,
      );
      if (!gate.allowed) {
        request.log.info({ event: 'login.failed', reason: 'too many attempts' }, 'login failed');
        void reply.header('retry-after', String(gate.retryAfterSeconds));
        throw new HttpError(429, ErrorCode.tooManyRequests, {
          username: loginMessages.tooManyAttempts,
        });
      }
      const member = gate.row;
      // Unknown numbers are checked against a dummy hash, so the answer takes as long.
      const correct = await verifyPassword(
        member?.passwordHash ?? (await dummyPasswordHash()),
        password,
      );
      if (member !== undefined && correct && member.status === 'deleted') {
        // The right password proves the account is theirs: offer its restore
        // (the purge removes it after its retention time; then it is unknown).
        request.log.info(
          { event: 'login.failed', reason: 'deleted member, restorable', memberId: member.id },
          'login failed',
        );
        await limiter.succeeded(gate.attempt);
        throw new HttpError(403, ErrorCode.forbidden, {
          username: loginMessages.deleted,
          restore: true,
        });
      }
      if (member === undefined || !correct || member.status === 'deleted') {
        // Ids only: never the password, and no number that matches no member (it may be a mistyped password).
        request.log.info(
          {
            event: 'login.failed',
            reason:
              member === undefined
                ? 'unknown number'
                : member.status === 'deleted'
                  ? 'deleted member'
                  : 'wrong password',
            memberId: member?.id,
          },
          'login failed',
        );
        throw invalidCredentials();
      }
      if (member.status === 'pending') {
        request.log.info(
          { event: 'login.failed', reason: 'email not confirmed', memberId: member.id },
          'login failed',
        );
        await limiter.succeeded(gate.attempt);
        throw new HttpError(403, ErrorCode.forbidden, { username: loginMessages.pending });
      }
      const session = sessionInsert(db, member.id, started, config.sessionLifetimeHours);
      await limiter.succeeded(gate.attempt, session.statement);
      void reply.header('set-cookie', await deviceCookies.issue(cookies, member.number, started));
      const token = session.token;
      return { data: { user: userAnswer(member), token } };
    },
  );

  app.post(
    '/s2c/auth/v1/agents/logout',
    {
      schema: {
        tags: ['membership'],
        summary: "Log out: the bearer token's session ends",
        description:
          'Answers 200 also without a valid token (the web app treats any logout as done).',
        response: { 200: dataEnvelope(z.null()), 503: ErrorBodySchema },
      },
    },
    async (request) => {
      const token = bearerToken(request.headers.authorization);
      if (token !== undefined) await revokeSession(db, hashToken(token), new Date(now()));
      return { data: null };
    },
  );

  done();
};
