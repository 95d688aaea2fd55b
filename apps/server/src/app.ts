import Fastify, {
  type FastifyError,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
} from 'fastify';
import formbody from '@fastify/formbody';
import rateLimit from '@fastify/rate-limit';
import { serializerCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { ErrorCode } from '@club/contract/envelope';
import type { App } from './app-types.js';
import type { Config, TrustProxy } from './config.js';
import type { Database } from './db/client.js';
import { deferredChildLoggerFactory } from './lib/deferred-logger.js';
import { bufferedStdout, loggerOptions, RequestLogController } from './lib/request-log.js';
import { accountLinksModule } from './modules/account-links/account-links-module.js';
import { agenciesModule } from './modules/agencies/agencies-module.js';
import { agentsModule } from './modules/agents/agents-module.js';
import { claimsModule } from './modules/claims/claims-module.js';
import { earningRulesStaffModule } from './modules/earning-rules-staff/earning-rules-staff-module.js';
import { contentModule } from './modules/content/content-module.js';
import { giftsModule } from './modules/gifts/gifts-module.js';
import { mailModule } from './modules/mail/mail-module.js';
import { limitAddress } from './modules/limits/client-address.js';
import { memberActionsModule } from './modules/member-actions/member-actions-module.js';
import { memberCareModule } from './modules/member-care/member-care-module.js';
import { officesModule } from './modules/offices/offices-module.js';
import { pointsModule } from './modules/points/points-module.js';
import { reportsModule } from './modules/reports/reports-module.js';
import { staffModule } from './modules/staff/staff-module.js';
import { staffAccountsModule } from './modules/staff/staff-accounts-module.js';
import { staffContentModule } from './modules/content-editing/staff-content-module.js';
import { officesStaffModule } from './modules/office-care/offices-staff-module.js';
import { bookingsStaffModule } from './modules/points/bookings/staff/bookings-staff-module.js';
import { staffGiftsModule } from './modules/gifts/staff/staff-gifts-module.js';
import { overviewModule } from './modules/overview/overview-module.js';
import { backgroundJobsPlugin } from './plugins/background-jobs.js';
import { errorHandlerPlugin } from './plugins/error-handler.js';
import { healthPlugin } from './plugins/health.js';
import { openApiPlugin } from './plugins/openapi.js';
import { securityHeadersPlugin } from './plugins/security-headers.js';
import { urlValidatorCompiler } from './plugins/url-validation.js';
import { staffConsoleAppPlugin } from './plugins/staff-console-app.js';
import { benchRoutesPlugin } from './plugins/bench-routes.js';
import { webAppPlugin } from './plugins/web-app.js';
import { xsrfPlugin } from './plugins/xsrf.js';

export type { App } from './app-types.js';

export type BuildAppOptions = {
  config: Config;
  db: Database;
  /** Default: pino at the configured level, with redaction. Tests pass `false`. */
  logger?: FastifyServerOptions['logger'];
  /** Where the default logger writes its lines instead of standard output (tests read them). */
  logStream?: { write(line: string): void };
  /** How long the content cache trusts its version before checking again (ms, default 1000). */
  contentRevalidateMs?: number;
  /** Clock of the content cache, sessions, login limits and office requests, for tests. */
  now?: () => number;
  /** Start the background jobs when the app is ready (the server does; tests start them when they need them). */
  backgroundJobs?: boolean;
};

function unreadablePath(_error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  void reply.code(400).send({
    code: ErrorCode.validation,
    data: { path: 'Malformed or too long path', requestId: request.id },
  });
}

/**
 * Fastify's `trustProxy` for TRUST_PROXY. Fastify 5 no longer honours a bare
 * hop count (it trusts no proxy then), so a count becomes the trust function
 * that names the same rule: the socket's peer and the next `hops - 1`
 * addresses of X-Forwarded-For are proxies, the address before them is the
 * client's.
 */
export function trustProxyOption(trustProxy: TrustProxy): FastifyServerOptions['trustProxy'] {
  if (typeof trustProxy !== 'number') return trustProxy;
  return (_address: string, hop: number) => hop < trustProxy;
}

/** Builds the club's Fastify app; `server.ts` starts it, tests call it through `inject`. */
export async function buildApp(options: BuildAppOptions): Promise<App> {
  const { config, db } = options;
  const { timeouts } = config;
  const requestLog = new RequestLogController();
  // The server's own log goes to standard output in chunks (lib/request-log.ts).
  const stdout =
    options.logger === undefined && options.logStream === undefined ? bufferedStdout() : undefined;
  const app = Fastify({
    logger: options.logger ?? {
      ...loggerOptions(config.logLevel),
      stream: options.logStream ?? stdout?.stream,
    },
    // One line per request, written at response time (lib/request-log.ts).
    logController: requestLog,
    childLoggerFactory: deferredChildLoggerFactory,
    // A client that sends its request slowly, or not at all, gives its connection up (docs/operations.md).
    requestTimeout: timeouts.requestMs,
    connectionTimeout: timeouts.connectionMs,
    keepAliveTimeout: timeouts.keepAliveMs,
    http: {
      headersTimeout: Math.min(60_000, timeouts.requestMs),
      // Node checks the request and headers timeouts this often (30 s by default): a timeout is late by up to this much.
      connectionsCheckingInterval: Math.min(1000, timeouts.requestMs),
    },
    routerOptions: { ignoreTrailingSlash: true },
    // Behind a load balancer the socket is the balancer's: TRUST_PROXY names it,
    // so that `request.ip` (the per-address limits' key) is the client's.
    trustProxy: trustProxyOption(config.trustProxy),
    // Paths the router cannot read (bad percent-encoding, overlong parameters) are bad input too.
    frameworkErrors: unreadablePath,
  }).withTypeProvider<ZodTypeProvider>();

  requestLog.writeTo(app.log);
  if (stdout !== undefined)
    app.addHook('onClose', (_instance, done) => {
      stdout.stop();
      done();
    });
  app.setValidatorCompiler(urlValidatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  app.decorate('config', config);
  app.decorate('db', db);

  // Each plugin names the plugins it needs (its `dependencies`): Fastify refuses to start when one is missing or later.
  await app.register(errorHandlerPlugin);
  await app.register(backgroundJobsPlugin, { enabled: options.backgroundJobs === true });
  await app.register(securityHeadersPlugin);
  await app.register(formbody);
  // Only routes that ask for it are limited (the error log), per client address as every limit counts it.
  await app.register(rateLimit, {
    global: false,
    keyGenerator: (request) => limitAddress(request.ip),
  });
  await app.register(xsrfPlugin);
  await app.register(openApiPlugin);
  // After the document's plugin, which collects the routes added after it.
  await app.register(healthPlugin);

  await app.register(contentModule, {
    revalidateMs: options.contentRevalidateMs,
    now: options.now,
  });
  await app.register(agentsModule, { now: options.now });
  await app.register(officesModule, { now: options.now });
  await app.register(agenciesModule, { now: options.now });
  await app.register(pointsModule, { now: options.now });
  await app.register(giftsModule, { now: options.now });
  await app.register(mailModule);
  await app.register(accountLinksModule);
  // The staff console's calls (docs/staff-console.md): after every module whose services they use.
  await app.register(staffModule, { now: options.now });
  await app.register(memberActionsModule, { now: options.now });
  await app.register(staffAccountsModule, { now: options.now });
  await app.register(staffContentModule, { now: options.now });
  await app.register(memberCareModule, { now: options.now });
  await app.register(claimsModule, { now: options.now });
  await app.register(earningRulesStaffModule, { now: options.now });
  await app.register(reportsModule, { now: options.now });
  await app.register(bookingsStaffModule, { now: options.now });
  await app.register(officesStaffModule, { now: options.now });
  await app.register(staffGiftsModule, { now: options.now });
  await app.register(overviewModule, { now: options.now });

  await app.register(benchRoutesPlugin);
  await app.register(staffConsoleAppPlugin);
  await app.register(webAppPlugin);
  return app;
}
