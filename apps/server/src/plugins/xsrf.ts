import { randomBytes, timingSafeEqual } from 'node:crypto';
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
  const cookieOptions = {
    path: '/',
    sameSite: 'lax',
    secure: config.production,
    httpOnly: false,
  } as const;

  app.addHook('onRequest', (request, reply, done) => {
    const token = request.cookies[XSRF_COOKIE];
    if (safeMethods.has(request.method)) {
      // Static files stay cookie-free so that caches may keep them.
      if ((token === undefined || !tokenPattern.test(token)) && !isStaticFile(request.url)) {
        reply.setCookie(XSRF_COOKIE, randomBytes(18).toString('base64url'), cookieOptions);
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
