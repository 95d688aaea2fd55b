import { z } from 'zod';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { dataEnvelope, ErrorBodySchema } from '@club/contract/envelope';
import type { MessageKey } from '@club/contract/message-catalogue';
import { EnrollNotifyWireSchema, OfficeDataSchema } from '@club/contract/membership';
import { messages } from '@club/contract/validation-rules';
import { notFound, validationFailed } from '../../lib/http-error.js';
import { RequestLimiter } from '../limits/login-limiter.js';
import { tooManyRequests } from '../limits/too-many-requests.js';
import { enqueueMail } from '../mail/outbox.js';
import {
  findOffice,
  officeData,
  recordEnrollRequest,
  storeNotifyRequest,
  type Office,
} from './offices-repository.js';
import { limitAddress } from '../limits/client-address.js';

export type OfficesRoutesOptions = { now: () => number };

/** Bounded, so that a long path is a plain "not found"; anything unknown answers 404. */
const OfficeParamsSchema = z.object({
  id: z.string().max(64),
  countryCode: z.string().max(8),
});

const LanguageQuerySchema = z.object({ languageCode: z.string().max(8).optional() });

const officeNotFound = () => notFound({ officeId: messages.officeNotFound });

const errors = {
  400: ErrorBodySchema.describe('Invalid input: per-field messages and the request id'),
  404: ErrorBodySchema.describe("{ officeId: 'Office ID not found' }"),
  503: ErrorBodySchema.describe('The database cannot be reached'),
};

const enrollErrors = {
  ...errors,
  429: ErrorBodySchema.describe(
    'Too many enroll calls from this client address (ENROLL_ADDRESS_FREE_REQUESTS) or notify requests for this office (ENROLL_NOTIFY_OFFICE_FREE_REQUESTS); see Retry-After',
  ),
};

export const waitingListFull = 'member.message.waitingListFull' satisfies MessageKey;

/** Office lookup and the decision-maker requests of registration (spec 1 §2 steps 2 and 6). */
export const officesRoutes: FastifyPluginCallbackZod<OfficesRoutesOptions> = (
  app,
  options,
  done,
) => {
  const { db, config, contentCache } = app;
  const limiter = new RequestLimiter(db, config.loginLimits);
  const { enrollRequestsPerAddress, notifyRequestsPerOffice, notifyWaitingPerOffice } =
    config.requestLimits;
  const addressLimit = (ip: string) => ({
    key: `enroll-address:${limitAddress(ip)}`,
    free: enrollRequestsPerAddress,
  });

  const officeOf = async (params: z.infer<typeof OfficeParamsSchema>): Promise<Office> => {
    const office = await findOffice(db, params.id, params.countryCode);
    if (office === undefined) throw officeNotFound();
    return office;
  };

  /** The requested language when the office's country has it, else the country's default. */
  const languageOf = async (countryCode: string, requested: string | undefined) => {
    const country = (await contentCache.index()).get(countryCode);
    if (country === undefined) return requested ?? 'eng';
    const wanted = requested?.toLowerCase();
    return country.languages.some((language) => language.code === wanted)
      ? wanted!
      : country.defaultLanguageCode;
  };

  app.get(
    '/s2c/auth/v1/offices/:id/:countryCode',
    {
      schema: {
        tags: ['membership'],
        summary: 'Office lookup',
        description: 'The office ID is matched case-insensitively, within the given country.',
        params: OfficeParamsSchema,
        response: { 200: dataEnvelope(OfficeDataSchema), ...errors },
      },
    },
    async (request) => ({ data: officeData(await officeOf(request.params)) }),
  );

  app.post(
    '/s2c/auth/v1/offices/:id/:countryCode/enroll/push',
    {
      schema: {
        tags: ['membership'],
        summary: "Ask the office's decision maker for access",
        description: `Records the request and emails the decision maker of an inactive office an opt-in link, at most once per office per quiet period (ENROLL_QUIET_HOURS).`,
        params: OfficeParamsSchema,
        querystring: LanguageQuerySchema,
        response: { 200: dataEnvelope(z.object({ requested: z.literal(true) })), ...enrollErrors },
      },
    },
    async (request, reply) => {
      const allowed = await limiter.take([addressLimit(request.ip)], new Date(options.now()));
      if (!allowed.allowed) throw tooManyRequests(reply, allowed.retryAfterSeconds);
      const office = await officeOf(request.params);
      const languageCode = await languageOf(office.countryCode, request.query.languageCode);
      await db.transaction(async (tx) => {
        const { mail } = await recordEnrollRequest(
          tx,
          office,
          new Date(options.now()),
          config.enrollQuietHours,
        );
        if (mail) {
          const url = await app.officeOptInLinks.optInLink(tx, office.officeId, options.now());
          await enqueueMail(tx, {
            to: office.decisionMakerEmail!,
            template: 'decision-maker-request',
            countryCode: office.countryCode,
            languageCode,
            // The agent is not registered yet, so there is no name to give.
            variables: {
              officeId: office.officeId,
              agencyName: office.agencyName,
              agentName: '',
              link: url,
            },
          });
        }
      });
      return { data: { requested: true as const } };
    },
  );

  app.post(
    '/s2c/auth/v1/offices/:id/:countryCode/enroll/notify',
    {
      schema: {
        tags: ['membership'],
        summary: 'Be told when the office joins the club',
        description:
          'An address already waiting for the office is stored once; the waiting list holds at most ENROLL_NOTIFY_MAX_WAITING addresses per office (400 on email when full).',
        params: OfficeParamsSchema,
        body: EnrollNotifyWireSchema.extend({ languageCode: z.string().max(8).optional() }),
        response: { 200: dataEnvelope(z.object({ stored: z.literal(true) })), ...enrollErrors },
      },
    },
    async (request, reply) => {
      const at = new Date(options.now());
      // The office is only known to exist after the lookup; its key is counted after it.
      const byAddress = await limiter.take([addressLimit(request.ip)], at);
      if (!byAddress.allowed) throw tooManyRequests(reply, byAddress.retryAfterSeconds);
      const office = await officeOf(request.params);
      const byOffice = await limiter.take(
        [{ key: `notify-office:${office.officeId}`, free: notifyRequestsPerOffice }],
        at,
      );
      if (!byOffice.allowed) throw tooManyRequests(reply, byOffice.retryAfterSeconds);
      const languageCode = await languageOf(office.countryCode, request.body.languageCode);
      const stored = await storeNotifyRequest(
        db,
        office,
        request.body.email,
        languageCode,
        at,
        notifyWaitingPerOffice,
      );
      if (stored === 'full') throw validationFailed({ email: waitingListFull });
      return { data: { stored: true as const } };
    },
  );

  done();
};
