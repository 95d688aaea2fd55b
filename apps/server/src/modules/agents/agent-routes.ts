import { z } from 'zod';
import { eq } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { dataEnvelope, ErrorBodySchema, ErrorCode } from '@club/contract/envelope';
import { ProfileUpdateWireSchema, UserSchema } from '@club/contract/membership';
import { HttpError } from '../../lib/http-error.js';
import { checkCurrentPassword } from './current-password.js';
import type { LoginLimiter, RequestLimiter } from '../limits/login-limiter.js';
import type { RequestQuota } from '../limits/request-quota.js';
import { memberMessages, signFor } from './member-rules.js';
import { userAnswer, type Members, type SessionMember } from './members.js';
import { hashPassword } from './password.js';
import { agents } from './schema.js';
import { currentTermsVersion } from './terms-version.js';
import { limitAddress } from '../limits/client-address.js';

export type AgentRoutesOptions = {
  members: Members;
  limiter: LoginLimiter;
  requestLimiter: RequestLimiter;
  quota: RequestQuota;
  now: () => number;
};

/** Any text: an id that is not the member's own answers 403 whatever it looks like. */
const AgentParamsSchema = z.object({ id: z.string().max(32) });

const errors = {
  400: ErrorBodySchema.describe('Invalid input: per-field messages and the request id'),
  401: ErrorBodySchema.describe('No valid session'),
  403: ErrorBodySchema.describe("Another member's record"),
  429: ErrorBodySchema.describe(
    'Too many wrong passwords for this number or address (on `oldPassword`), or too many new email addresses asked for by this member or address (on `email`); see Retry-After',
  ),
  503: ErrorBodySchema.describe('The database cannot be reached'),
};

/** The signed-in member, when the id is their own; anyone else's record is 403. */
function ownRecord(request: FastifyRequest, id: string): SessionMember {
  const member = request.agent;
  if (member === null) throw new HttpError(401, ErrorCode.unauthorized, null);
  if (id !== String(member.id)) throw new HttpError(403, ErrorCode.forbidden, null);
  return member;
}

/** A member's own record: read, update, accept the terms (spec 1 §7, spec 2 §6 "Terms gate"). */
export const agentRoutes: FastifyPluginCallbackZod<AgentRoutesOptions> = (app, options, done) => {
  const { members, limiter, requestLimiter, quota, now } = options;
  const { db } = app;
  /** A new email mails two addresses: limited per member and per client address. */
  const takeEmailChange = async (
    request: FastifyRequest,
    reply: FastifyReply,
    memberId: number,
    at: Date,
  ) => {
    const { emailChanges } = app.config;
    const byAddress = await requestLimiter.take(
      [{ key: `email-change-address:${limitAddress(request.ip)}`, free: emailChanges.perAddress }],
      at,
    );
    const taken = byAddress.allowed
      ? await quota.take(
          `email-change-member:${memberId}`,
          { quietMs: app.config.mail.resendQuietMs, perDay: emailChanges.perMemberPerDay },
          at,
        )
      : byAddress;
    if (!taken.allowed) {
      void reply.header('retry-after', String(taken.retryAfterSeconds));
      throw new HttpError(429, ErrorCode.tooManyRequests, {
        email: memberMessages.tooManyAttempts,
      });
    }
  };
  const user = async (id: number) => {
    const member = await members.byId(id);
    // The member was removed between the session check and now.
    if (member === undefined) throw new HttpError(401, ErrorCode.unauthorized, null);
    return { data: userAnswer(member) };
  };

  app.get(
    '/s2c/auth/v1/agents/:id',
    {
      onRequest: app.requireMember,
      schema: {
        tags: ['membership'],
        summary: "The signed-in member's record (user check)",
        security: [{ bearer: [] }],
        params: AgentParamsSchema,
        response: { 200: dataEnvelope(UserSchema), ...errors },
      },
    },
    (request) => ({ data: userAnswer(ownRecord(request, request.params.id)) }),
  );

  app.put(
    '/s2c/auth/v1/agents/:id',
    {
      onRequest: app.requireMember,
      schema: {
        tags: ['membership'],
        summary: 'Profile update',
        description:
          'An empty password keeps the old one. A new password or a new email needs the current ' +
          'password (`oldPassword`: 400 when missing or wrong, counted like a failed login, 429 ' +
          'while blocked). A new password ends every other session of the member and voids their ' +
          'emailed links; a new email is only mailed a confirmation link (the answer keeps the ' +
          'current email until it is followed), and the current address is told. An address that ' +
          "is another member's gets the same answer, and its owner a mail that nothing changed. " +
          'New emails are limited per member (one per MAIL_RESEND_QUIET_SECONDS, ' +
          'EMAIL_CHANGES_PER_DAY a day) and per client address (EMAIL_CHANGE_ADDRESS_FREE_REQUESTS): ' +
          '429 on `email` with Retry-After, nothing saved.',
        security: [{ bearer: [] }],
        params: AgentParamsSchema,
        body: ProfileUpdateWireSchema,
        response: { 200: dataEnvelope(UserSchema), ...errors },
      },
    },
    async (request, reply) => {
      const member = ownRecord(request, request.params.id);
      const body = request.body;
      const at = new Date(now());
      const newPassword = body.password !== '';
      const newEmail = body.email !== member.email;
      if (newPassword || newEmail) {
        await checkCurrentPassword(limiter, request, reply, member, body.oldPassword, at);
      }
      // Counted alike for any address, registered or not, before anything is saved or mailed.
      if (newEmail) await takeEmailChange(request, reply, member.id, at);
      const passwordHash = newPassword ? await hashPassword(body.password) : undefined;
      const links = app.accountLinkFlows.flows;
      await db.transaction(async (tx) => {
        await tx
          .update(agents)
          .set({
            title: body.title,
            giftDeliveryAddress: body.giftDeliveryAddress,
            phone: body.phone,
            birthdayDay: body.birthdayDay,
            birthdayMonth: body.birthdayMonth,
            newsletter: body.newsletter,
            sign: signFor(member.countryCode, body.sign),
            ...(passwordHash === undefined ? {} : { passwordHash }),
          })
          .where(eq(agents.id, member.id));
        if (passwordHash !== undefined) {
          await links.endAccessAfterCredentialChange(tx, member.id, at, member.sessionId);
          await links.notifyPasswordChanged(tx, member);
        }
        // The email itself changes only when the link mailed to it is followed.
        if (newEmail) await links.requestEmailChange(tx, member, body.email);
      });
      return user(member.id);
    },
  );

  app.post(
    '/s2c/auth/v1/agents/:id/terms-acceptance',
    {
      onRequest: app.requireMember,
      schema: {
        tags: ['membership'],
        summary: "The member accepts the terms and conditions (the terms dialog's Ok)",
        description:
          "Records the acceptance of the version of the terms the member's country publishes " +
          "now (its content's `termsVersion`); `agentAcceptedTermsAndConditions` stays true " +
          'until the country publishes another version.',
        security: [{ bearer: [] }],
        params: AgentParamsSchema,
        response: { 200: dataEnvelope(UserSchema), ...errors },
      },
    },
    async (request) => {
      const member = ownRecord(request, request.params.id);
      await db
        .update(agents)
        .set({
          termsAcceptedAt: new Date(now()),
          acceptedTermsVersion: currentTermsVersion(member.countryCode),
        })
        .where(eq(agents.id, member.id));
      return user(member.id);
    },
  );

  done();
};
