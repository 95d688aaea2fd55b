import { z } from 'zod';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { dataEnvelope, ErrorBodySchema, ErrorCode } from '@club/contract/envelope';
import { HttpError } from '../../../lib/http-error.js';
import { partnerProgrammeUrl } from './partner-programme.js';

const errors = {
  401: ErrorBodySchema.describe('No valid session'),
  403: ErrorBodySchema.describe("Another member's record"),
  404: ErrorBodySchema.describe('Not a voucher provider path'),
};

/** `{providerName}order`, e.g. `edenredorder`. */
const ProviderParamsSchema = z.object({ provider: z.string().max(40) });

const PartnerCheckSchema = z.object({
  /** Ordering through the voucher provider is possible now. */
  available: z.boolean().optional(),
  /** The voucher order partner is off (the status report's edenredIsOff). */
  orderPartnerOff: z.boolean().optional(),
});

const PartnerUserParamsSchema = z.object({ id: z.string().max(32) });
const PartnerUserQuerySchema = z.object({
  number: z.string().max(32).optional(),
  /** Accepted as the spec sends it, and ignored: the member's own country decides. */
  countryCode: z
    .string()
    .regex(/^[a-zA-Z]{2}$/)
    .optional()
    .or(z.literal('').transform(() => undefined)),
});
const PartnerUserSchema = z.object({ url: z.string().nullable() });

/** The partner checks of spec 2 §7: the voucher order partner check and the partner-user check. */
export const partnerRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  app.post(
    '/s2c/auth/v1/agent/:provider',
    {
      onRequest: app.requireMember,
      schema: {
        tags: ['gifts'],
        summary: 'Voucher order partner check: whether ordering through the provider is possible',
        description:
          'The last path segment names the provider and ends in `order` (e.g. `edenredorder`). Empty body. Any failure answers an empty object.',
        security: [{ bearer: [] }],
        params: ProviderParamsSchema,
        response: { 200: dataEnvelope(PartnerCheckSchema), ...errors },
      },
    },
    (request) => {
      if (!/^[a-z]+order$/.test(request.params.provider)) {
        throw new HttpError(404, ErrorCode.notFound, { provider: 'Unknown provider' });
      }
      try {
        // The provider's last known answer (checked every minute), not a call per request.
        const orderPartnerOff = app.orderPartner.isOff();
        return { data: { available: !orderPartnerOff, orderPartnerOff } };
      } catch (error) {
        request.log.warn({ err: error }, 'voucher partner check failed');
        return { data: {} };
      }
    },
  );

  app.get(
    '/s2c/auth/v1/agents/:id/partner-programme',
    {
      onRequest: app.requireMember,
      schema: {
        tags: ['gifts'],
        summary: 'Partner-user check: the partner programme URL for this member, or null',
        security: [{ bearer: [] }],
        params: PartnerUserParamsSchema,
        querystring: PartnerUserQuerySchema,
        response: { 200: dataEnvelope(PartnerUserSchema), 400: ErrorBodySchema, ...errors },
      },
    },
    (request) => {
      const member = request.agent;
      if (member === null) throw new HttpError(401, ErrorCode.unauthorized, null);
      const { number } = request.query;
      if (
        request.params.id !== String(member.id) ||
        (number !== undefined && number !== '' && number !== member.number)
      ) {
        throw new HttpError(403, ErrorCode.forbidden, null);
      }
      // The member's own country decides, not the `countryCode` the client sends.
      return { data: { url: partnerProgrammeUrl(app.config.gifts, member) } };
    },
  );

  done();
};
