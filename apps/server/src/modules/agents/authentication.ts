import type { FastifyInstance, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import { ErrorCode } from '@club/contract/envelope';
import { HttpError } from '../../lib/http-error.js';
import { Members, type SessionMember } from './members.js';
import { bearerToken, hashToken } from './session-tokens.js';

/**
 * A route's own read of the member of an open session, in place of the
 * common one: it must keep the rules of `openSession` (members.ts) and may
 * read more in the same statement (the status report reads the balance).
 */
export type SessionRead = (tokenHash: string, now: Date) => Promise<SessionMember | undefined>;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Set by a route that reads the session with more in one statement. */
    sessionRead?: SessionRead;
  }
  interface FastifyRequest {
    /**
     * The signed-in member, once `app.authenticate(request)` or the
     * `app.requireMember` hook ran (member-only pages run it before loading);
     * null for guests and before that.
     */
    agent: SessionMember | null;
  }
  interface FastifyInstance {
    /** Resolves the member of the request's bearer token (once per request) and sets `request.agent`. */
    authenticate(request: FastifyRequest): Promise<SessionMember | null>;
    /** Route hook: answers 401 unless a member is signed in; then `request.agent` is set. */
    requireMember: onRequestAsyncHookHandler;
  }
}

/**
 * Authentication by bearer token, resolved on demand rather than in a global
 * hook: the web app sends its token with every call, and the content calls,
 * served from memory, need no member (docs/decisions/020).
 */
export function setupAuthentication(app: FastifyInstance, now: () => number): Members {
  const members = new Members(app.db);
  const resolved = new WeakMap<FastifyRequest, Promise<SessionMember | null>>();

  const resolve = async (request: FastifyRequest): Promise<SessionMember | null> => {
    const token = bearerToken(request.headers.authorization);
    if (token === undefined) return null;
    const read = request.routeOptions.config.sessionRead;
    const tokenHash = hashToken(token);
    const at = new Date(now());
    const member =
      read === undefined ? await members.bySessionToken(tokenHash, at) : await read(tokenHash, at);
    request.agent = member ?? null;
    return request.agent;
  };

  app.decorateRequest('agent', null);
  app.decorate('authenticate', (request: FastifyRequest) => {
    let member = resolved.get(request);
    if (member === undefined) {
      member = resolve(request);
      resolved.set(request, member);
    }
    return member;
  });
  // Named: the route table (`app.printRoutes({ includeHooks: true })`) shows which calls need a
  // member, and the access-matrix suite (src/security) checks that it covers every one of them.
  app.decorate('requireMember', async function requireMember(request: FastifyRequest) {
    if ((await app.authenticate(request)) === null) {
      throw new HttpError(401, ErrorCode.unauthorized, null);
    }
  });
  app.pageRegistry.setMemberCheck(async (request) => (await app.authenticate(request)) !== null);
  return members;
}
