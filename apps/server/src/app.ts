import Fastify, {
  type FastifyError,
  type FastifyReply,
  type FastifyRequest,
  type FastifyBaseLogger,
  type FastifyInstance,
  type FastifyServerOptions,
} from 'fastify';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import formbody from '@fastify/formbody';
import rateLimit from '@fastify/rate-limit';
import { serializerCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { ErrorCode } from '@club/contract/envelope';
import type { Config, TrustProxy } from './config.js';
import type { Database } from './db/client.js';
import { deferredChildLoggerFactory } from './lib/deferred-logger.js';
import { loggerOptions, RequestLogController } from './lib/request-log.js';
import { setupAccountLinks } from './modules/account-links/account-links-module.js';
import { ContentCache } from './modules/content/content-cache.js';
import { setupAgents } from './modules/agents/agents-module.js';
import { contentModule } from './modules/content/content-module.js';
import { PageRegistry } from './modules/content/page-registry.js';
import { setupMail } from './modules/mail/mail-module.js';
import { setupPoints } from './modules/points/points-module.js';
import { setupGifts } from './modules/gifts/gifts-module.js';
import { setupAgencies } from './modules/agencies/agencies-module.js';
import { officesModule } from './modules/offices/offices-module.js';
import { setupErrorHandler } from './plugins/error-handler.js';
import { setupHealth, type BackgroundJob } from './plugins/health.js';
import { setupOpenApi } from './plugins/openapi.js';
import { urlValidatorCompiler } from './plugins/url-validation.js';
import { setupSecurityHeaders } from './plugins/security-headers.js';
import { setupWebApp } from './plugins/web-app.js';
import { setupXsrf } from './plugins/xsrf.js';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Database;
    contentCache: ContentCache;
    pageRegistry: PageRegistry;
  }
}

export type App = FastifyInstance<
  Server,
  IncomingMessage,
  ServerResponse,
  FastifyBaseLogger,
  ZodTypeProvider
>;

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
  /** Start the mail outbox worker and the purge job when the app is ready (the server does; tests start them when they need them). */
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
  const app = Fastify({
    logger: options.logger ?? {
      ...loggerOptions(config.logLevel),
      ...(options.logStream === undefined ? {} : { stream: options.logStream }),
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
  app.setValidatorCompiler(urlValidatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  app.decorate('config', config);
  app.decorate('db', db);
  app.decorate(
    'contentCache',
    new ContentCache(db, {
      revalidateMs: options.contentRevalidateMs,
      now: options.now,
      log: app.log,
    }),
  );
  app.decorate('pageRegistry', new PageRegistry());

  setupErrorHandler(app);
  setupHealth(app, {
    answerTimeoutMs: config.databaseAnswerTimeoutMs,
    // Only a process that runs the background jobs needs them running to be ready.
    jobs: (): Record<string, BackgroundJob> =>
      options.backgroundJobs === true
        ? {
            mailOutbox: app.mailWorker,
            memberPurge: app.memberPurge,
            pointsClock: app.pointsClock,
            orderQueue: app.orderWorker,
          }
        : {},
  });
  await setupSecurityHeaders(app, config);
  await app.register(formbody);
  // Only routes that ask for it are limited (the error log).
  await app.register(rateLimit, { global: false });
  setupXsrf(app, config);
  await setupOpenApi(app);

  await app.register(contentModule);
  // Authentication decorates the app itself: every later module may require a member.
  await setupAgents(app, { now: options.now });
  await app.register(officesModule, { now: options.now });
  setupAgencies(app, { now: options.now });
  await setupPoints(app, { now: options.now });
  await setupGifts(app, { now: options.now, backgroundJobs: options.backgroundJobs });

  // Mail outbox and the emailed-link flows; their timers run only when asked for.
  setupMail(app);
  setupAccountLinks(app);
  if (options.backgroundJobs === true) {
    app.addHook('onReady', (done) => {
      app.mailWorker.start();
      app.memberPurge.start();
      app.pointsClock.start();
      done();
    });
  }

  await setupWebApp(app, config);
  return app;
}
