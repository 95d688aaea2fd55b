import { z } from 'zod';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { dataEnvelope, ErrorBodySchema } from '@club/contract/envelope';
import { TaxDetailsSchema } from '@club/contract/tax-details';
import { ownTaxDetails, sendTaxDetails } from './tax-details.js';

const errors = {
  400: ErrorBodySchema.describe('A field breaks its country’s rule: one message per field'),
  401: ErrorBodySchema.describe('No valid session'),
};

/** The fields the member's country asks for, form-encoded: their names are content (`taxFields`). */
const TaxDetailsBodySchema = z
  .record(z.string().max(40), z.union([z.string(), z.array(z.string())]))
  .default({});

export type TaxDetailsRoutesOptions = { now: () => number };

/**
 * The member's own tax details (issue 30, key moment 7): what they sent and
 * where it stands, and sending them (docs/gifts.md, "Tax details").
 */
export const taxDetailsRoutes: FastifyPluginCallbackZod<TaxDetailsRoutesOptions> = (
  app,
  { now },
  done,
) => {
  app.get(
    '/s2c/auth/v1/tax-details',
    {
      onRequest: app.requireMember,
      schema: {
        tags: ['gifts'],
        summary:
          'The signed-in member’s tax details: the fields their country asks for, what was sent, and its state',
        security: [{ bearer: [] }],
        response: { 200: dataEnvelope(TaxDetailsSchema), ...errors },
      },
    },
    async (request) => ({ data: await ownTaxDetails(app.db, request.agent!) }),
  );

  app.post(
    '/s2c/auth/v1/tax-details',
    {
      onRequest: app.requireMember,
      schema: {
        tags: ['gifts'],
        summary: 'Send the signed-in member’s tax details; staff then confirm or refuse them',
        description:
          'Form-encoded: one value per field of the country (`taxNumber`, `taxOffice`…). Stored as `sent`, replacing what was sent before. A member whose tax information is verified changes nothing.',
        security: [{ bearer: [] }],
        body: TaxDetailsBodySchema,
        response: { 200: dataEnvelope(TaxDetailsSchema), ...errors },
      },
    },
    async (request) => ({
      data: await sendTaxDetails(app.db, request.agent!, request.body, new Date(now())),
    }),
  );

  done();
};
