import {
  LogController,
  type FastifyBaseLogger,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
} from 'fastify';

/**
 * Fields that may hold a credential or a member's input, where a log call
 * would put them: they are written as `[redacted]`. Exact paths only: pino's
 * wildcard paths cost more per line than a whole request of the club. The
 * request line itself carries no headers, query or body at all.
 */
export const redactedPaths = [
  'password',
  'newPassword',
  'token',
  'apiKey',
  'body',
  'headers.authorization',
  'headers.cookie',
  'req.headers.authorization',
  'req.headers.cookie',
  'req.body',
  'res.headers["set-cookie"]',
];

/** pino's options for the server: the level and the redaction above. */
export function loggerOptions(
  level: string,
): Exclude<FastifyServerOptions['logger'], boolean | undefined> {
  return { level, redact: { paths: redactedPaths, censor: '[redacted]' } };
}

/**
 * One line per request, written when the answer is finished: method, route
 * pattern (never the URL, whose query may carry an emailed link's token),
 * status, duration and request id. Fastify's own "incoming request" and
 * "request completed" pair is not written. The line goes through the root
 * logger with the id as a field, so no child logger is made for it.
 */
export class RequestLogController extends LogController {
  private logger: FastifyBaseLogger | undefined;

  constructor() {
    super({ disableRequestLogging: true });
  }

  /** The logger the lines go to; set once the app (and its logger) exists. */
  writeTo(logger: FastifyBaseLogger): void {
    this.logger = logger;
  }

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    const logger = this.logger;
    if (logger === undefined) return;
    const line = {
      reqId: request.id,
      method: request.method,
      // Page views and unknown paths have no route of their own.
      route: request.routeOptions.url ?? '*',
      status: reply.statusCode,
      ms: Math.round(reply.elapsedTime * 10) / 10,
    };
    // An error here is the answer's own stream failing, mostly a client gone mid-answer: not ours to alarm about.
    logger.info(error ? { ...line, error: error.message } : line, 'request');
  }
}
