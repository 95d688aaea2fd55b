import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { dataEnvelope, ErrorBodySchema, ErrorCode } from '@club/contract/envelope';
import {
  StaffLoginWireSchema,
  StaffSchema,
  StaffSessionAnswerSchema,
  staffLoginFailed,
} from '@club/contract/staff';
import { HttpError } from '../../lib/http-error.js';
import type { LoginLimiter } from '../limits/login-limiter.js';
import type { DeviceCookies } from '../agents/device-cookies.js';
import { dummyPasswordHash, verifyPassword } from '../agents/password.js';
import { staffAccounts, type StaffRole } from './schema.js';
import { staffOf } from './staff-access.js';
import { staffLimiterName } from './staff-login-limits.js';
import { endStaffSession, openStaffSession } from './staff-sessions.js';
import { verifyTotp } from './totp.js';
import { isSealedTotpSecret, openTotpSecret, sealTotpSecret } from './totp-secrets.js';
import { limitAddress } from '../limits/client-address.js';
import {
  recordStaffLogin,
  recordStaffLoginFailure,
  type LoginFailure,
} from './staff-login-audit.js';

export type StaffLoginRoutesOptions = {
  limiter: LoginLimiter;
  /** The staff device cookie (staffDeviceCookie): browsers that logged in before. */
  deviceCookies: DeviceCookies;
  now: () => number;
};

type StaffCandidate = {
  id: number;
  email: string;
  role: StaffRole;
  countries: string[];
  passwordHash: string | null;
  totpSecret: string | null;
  totpLastStep: number | null;
  disabledAt: string | Date | null;
};

const loginFailed = () => new HttpError(401, ErrorCode.unauthorized, { email: staffLoginFailed });

