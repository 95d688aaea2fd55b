import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { appPlugin } from '../app-types.js';
import { completeDocument, securitySchemes, type OpenApiDocument } from './openapi-document.js';
import { operationExamples } from './openapi-examples.js';

/**
 * The viewer's page loads only its own files and the document, like the
 * rest of the API; the one exception is style attributes, which Swagger UI
 * sets on its elements at run time. Only the pages under `/s2c/docs` get it.
 */
export const viewerContentSecurityPolicy = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "frame-ancestors 'none'",
  "base-uri 'none'",
  "form-action 'none'",
].join('; ');

/**
 * The OpenAPI document of every call, generated from the routes' zod schemas
 * and completed with security and examples (openapi-document.ts,
 * openapi-examples.ts), served at `GET /s2c/openapi.json`, with a viewer at
 * `/s2c/docs`. Register before the routes: it collects them as they are added.
 */
export const openApiPlugin = appPlugin(
  async (app) => {
    await app.register(swagger, {
      openapi: {
        openapi: '3.0.3',
        info: {
          title: 'Travel agent loyalty club API',
          description:
            'Answers are `{ "data": … }`; errors answer their HTTP status with `{ "code": …, "data": … }`.',
          version: '1.0.0',
          license: { name: 'Proprietary' },
        },
        // Here too: the generator reads the schemes of the routes' own `security`.
        components: { securitySchemes },
      },
      transform: jsonSchemaTransform,
      transformObject: (documentObject) =>
        completeDocument(
          ('openapiObject' in documentObject
            ? documentObject.openapiObject
            : documentObject.swaggerObject) as OpenApiDocument,
          operationExamples,
        ),
    });
    app.get('/s2c/openapi.json', { schema: { hide: true } }, () => app.swagger());
    await app.register(swaggerUi, {
      routePrefix: '/s2c/docs',
      staticCSP: viewerContentSecurityPolicy,
      // It reads the same document from `/s2c/docs/json`; by default without the validator badge, which would call a third party.
    });
  },
  { name: 'openapi' },
);
