import type { FastifyInstance } from 'fastify';
import helmet from '@fastify/helmet';
import type { Config } from '../config.js';

/** Security headers on every answer, with a strict content security policy: nothing inline, nothing foreign. */
export async function setupSecurityHeaders(app: FastifyInstance, config: Config): Promise<void> {
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        imgSrc: ["'self'", 'data:'],
        styleSrc: ["'self'"],
        scriptSrc: ["'self'"],
        frameAncestors: ["'none'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
      },
    },
    xFrameOptions: { action: 'deny' },
    // HSTS only where the club is served over HTTPS.
    strictTransportSecurity: config.production
      ? { maxAge: 31_536_000, includeSubDomains: true }
      : false,
  });
}
