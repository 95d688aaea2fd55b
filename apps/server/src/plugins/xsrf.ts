import { randomUUID, timingSafeEqual } from 'node:crypto';
import { ErrorCode } from '@club/contract/envelope';
import { appPlugin } from '../app-types.js';
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
export const xsrfPlugin = appPlugin(
  (app) => {
    const { config } = app;
    // Read and written as headers, without a cookie plugin: this is the only
    // cookie of the club, and its hooks would run on every page view and call.
    const cookieAttributes = `; Path=/; SameSite=Lax${config.production ? '; Secure' : ''}`;

    app.addHook('onRequest', (request, reply, done) => {
      const token = readCookie(request.headers.cookie, XSRF_COOKIE);
      if (safeMethods.has(request.method)) {
        // Static files stay cookie-free so that caches may keep them; health checks are for machines.
        if ((token === undefined || !tokenPattern.test(token)) && !isCookieFree(request.url)) {
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
  },
  { name: 'xsrf' },
);

/** The first value of cookie `name` in a Cookie header, as sent. */
export function readCookie(header: string | undefined, name: string): string | undefined {
  if (header === undefined) return undefined;
  for (const pair of header.split(';')) {
    const separator = pair.indexOf('=');
    if (separator !== -1 && pair.slice(0, separator).trim() === name) {
      return pair.slice(separator + 1).trim();
    }
  }
  return undefined;
}

const healthCheck = /^\/(?:livez|readyz)\/?(?:\?|$)/;

function isCookieFree(url: string): boolean {
  return url.startsWith('/assets/') || url.startsWith('/media/') || healthCheck.test(url);
}

function sameToken(header: string, token: string): boolean {
  const a = Buffer.from(header);
  const b = Buffer.from(token);
  return token !== '' && a.length === b.length && timingSafeEqual(a, b);
}
