import { fileURLToPath } from 'node:url';
import { isAbsolute, resolve } from 'node:path';
import { isIP } from 'node:net';
import { z } from 'zod';

/**
 * The server's configuration, read from the environment once at start-up.
 * Nothing else reads `process.env`: everything gets this object.
 */

/** The repository root, found from this module's own location (src/ or dist/ of apps/server). */
export const repositoryRoot = fileURLToPath(new URL('../../../', import.meta.url));

/** Relative paths are taken from the repository root, because npm runs workspace scripts inside the workspace folder. */
function repositoryPath(path: string): string {
  return isAbsolute(path) ? path : resolve(repositoryRoot, path);
}

const booleanVariable = (fallback: boolean) =>
  z
    .enum(['true', 'false', '1', '0'], { error: 'must be one of true, false, 1, 0' })
    .transform((value) => value === 'true' || value === '1')
    .default(fallback);

const urlWithProtocols = (protocols: string[]) =>
  z.string().refine(
    (value) => {
      try {
        return protocols.includes(new URL(value).protocol);
      } catch {
        return false;
      }
    },
    { error: `must be a URL starting with ${protocols.map((p) => `${p}//`).join(' or ')}` },
  );

/**
 * A 256-bit key: 64 hex digits, or 32 bytes in base64 (or base64url), e.g.
 * `node -e "console.log(require('node:crypto').randomBytes(32).toString('base64'))"`.
 */
const key256 = z.string().transform((value, context) => {
  const text = value.trim();
  const bytes = /^[0-9a-f]{64}$/i.test(text)
    ? Buffer.from(text, 'hex')
    : /^[A-Za-z0-9+/_-]{43}=?$/.test(text)
      ? Buffer.from(text, 'base64')
      : undefined;
  if (bytes?.length !== 32) {
    context.addIssue({
      code: 'custom',
      message: 'must be a 256-bit key: 64 hex digits, or 32 bytes in base64',
    });
    return z.NEVER;
  }
  return bytes;
});

const positiveWhole = (fallback: number) =>
  z.coerce
    .number({ error: 'must be a number' })
    .int({ error: 'must be a whole number' })
    .min(1, { error: 'must be at least 1' })
    .default(fallback);

/** The names proxy-addr (Fastify's `trustProxy`) takes for address ranges. */
const proxyRangeNames = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** An address, an address with a prefix length (CIDR), or a range name of proxy-addr. */
function isProxyAddress(entry: string): boolean {
  if (proxyRangeNames.has(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128);
}

/**
 * `TRUST_PROXY`: unset or `false` trusts no proxy (the socket's address is the
 * client's); a whole number trusts that many proxy hops; otherwise a
 * comma-separated list of the proxies' addresses or ranges. `true` (trust any
 * sender of X-Forwarded-For) is refused: it would let every client choose its
 * own address and so escape every per-address limit.
 */
const trustProxyVariable = z
  .string()
  .default('false')
  .transform((value) => value.trim())
  .refine(
    (value) =>
      value === 'false' ||
      /^[1-9]\d{0,1}$/.test(value) ||
      value.split(',').every((entry) => isProxyAddress(entry.trim())),
    {
      error:
        'must be false, a number of proxy hops (1-99), or proxy addresses and ranges separated by commas (10.0.0.1,10.1.0.0/16,loopback)',
    },
  )
  .transform((value): TrustProxy => {
    if (value === 'false') return false;
    if (/^\d+$/.test(value)) return Number(value);
    return value.split(',').map((entry) => entry.trim());
  });

/** Fastify's `trustProxy`, as far as the club allows it. */
export type TrustProxy = false | number | string[];

/** `at:hotel=12,gr:air=6` → `{ at: { hotel: 12 }, gr: { air: 6 } }`. */
function parseSegmentPoints(
  value: string,
): Record<string, Partial<Record<'air' | 'hotel' | 'car' | 'rail', number>>> {
  const result: Record<string, Partial<Record<'air' | 'hotel' | 'car' | 'rail', number>>> = {};
  for (const pair of value.split(',').filter((part) => part !== '')) {
    const [countryAndKind = '', points = ''] = pair.split('=');
    const [country = '', kind = ''] = countryAndKind.toLowerCase().split(':');
    (result[country] ??= {})[kind as 'air' | 'hotel' | 'car' | 'rail'] = Number(points);
  }
  return result;
}

/** `at=14,gr=30` → `{ at: 14, gr: 30 }`. */
function parseDaysByCountry(value: string): Record<string, number> {
  const pairs = value === '' ? [] : value.split(',').map((pair) => pair.split('='));
  return Object.fromEntries(pairs.map(([code = '', days]) => [code.toLowerCase(), Number(days)]));
}

const EnvironmentSchema = z.object({
  PORT: z.coerce
    .number({ error: 'must be a port number' })
    .int({ error: 'must be a whole number' })
    .min(1, { error: 'must be between 1 and 65535' })
    .max(65535, { error: 'must be between 1 and 65535' })
    .default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  TRUST_PROXY: trustProxyVariable,
  DATABASE_URL: urlWithProtocols(['postgres:', 'postgresql:']).optional(),
  DATABASE_ANSWER_TIMEOUT_MS: positiveWhole(1000),
  // Slow clients and shutdown (docs/operations.md).
  REQUEST_TIMEOUT_MS: positiveWhole(30_000),
  CONNECTION_TIMEOUT_MS: positiveWhole(60_000),
  KEEP_ALIVE_TIMEOUT_MS: positiveWhole(72_000),
  SHUTDOWN_GRACE_MS: positiveWhole(10_000),
  DATA_DIR: z.string().default('data').transform(repositoryPath),
  CONTENT_DIR: z.string().default('content').transform(repositoryPath),
  WEB_DIST_DIR: z.string().default('apps/web/dist').transform(repositoryPath),
  SMTP_URL: urlWithProtocols(['smtp:', 'smtps:']).optional(),
  PUBLIC_ROOT_DOMAIN: z
    .string()
    .regex(/^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*$/i, {
      error: 'must be a domain name such as localhost or club.example',
    })
    .default('localhost')
    .transform((value) => value.toLowerCase()),
  DEFAULT_COUNTRY: z
    .string()
    .regex(/^[a-z]{2}$/i, { error: 'must be a two-letter country code' })
    .default('gr')
    .transform((value) => value.toLowerCase()),
  PRODUCTION: booleanVariable(false),
  ERROR_LOG: booleanVariable(false),
  // The bench's baseline routes (docs/testing.md#benchmarks); production never sets it.
  BENCH_ROUTES: booleanVariable(false),
  TOKEN_STORAGE: z.enum(['local', 'cookie'], { error: 'must be local or cookie' }).default('local'),
  LOG_LEVEL: z
    .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], {
      error: 'must be one of fatal, error, warn, info, debug, trace, silent',
    })
    .default('info'),
  SESSION_LIFETIME_HOURS: positiveWhole(48),
  LOGIN_FREE_FAILURES: positiveWhole(5),
  LOGIN_ADDRESS_FREE_FAILURES: positiveWhole(100),
  LOGIN_BACKOFF_MAX_SECONDS: positiveWhole(900),
  LOGIN_FAILURE_WINDOW_MINUTES: positiveWhole(1440),
  LOGIN_DEVICE_FREE_FAILURES: positiveWhole(5),
  DEVICE_COOKIE_SECRET: z.string().min(32, { error: 'must be at least 32 characters' }).optional(),
  REGISTRATION_ADDRESS_FREE_ATTEMPTS: positiveWhole(20),
  ENROLL_ADDRESS_FREE_REQUESTS: positiveWhole(20),
  ENROLL_NOTIFY_OFFICE_FREE_REQUESTS: positiveWhole(20),
  ENROLL_NOTIFY_MAX_WAITING: positiveWhole(50),
  ENROLL_QUIET_HOURS: positiveWhole(24),
  EMAIL_CHANGES_PER_DAY: positiveWhole(5),
  EMAIL_CHANGE_ADDRESS_FREE_REQUESTS: positiveWhole(20),
  AGENCY_LINK_DAYS: positiveWhole(14),
  // Mail and emailed links (docs/operations.md).
  PUBLIC_BASE_URL: urlWithProtocols(['http:', 'https:']).optional(),
  MAIL_FROM: z.string().min(3).default('Amadeus+Me <no-reply@example.com>'),
  MAIL_POLL_MS: positiveWhole(1000),
  MAIL_RETRY_BASE_MS: positiveWhole(10_000),
  MAIL_RETRY_MAX_MS: positiveWhole(3_600_000),
  MAIL_MAX_ATTEMPTS: positiveWhole(30),
  MAIL_RESEND_QUIET_SECONDS: positiveWhole(60),
  GUEST_FORM_ANSWER_MS: positiveWhole(400),
  PURGE_INTERVAL_MS: positiveWhole(3_600_000),
  LINK_LIFETIME_DAYS: positiveWhole(30),
  LINK_LIFETIME_DAYS_BY_COUNTRY: z
    .string()
    .regex(/^(?:[a-z]{2}=[1-9]\d{0,3}(?:,[a-z]{2}=[1-9]\d{0,3})*)?$/i, {
      error: 'must look like at=14,gr=30',
    })
    .default('')
    .transform(parseDaysByCountry),
  // Points (docs/bookings.md).
  BOOKING_QUEUE_API_KEY: z.string().min(24, { error: 'must be at least 24 characters' }).optional(),
  SEGMENT_POINTS_BY_COUNTRY: z
    .string()
    .regex(
      /^(?:[a-z]{2}:(?:air|hotel|car|rail)=\d{1,4}(?:,[a-z]{2}:(?:air|hotel|car|rail)=\d{1,4})*)?$/i,
      {
        error: 'must look like at:hotel=12,gr:air=6',
      },
    )
    .default('')
    .transform(parseSegmentPoints),
  ORDER_PARTNER_OFF: booleanVariable(false),
  POINTS_JOB_INTERVAL_MS: positiveWhole(3_600_000),
  // Gifts (docs/gifts.md).
  VOUCHER_PROVIDER: z
    .enum(['manual', 'http'], { error: 'must be manual or http' })
    .default('manual'),
  VOUCHER_PROVIDER_URL: urlWithProtocols(['http:', 'https:']).optional(),
  VOUCHER_PROVIDER_KEY: z.string().min(8, { error: 'must be at least 8 characters' }).optional(),
  VOUCHER_PROVIDER_TIMEOUT_MS: positiveWhole(5000),
  VOUCHER_PROVIDER_CHECK_MS: positiveWhole(60_000),
  ORDER_POLL_MS: positiveWhole(5000),
  ORDER_STATUS_CHECK_MS: positiveWhole(60_000),
  ORDER_RETRY_BASE_MS: positiveWhole(30_000),
  ORDER_MAX_ATTEMPTS: positiveWhole(10),
  ORDER_CONFIRM_HOURS: positiveWhole(48),
  PARTNER_PROGRAMME_URL: urlWithProtocols(['http:', 'https:']).optional(),
  // Staff console (docs/staff-console.md).
  CONSOLE_DIST_DIR: z.string().default('apps/console/dist').transform(repositoryPath),
  STAFF_IDLE_MINUTES: positiveWhole(30),
  STAFF_SESSION_HOURS: positiveWhole(8),
  STAFF_SETUP_LINK_HOURS: positiveWhole(72),
  SUPPORT_ADJUSTMENT_LIMIT: positiveWhole(500),
  CLAIMS_OPEN_LIMIT: positiveWhole(5),
  TOTP_SECRET_KEY: key256.optional(),
  PARTNER_PROGRAMME_NUMBERS: z
    .string()
    .regex(/^(?:\d{1,20}(?:,\d{1,20})*)?$/, { error: 'must be member numbers separated by commas' })
    .default('')
    .transform((value) => value.split(',').filter((number) => number !== '')),
});

