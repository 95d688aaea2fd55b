import { randomUUID, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { ErrorCode } from '@club/contract/envelope';
import type { Config } from '../config.js';
import { HttpError } from '../lib/http-error.js';

export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'x-xsrf-token';

const safeMethods = new Set(['GET', 'HEAD', 'OPTIONS']);
const tokenPattern = /^[A-Za-z0-9_-]{16,128}$/;

/**
 * Double-submit XSRF protection (docs/decisions/011). A page view gets a random
 * `XSRF-TOKEN` cookie readable by the web app, which echoes it in the
 * `X-XSRF-TOKEN` header of its non-GET calls. A non-GET `/s2c/…` call that
 * carries the cookie must carry the same header value: a foreign site can make
 * the browser send the cookie but cannot read it. Calls without the cookie
 * (API clients with bearer tokens) pass.
 */
export function setupXsrf(app: FastifyInstance, config: Config): void {
  // Written as a header, not through reply.setCookie: this runs on every page
  // view and call, and @fastify/cookie still merges cookies other code sets.
  const cookieAttributes = `; Path=/; SameSite=Lax${config.production ? '; Secure' : ''}`;

  app.addHook('onRequest', (request, reply, done) => {
    const token = request.cookies[XSRF_COOKIE];
    if (safeMethods.has(request.method)) {
      // Static files stay cookie-free so that caches may keep them.
      if ((token === undefined || !tokenPattern.test(token)) && !isStaticFile(request.url)) {
        reply.header('set-cookie', `${XSRF_COOKIE}=${randomUUID()}${cookieAttributes}`);
      }
      return done();
    }
    if (token !== undefined && request.url.startsWith('/s2c/')) {
      const header = request.headers[XSRF_HEADER];
      if (typeof header !== 'string' || !sameToken(header, token)) {
        return done(new HttpError(403, ErrorCode.xsrf, null));
      }
    }
    done();
  });
}

function isStaticFile(url: string): boolean {
  return url.startsWith('/assets/') || url.startsWith('/media/');
}

function sameToken(header: string, token: string): boolean {
  const a = Buffer.from(header);
  const b = Buffer.from(token);
  return token !== '' && a.length === b.length && timingSafeEqual(a, b);
}