/** The staff login (email, password, code), logout, and who is signed in. */
export const staffLoginRoutes: FastifyPluginCallbackZod<StaffLoginRoutesOptions> = (
  app,
  { limiter, deviceCookies, now },
  done,
) => {
  const { db, config } = app;
  const limits = { idleMinutes: config.staff.idleMinutes, sessionHours: config.staff.sessionHours };
  const { totpSecretKey } = config.staff;

  /**
   * The nonce of a valid staff device cookie entry for the account of this
   * email, if the browser sent one (the account is looked up only then).
   */
  const trustedDevice = async (cookies: string | undefined, email: string, at: Date) => {
    if (!deviceCookies.hasEntries(cookies)) return undefined;
    const [account] = await db
      .select({ id: staffAccounts.id })
      .from(staffAccounts)
      .where(eq(staffAccounts.email, email));
    if (account === undefined) return undefined;
    return deviceCookies.trustedNonce(cookies, String(account.id), at);
  };

  app.post(
    '/s2c/staff/v1/session',
    {
      schema: {
        tags: ['staff'],
        summary: 'Staff login: email, password and a time-based one-time code',
        description:
          'Two factors (ASVS level 2). A code works once. Any wrong factor answers the same 401. Limited per email and per client address like member logins; a success sets the `staff-device` cookie, and a browser with a valid one for the account counts against that cookie alone, so the email’s backoff does not hold it back (decision 024). Repeated failures for one account are logged as a warning; an admin can clear the backoff (`POST /s2c/staff/v1/staff/{id}/login-unlock`).',
        body: StaffLoginWireSchema,
        response: {
          200: dataEnvelope(StaffSessionAnswerSchema),
          400: ErrorBodySchema,
          401: ErrorBodySchema.describe('Email, password or code is not right (never says which)'),
          429: ErrorBodySchema.describe(
            'Too many failed attempts for this email or address; see Retry-After. A browser with a valid staff device cookie for the account is not held back by them.',
          ),
        },
      },
    },
    async (request, reply) => {
      const email = request.body.email.toLowerCase();
      const started = new Date(now());
      const cookies = request.headers.cookie;
      // A browser this account logged in with before has its own small budget (decision 024).
      const deviceNonce = await trustedDevice(cookies, email, started);
      const gate = await limiter.attempt<StaffCandidate>(
        staffLimiterName(email),
        limitAddress(request.ip),
        started,
        sql`select id, email, role, countries, password_hash as "passwordHash",
              totp_secret as "totpSecret", totp_last_step as "totpLastStep", disabled_at as "disabledAt"
            from staff_accounts where email = ${email}`,
        deviceNonce,
      );
      if (!gate.allowed) {
        void reply.header('retry-after', String(gate.retryAfterSeconds));
        throw new HttpError(429, ErrorCode.tooManyRequests, null);
      }
      const staff = gate.row;
      // An unknown email is checked against a dummy hash, so every answer takes as long.
      const passwordRight = await verifyPassword(
        staff?.passwordHash ?? (await dummyPasswordHash()),
        request.body.password,
      );
      const secret =
        staff?.totpSecret == null ? undefined : openTotpSecret(staff.totpSecret, totpSecretKey);
      if (staff?.totpSecret != null && secret === undefined) {
        // Encrypted with a key this server does not have: nobody can log in to the account.
        request.log.error(
          { event: 'staff.totp-secret-unreadable', staffId: staff.id },
          'a staff TOTP secret cannot be decrypted with TOTP_SECRET_KEY',
        );
      }
      const step = secret === undefined ? null : verifyTotp(secret, request.body.code, now());
      const failure: LoginFailure | undefined =
        staff === undefined
          ? 'unknown-email'
          : staff.passwordHash === null
            ? 'not-set-up'
            : staff.disabledAt !== null
              ? 'disabled'
              : !passwordRight || step === null
                ? 'wrong-password-or-code'
                : staff.totpLastStep !== null && step <= staff.totpLastStep
                  ? 'code-used'
                  : undefined;
      if (failure !== undefined || staff === undefined || step === null) {
        request.log.info({ event: 'staff.login.failed', staffId: staff?.id }, 'staff login failed');
        await recordStaffLoginFailure(db, {
          account: staff,
          failure: failure ?? 'wrong-password-or-code',
          address: request.ip,
          at: started,
        });
        const failures = gate.attempt.numberFailures ?? 0;
        if (staff !== undefined && failures >= config.loginLimits.freeFailuresPerNumber) {
          // Someone keeps failing at this account: it is in backoff (an admin can clear it).
          request.log.warn(
            { event: 'staff.login.repeated-failures', staffId: staff.id, failures },
            'repeated failed staff logins for one email',
          );
        }
        throw loginFailed();
      }
      // The code's step is taken in one statement: two logins with one code cannot both win.
      // A secret stored plain before TOTP_SECRET_KEY was given is stored encrypted from now on.
      const encrypt =
        totpSecretKey !== undefined &&
        staff.totpSecret !== null &&
        !isSealedTotpSecret(staff.totpSecret) &&
        secret !== undefined;
      const taken = await db
        .update(staffAccounts)
        .set({
          totpLastStep: step,
          ...(encrypt ? { totpSecret: sealTotpSecret(secret, totpSecretKey) } : {}),
        })
        // Only while the secret is the one checked: a reset in between is not undone.
        .where(
          sql`${staffAccounts.id} = ${staff.id} and ${staffAccounts.totpSecret} = ${staff.totpSecret}
            and (${staffAccounts.totpLastStep} is null or ${staffAccounts.totpLastStep} < ${step})`,
        )
        .returning({ id: staffAccounts.id });
      if (taken.length === 0) {
        // Another login took this code in between.
        await recordStaffLoginFailure(db, {
          account: staff,
          failure: 'code-used',
          address: request.ip,
          at: started,
        });
        throw loginFailed();
      }
      await limiter.succeeded(gate.attempt);
      const token = await db.transaction(async (tx) => {
        const opened = await openStaffSession(tx, staff.id, started, limits);
        await recordStaffLogin(tx, {
          account: staff,
          address: request.ip,
          trustedDevice: deviceNonce !== undefined,
          at: started,
        });
        return opened;
      });
      void reply.header(
        'set-cookie',
        await deviceCookies.issue(cookies, String(staff.id), started),
      );
      request.log.info(
        { event: 'staff.login', staffId: staff.id, trustedDevice: deviceNonce !== undefined },
        'staff login',
      );
      return {
        data: {
          token,
          staff: { email: staff.email, role: staff.role, countries: staff.countries },
        },
      };
    },
  );

  app.get(
    '/s2c/staff/v1/session',
    {
      onRequest: app.requireStaff,
      schema: {
        tags: ['staff'],
        summary: 'The signed-in staff member (also restarts the idle time)',
        response: { 200: dataEnvelope(StaffSchema), 401: ErrorBodySchema },
      },
    },
    (request) => {
      const { email, role, countries } = staffOf(request);
      return { data: { email, role, countries } };
    },
  );

  app.delete(
    '/s2c/staff/v1/session',
    {
      onRequest: app.requireStaff,
      schema: {
        tags: ['staff'],
        summary: "Staff logout: the token's session ends",
        response: { 200: dataEnvelope(z.null()), 401: ErrorBodySchema },
      },
    },
    async (request) => {
      await endStaffSession(db, staffOf(request).sessionId, new Date(now()));
      return { data: null };
    },
  );

  done();
};
