import type { FastifyInstance } from 'fastify';
import swagger from '@fastify/swagger';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/**
 * The OpenAPI document of every call, generated from the routes' zod schemas
 * and served at `GET /s2c/openapi.json`. Register before the routes: it
 * collects them as they are added.
 */
export async function setupOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'Travel agent loyalty club API',
        description:
          'Answers are `{ "data": … }`; errors answer their HTTP status with `{ "code": …, "data": … }`.',
        version: '1.0.0',
      },
      components: {
        // Member calls: `Authorization: Bearer <session token>` from login or registration.
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } },
      },
    },
    transform: jsonSchemaTransform,
  });
  app.get('/s2c/openapi.json', { schema: { hide: true } }, () => app.swagger());
}
