import { fileURLToPath } from 'node:url';
import { isAbsolute, resolve } from 'node:path';
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

const positiveWhole = (fallback: number) =>
  z.coerce
    .number({ error: 'must be a number' })
    .int({ error: 'must be a whole number' })
    .min(1, { error: 'must be at least 1' })
    .default(fallback);

const EnvironmentSchema = z.object({
  PORT: z.coerce
    .number({ error: 'must be a port number' })
    .int({ error: 'must be a whole number' })
    .min(1, { error: 'must be between 1 and 65535' })
    .max(65535, { error: 'must be between 1 and 65535' })
    .default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATABASE_URL: urlWithProtocols(['postgres:', 'postgresql:']).optional(),
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
  ENROLL_QUIET_HOURS: positiveWhole(24),
});

export type Config = {
  port: number;
  host: string;
  /** A PostgreSQL server; when absent the embedded database keeps its data in `dataDir`. */
  databaseUrl: string | undefined;
  dataDir: string;
  contentDir: string;
  webDistDir: string;
  smtpUrl: string | undefined;
  publicRootDomain: string;
  defaultCountry: string;
  production: boolean;
  /** Enables `POST /content/v1/log`. */
  errorLog: boolean;
  tokenStorage: 'local' | 'cookie';
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  /** Lifetime of a login session; the web app keeps its token cookie 2 days (spec 1 §9). */
  sessionLifetimeHours: number;
  /** Login limits (docs/decisions/020): free failures per member number and per client address, then exponential backoff. */
  loginLimits: {
    freeFailuresPerNumber: number;
    freeFailuresPerAddress: number;
    backoffMaxSeconds: number;
    /** Failures are counted in windows of this length; a new window starts from zero. */
    failureWindowMinutes: number;
  };
  /** An office's decision maker is emailed about access requests at most once per this period. */
  enrollQuietHours: number;
};

const secretVariables = new Set(['DATABASE_URL', 'SMTP_URL']);

export class ConfigError extends Error {
  override name = 'ConfigError';
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
  const result = EnvironmentSchema.safeParse(present);
  if (!result.success) {
    const problems = result.error.issues.map((issue) => {
      const name = String(issue.path[0] ?? 'environment');
      // URLs may carry passwords: never echo them.
      const shown = secretVariables.has(name) ? '' : ` (got ${JSON.stringify(present[name])})`;
      return `${name} ${issue.message}${shown}`;
    });
    throw new ConfigError(`Invalid configuration: ${problems.join('; ')}`);
  }
  const e = result.data;
  return {
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    dataDir: e.DATA_DIR,
    contentDir: e.CONTENT_DIR,
    webDistDir: e.WEB_DIST_DIR,
    smtpUrl: e.SMTP_URL,
    publicRootDomain: e.PUBLIC_ROOT_DOMAIN,
    defaultCountry: e.DEFAULT_COUNTRY,
    production: e.PRODUCTION,
    errorLog: e.ERROR_LOG,
    tokenStorage: e.TOKEN_STORAGE,
    logLevel: e.LOG_LEVEL,
    sessionLifetimeHours: e.SESSION_LIFETIME_HOURS,
    loginLimits: {
      freeFailuresPerNumber: e.LOGIN_FREE_FAILURES,
      freeFailuresPerAddress: e.LOGIN_ADDRESS_FREE_FAILURES,
      backoffMaxSeconds: e.LOGIN_BACKOFF_MAX_SECONDS,
      failureWindowMinutes: e.LOGIN_FAILURE_WINDOW_MINUTES,
    },
    enrollQuietHours: e.ENROLL_QUIET_HOURS,
  };
}
