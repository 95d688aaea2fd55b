import { z } from 'zod';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { dataEnvelope, ErrorBodySchema } from '@club/contract/envelope';
import {
  StaffSetupOfferSchema,
  StaffSetupTokenSchema,
  StaffSetupWireSchema,
  staffSetupCodeWrong,
  staffSetupLinkDead,
} from '@club/contract/staff-accounts';
import { notFound, validationFailed } from '../../lib/http-error.js';
import type { RequestLimiter } from '../limits/login-limiter.js';
import { tooManyRequests } from '../limits/too-many-requests.js';
import { completeStaffSetup, staffSetupOffer } from './staff-setup.js';
import { limitAddress } from '../limits/client-address.js';

export type SetupRoutesOptions = { limiter: RequestLimiter; now: () => number };

/** The setup link's two guest calls: what to enrol, then the password and a first code. */
export const setupRoutes: FastifyPluginCallbackZod<SetupRoutesOptions> = (
  app,
  { limiter, now },
  done,
) => {
  const { config } = app;
  const db = app.db;
  const deadLink = () => notFound({ token: staffSetupLinkDead });

  /** Every setup call counts against the client's address: guessing tokens soon waits. */
  const limit = async (ip: string, reply: Parameters<typeof tooManyRequests>[0], at: Date) => {
    const allowed = await limiter.take(
      [
        {
          key: `staff-setup-address:${limitAddress(ip)}`,
          free: config.loginLimits.freeFailuresPerAddress,
        },
      ],
      at,
    );
    if (!allowed.allowed) throw tooManyRequests(reply, allowed.retryAfterSeconds);
  };

  app.get(
    '/s2c/staff/v1/setup',
    {
      schema: {
        tags: ['staff'],
        summary: "A setup link's account and the TOTP secret to enrol",
        description:
          'For the setup screen of a new staff member (or one an admin reset). Unknown, used, replaced and expired links all answer the same 404. Limited per client address.',
        querystring: z.object({ token: StaffSetupTokenSchema }),
        response: {
          200: dataEnvelope(StaffSetupOfferSchema),
          400: ErrorBodySchema,
          404: ErrorBodySchema.describe('No usable setup link with this token'),
          429: ErrorBodySchema.describe('Too many setup calls from this address; see Retry-After'),
        },
      },
    },
    async (request, reply) => {
      const at = new Date(now());
      await limit(request.ip, reply, at);
      const offer = await staffSetupOffer(db, request.query.token, at, config.staff.totpSecretKey);
      if (offer === undefined) throw deadLink();
      void reply.header('cache-control', 'no-store');
      return { data: offer };
    },
  );

  app.post(
    '/s2c/staff/v1/setup',
    {
      schema: {
        tags: ['staff'],
        summary: 'Sets up a staff account: its password and its enrolled code',
        description:
          'Takes the token of the setup link, a password (at least 12 characters, not a common one) and a code of the offered secret, which proves the authenticator app is enrolled. The link then works no more; the staff member logs in with a later code.',
        body: StaffSetupWireSchema,
        response: {
          200: dataEnvelope(z.null()),
          400: ErrorBodySchema.describe('A weak password, or a code that does not match'),
          404: ErrorBodySchema.describe('No usable setup link with this token'),
          429: ErrorBodySchema.describe('Too many setup calls from this address; see Retry-After'),
        },
      },
    },
    async (request, reply) => {
      const at = new Date(now());
      await limit(request.ip, reply, at);
      const result = await completeStaffSetup(db, request.body, at, config.staff.totpSecretKey);
      if (result === 'link-dead') throw deadLink();
      if (result === 'code-wrong') throw validationFailed({ code: staffSetupCodeWrong });
      request.log.info({ event: 'staff.setup' }, 'staff account set up');
      return { data: null };
    },
  );

  done();
};
