import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { ErrorBodySchema } from '@club/contract/envelope';
import { ErrorLogBodySchema } from '@club/contract/content-query';
import { z } from 'zod';

/**
 * `POST /content/v1/log`: errors reported by the web app, written to the
 * server log with the request id. Registered only when ERROR_LOG is on, and
 * rate-limited per address because anyone can call it.
 */
export const logRoute: FastifyPluginCallbackZod = (app, _options, done) => {
  app.post(
    '/content/v1/log',
    {
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        tags: ['content'],
        summary: 'Report a client error (only when ERROR_LOG is on)',
        body: ErrorLogBodySchema,
        response: {
          204: z.null().describe('Logged'),
          400: ErrorBodySchema,
          429: ErrorBodySchema.describe('Too many reports from this address'),
        },
      },
    },
    async (request, reply) => {
      request.log.warn({ clientMessage: request.body.message }, 'client error report');
      return reply.code(204).send(null);
    },
  );
  done();
};
