import type { FastifyInstance, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import { ErrorCode } from '@club/contract/envelope';
import { HttpError } from '../../lib/http-error.js';
import type { AuditActor } from '../audit/audit-log.js';
import type { StaffRole } from './schema.js';
import { staffBySessionToken, type StaffPrincipal } from './staff-sessions.js';
import { hashStaffToken, staffBearerToken } from './staff-tokens.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in staff member, once `app.requireStaff` ran; null otherwise. */
    staff: StaffPrincipal | null;
  }
  interface FastifyInstance {
    /** Route hook of every staff call: 401 unless a live staff session's token came. */
    requireStaff: onRequestAsyncHookHandler;
    /** Route hook: 401 without a staff session, 403 unless it is an admin's. */
    requireAdmin: onRequestAsyncHookHandler;
  }
}

/**
 * Staff authentication by bearer token (`stf_…`, staff-tokens.ts), checked on
 * every staff call: role and country checks follow in each handler through
 * the helpers below, so that no staff call trusts the console.
 */
export function setupStaffAccess(app: FastifyInstance, now: () => number): void {
  const limits = {
    idleMinutes: app.config.staff.idleMinutes,
    sessionHours: app.config.staff.sessionHours,
  };
  app.decorateRequest('staff', null);

  const resolve = async (request: FastifyRequest): Promise<StaffPrincipal> => {
    if (request.staff !== null) return request.staff;
    const token = staffBearerToken(request.headers.authorization);
    const staff =
      token === undefined
        ? undefined
        : await staffBySessionToken(app.db, hashStaffToken(token), new Date(now()), limits);
    if (staff === undefined) throw new HttpError(401, ErrorCode.unauthorized, null);
    request.staff = staff;
    return staff;
  };

  // Named: the access-matrix suite finds every route that runs them.
  app.decorate('requireStaff', async function requireStaff(request: FastifyRequest) {
    await resolve(request);
  });
  app.decorate('requireAdmin', async function requireAdmin(request: FastifyRequest) {
    const staff = await resolve(request);
    if (staff.role !== 'admin') throw new HttpError(403, ErrorCode.forbidden, null);
  });
}

/** The staff member of a request that passed `requireStaff`. */
export function staffOf(request: FastifyRequest): StaffPrincipal {
  if (request.staff === null) throw new HttpError(401, ErrorCode.unauthorized, null);
  return request.staff;
}

/** Whether the staff member works in this country (an admin works in every one). */
export function staffMayAccess(staff: StaffPrincipal, countryCode: string): boolean {
  return staff.role === 'admin' || staff.countries.includes(countryCode);
}

/** The countries a query must keep to: null for an admin (no filter). */
export function staffCountryFilter(staff: StaffPrincipal): string[] | null {
  return staff.role === 'admin' ? null : staff.countries;
}

/**
 * Refuses a target in a country the staff member does not work in with 404,
 * as if it did not exist: a manager learns nothing of other countries.
 */
export function assertStaffCountry(staff: StaffPrincipal, countryCode: string): void {
  if (!staffMayAccess(staff, countryCode)) throw new HttpError(404, ErrorCode.notFound, null);
}

/** Refuses a change a role may not make (support reads, and adjusts within its limit). */
export function assertStaffRole(staff: StaffPrincipal, roles: readonly StaffRole[]): void {
  if (!roles.includes(staff.role)) throw new HttpError(403, ErrorCode.forbidden, null);
}

/** The audit log's actor for a staff member's change. */
export function staffActor(staff: StaffPrincipal): AuditActor {
  return { staffId: staff.id, label: staff.email };
}
