import Fastify from 'fastify';
import helmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import { appPlugin } from '../app-types.js';
import type { Config } from '../config.js';

/** Strict: nothing inline, nothing from elsewhere, never framed. */
export function helmetOptions(config: Config): FastifyHelmetOptions {
  return {
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
    // Headers for browsers and plugins long gone (old Internet Explorer, Flash):
    // every header costs time on every answer, and these protect nobody now.
    xXssProtection: false,
    xDownloadOptions: false,
    xPermittedCrossDomainPolicies: false,
    // HSTS only where the club is served over HTTPS.
    strictTransportSecurity: config.production
      ? { maxAge: 31_536_000, includeSubDomains: true }
      : false,
  };
}

/** Headers every answer has anyway; not part of the security set. */
const ordinaryHeaders = new Set([
  'content-type',
  'content-length',
  'date',
  'connection',
  'keep-alive',
]);

/**
 * The headers @fastify/helmet sets with our options. They depend on the
 * configuration only, so they are computed once, on a throwaway instance, and
 * not per request, which @fastify/helmet does at a large cost in throughput
 * (docs/decisions/013).
 */
export async function computeSecurityHeaders(config: Config): Promise<Record<string, string>> {
  const probe = Fastify({ logger: false });
  await probe.register(helmet, helmetOptions(config));
  probe.get('/', (_request, reply) => reply.send(''));
  const response = await probe.inject({ url: '/' });
  await probe.close();
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(response.headers)) {
    if (!ordinaryHeaders.has(name) && typeof value === 'string') headers[name] = value;
  }
  return headers;
}

/**
 * The headers of API answers (`/s2c/…`): JSON is never a document, so the
 * document-only headers (opener policy, agent cluster, DNS prefetch) protect
 * nothing there. What stays is what a JSON answer opened, framed or embedded
 * by another site needs: a policy that loads nothing and is never framed,
 * no sniffing, same-origin embedding only, no referrer (decision 013).
 */
export function apiSecurityHeaders(
  documentHeaders: Record<string, string>,
): Record<string, string> {
  const headers: Record<string, string> = {
    'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    'cross-origin-resource-policy': 'same-origin',
    'referrer-policy': 'no-referrer',
  };
  const hsts = documentHeaders['strict-transport-security'];
  if (hsts !== undefined) headers['strict-transport-security'] = hsts;
  return headers;
}

/** Security headers on every answer: the strict document set, or the API set under `/s2c/`. */
export const securityHeadersPlugin = appPlugin(
  async (app) => {
    const documentHeaders = await computeSecurityHeaders(app.config);
    const apiHeaders = apiSecurityHeaders(documentHeaders);
    app.addHook('onRequest', (request, reply, done) => {
      reply.headers(request.url.startsWith('/s2c/') ? apiHeaders : documentHeaders);
      done();
    });
  },
  { name: 'security-headers' },
);