type Environment = z.output<typeof EnvironmentSchema>;

/** The configuration the server and the commands get, in the words of the code that uses it. */
function configOf(e: Environment) {
  return {
    port: e.PORT,
    host: e.HOST,
    /** Fastify's `trustProxy`: which proxies' X-Forwarded-For names the client (docs/operations.md). */
    trustProxy: e.TRUST_PROXY,
    /** A PostgreSQL server; when absent the embedded database keeps its data in `dataDir`. */
    databaseUrl: e.DATABASE_URL,
    /**
     * PostgreSQL: a server that does not answer a probe within this time counts as not answering,
     * and requests fail at once with 503 until it answers again (docs/operations.md).
     */
    databaseAnswerTimeoutMs: e.DATABASE_ANSWER_TIMEOUT_MS,
    /** How long a client may take to send a whole request (headers and body) and sit idle; docs/operations.md. */
    timeouts: {
      /** Headers and body must arrive within this time, or the connection is closed (408). */
      requestMs: e.REQUEST_TIMEOUT_MS,
      /** A connection with no traffic in either direction for this long is closed. */
      connectionMs: e.CONNECTION_TIMEOUT_MS,
      /** An idle keep-alive connection is closed after this long. */
      keepAliveMs: e.KEEP_ALIVE_TIMEOUT_MS,
    },
    /** On SIGTERM or SIGINT, requests in hand get this long; then open connections are closed and the process exits. */
    shutdownGraceMs: e.SHUTDOWN_GRACE_MS,
    dataDir: e.DATA_DIR,
    contentDir: e.CONTENT_DIR,
    webDistDir: e.WEB_DIST_DIR,
    smtpUrl: e.SMTP_URL,
    publicRootDomain: e.PUBLIC_ROOT_DOMAIN,
    defaultCountry: e.DEFAULT_COUNTRY,
    production: e.PRODUCTION,
    /** Enables `POST /content/v1/log`. */
    errorLog: e.ERROR_LOG,
    /** Registers the bench's baseline routes (plugins/bench-routes.ts); refused in production. */
    benchRoutes: e.BENCH_ROUTES,
    tokenStorage: e.TOKEN_STORAGE,
    logLevel: e.LOG_LEVEL,
    /** The staff console (docs/staff-console.md). */
    staff: {
      /** The built console, served at /staff on the root domain. */
      consoleDistDir: e.CONSOLE_DIST_DIR,
      /** A staff session ends after this long without a call… */
      idleMinutes: e.STAFF_IDLE_MINUTES,
      /** …and this long after its login, whatever happens. */
      sessionHours: e.STAFF_SESSION_HOURS,
      /** How long a setup link (password and code enrolment) stays usable. */
      setupLinkHours: e.STAFF_SETUP_LINK_HOURS,
      /**
       * The most points support accounts together may credit or debit for one member in one day
       * (UTC; credits and debits alike), counted in each adjustment's transaction.
       */
      supportAdjustmentLimit: e.SUPPORT_ADJUSTMENT_LIMIT,
      /** The most missing-points claims one member may have open at once. */
      claimsOpenLimit: e.CLAIMS_OPEN_LIMIT,
      /**
       * Encrypts the staff's TOTP secrets at rest (AES-256-GCM, totp-secrets.ts); without it they
       * are stored as they are. Plain secrets stored before keep working and are encrypted when next
       * written.
       */
      totpSecretKey: e.TOTP_SECRET_KEY,
    },
    /** Lifetime of a login session; the web app keeps its token cookie 2 days (spec 1 §9). */
    sessionLifetimeHours: e.SESSION_LIFETIME_HOURS,
    /** Login limits (docs/decisions/020): free failures per member number and per client address, then exponential backoff. */
    loginLimits: {
      freeFailuresPerNumber: e.LOGIN_FREE_FAILURES,
      freeFailuresPerAddress: e.LOGIN_ADDRESS_FREE_FAILURES,
      backoffMaxSeconds: e.LOGIN_BACKOFF_MAX_SECONDS,
      /** Failures are counted in windows of this length; a new window starts from zero. */
      failureWindowMinutes: e.LOGIN_FAILURE_WINDOW_MINUTES,
      /** Failed logins with one device cookie in a window before that cookie brings no more trust. */
      freeFailuresPerDevice: e.LOGIN_DEVICE_FREE_FAILURES,
    },
    /** Signs device cookies; when absent, a random secret kept in the database signs them. */
    deviceCookieSecret: e.DEVICE_COOKIE_SECRET,
    /**
     * Requests allowed per key in a login window before backoff (the login limits' window and
     * longest backoff): registrations per client address, enroll calls (push and notify) per client
     * address, notify requests per office; and the most addresses an office's waiting list holds.
     */
    requestLimits: {
      registrationsPerAddress: e.REGISTRATION_ADDRESS_FREE_ATTEMPTS,
      enrollRequestsPerAddress: e.ENROLL_ADDRESS_FREE_REQUESTS,
      notifyRequestsPerOffice: e.ENROLL_NOTIFY_OFFICE_FREE_REQUESTS,
      notifyWaitingPerOffice: e.ENROLL_NOTIFY_MAX_WAITING,
    },
    /** An office's decision maker is emailed about access requests at most once per this period. */
    enrollQuietHours: e.ENROLL_QUIET_HOURS,
    /**
     * New email addresses asked for on the profile (each mails two addresses): a member asks at
     * most once per MAIL_RESEND_QUIET_SECONDS and `perMemberPerDay` times a day; a client address
     * `perAddress` times in a login window before backoff.
     */
    emailChanges: {
      perMemberPerDay: e.EMAIL_CHANGES_PER_DAY,
      perAddress: e.EMAIL_CHANGE_ADDRESS_FREE_REQUESTS,
    },
    /** Days an agency opt-in or opt-out link works (it works once). */
    agencyLinkDays: e.AGENCY_LINK_DAYS,
    /** Scheme, root host and port of emailed links: `http://localhost:3000` gives `http://gr.localhost:3000/…`. */
    publicBaseUrl: (e.PUBLIC_BASE_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    mailFrom: e.MAIL_FROM,
    /**
     * The outbox worker: poll interval, retry backoff (exponential with jitter), attempts before it
     * gives up; and how long guest forms (retrieve, reconfirm, restore) stay quiet after a mail.
     */
    mail: {
      pollMs: e.MAIL_POLL_MS,
      retryBaseMs: e.MAIL_RETRY_BASE_MS,
      retryMaxMs: e.MAIL_RETRY_MAX_MS,
      maxAttempts: e.MAIL_MAX_ATTEMPTS,
      resendQuietMs: e.MAIL_RESEND_QUIET_SECONDS * 1000,
      /** Retrieve-password, reconfirm and restore answer no sooner than this, member or not. */
      guestFormAnswerMs: e.GUEST_FORM_ANSWER_MS,
    },
    /** How often the purge job looks for members deleted longer ago than their linkLifeTime. */
    purgeIntervalMs: e.PURGE_INTERVAL_MS,
    /** linkLifeTime in days: a deleted account is kept, restorable, this long; per country, else the default. */
    linkLifeTime: { defaultDays: e.LINK_LIFETIME_DAYS, byCountry: e.LINK_LIFETIME_DAYS_BY_COUNTRY },
    points: {
      /** The reservation-system side's key for `POST /s2c/bookings/v1/queue`; the endpoint is off without one. */
      bookingQueueApiKey: e.BOOKING_QUEUE_API_KEY,
      /** Points per OK segment by country and kind, over the defaults (air 5, hotel 10, car 10, rail 10). */
      segmentPointsByCountry: e.SEGMENT_POINTS_BY_COUNTRY,
      /** How often the points clock runs: pending segments whose service is over become OK, lapsed points expire, reminders go out. */
      jobIntervalMs: e.POINTS_JOB_INTERVAL_MS,
    },
    gifts: {
      /** ORDER_PARTNER_OFF: staff switched the voucher order partner off; the gifts module's `orderPartner.isOff()` adds the provider's check (status report `edenredIsOff`). */
      orderPartnerOff: e.ORDER_PARTNER_OFF,
      /** Who fulfils orders: programme staff (`manual`) or the voucher provider's HTTP API (then `providerUrl` is set). */
      provider: e.VOUCHER_PROVIDER,
      providerUrl: e.VOUCHER_PROVIDER_URL,
      providerKey: e.VOUCHER_PROVIDER_KEY,
      /** A provider call taking longer fails and is retried. */
      providerTimeoutMs: e.VOUCHER_PROVIDER_TIMEOUT_MS,
      /** How often the provider is asked whether ordering is possible ("Spend my points" follows it). */
      providerCheckMs: e.VOUCHER_PROVIDER_CHECK_MS,
      /** How often the order worker looks for orders due for the provider. */
      orderPollMs: e.ORDER_POLL_MS,
      /** How often the provider is asked about an order it accepted but has not fulfilled. */
      orderStatusCheckMs: e.ORDER_STATUS_CHECK_MS,
      /** Retries back off exponentially from this delay. */
      orderRetryBaseMs: e.ORDER_RETRY_BASE_MS,
      /** After this many refused or failed calls the order fails and its points come back. */
      orderMaxAttempts: e.ORDER_MAX_ATTEMPTS,
      /** An order the provider has not confirmed within this time fails and its points come back. */
      orderConfirmHours: e.ORDER_CONFIRM_HOURS,
      /** Partner-programme users (spec 2 §6) are sent here instead of gifts and redeem-points; nobody is without it. */
      partnerProgrammeUrl: e.PARTNER_PROGRAMME_URL,
      /** Member numbers that are partner-programme users whatever their country. */
      partnerProgrammeNumbers: e.PARTNER_PROGRAMME_NUMBERS,
    },
  };
}

/**
 * The configuration, declared once: each variable's rule, the rules between
 * variables (a setting that needs another names the one missing, so start-up
 * stops with a message, never a stack trace), and the shape the code gets.
 */
const ConfigSchema = EnvironmentSchema.superRefine((e, context) => {
  if (e.BENCH_ROUTES && e.PRODUCTION) {
    context.addIssue({
      code: 'custom',
      path: ['BENCH_ROUTES'],
      message: 'is for benchmarks only and cannot be on with PRODUCTION',
    });
  }
  if (e.VOUCHER_PROVIDER === 'http' && e.VOUCHER_PROVIDER_URL === undefined) {
    context.addIssue({
      code: 'custom',
      path: ['VOUCHER_PROVIDER_URL'],
      message: 'is required when VOUCHER_PROVIDER is http',
    });
  }
}).transform(configOf);

export type Config = z.output<typeof ConfigSchema>;

const secretVariables = new Set([
  'DATABASE_URL',
  'SMTP_URL',
  'BOOKING_QUEUE_API_KEY',
  'VOUCHER_PROVIDER_KEY',
  'DEVICE_COOKIE_SECRET',
  'TOTP_SECRET_KEY',
]);

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** For commands: the configuration, or undefined once what is wrong has been reported. */
export function commandConfig(
  env: Record<string, string | undefined> = process.env,
  report: (message: string) => void = console.error,
): Config | undefined {
  try {
    return loadConfig(env);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    report(error.message);
    return undefined;
  }
}

/** Reads and validates the configuration; a bad value throws a ConfigError naming the variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  // An empty variable counts as unset, as in most shells' `VAR= command`.
  const present = Object.fromEntries(
    Object.keys(EnvironmentSchema.shape).map((name) => [
      name,
      env[name] === '' ? undefined : env[name],
    ]),
  );
  const result = ConfigSchema.safeParse(present);
  if (!result.success) {
    const problems = result.error.issues.map((issue) => {
      const name = String(issue.path[0] ?? 'environment');
      // URLs may carry passwords: never echo them.
      const shown = secretVariables.has(name) ? '' : ` (got ${JSON.stringify(present[name])})`;
      return `${name} ${issue.message}${shown}`;
    });
    throw new ConfigError(`Invalid configuration: ${problems.join('; ')}`);
  }
  return result.data;
}
