import pino from 'pino';
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

/** How long a buffered log line may wait for others before it is written anyway. */
const LOG_FLUSH_MS = 250;

/**
 * Standard output for the log, written in chunks of about 4 kB instead of
 * one write per line: the per-request line's write was about a third of a
 * cached content answer's CPU time (bench/run.ts `api`). Lines wait at most
 * LOG_FLUSH_MS; pino writes what is buffered when the process exits, on a
 * signal or an uncaught exception too. A machine that loses power loses up
 * to 4 kB of lines (never the audit, which is in the database).
 */
export function bufferedStdout(dest: number | string = 1): {
  stream: ReturnType<typeof pino.destination>;
  stop: () => void;
} {
  const stream = pino.destination({ dest, sync: false, minLength: 4096 });
  const timer = setInterval(() => stream.flush(), LOG_FLUSH_MS);
  timer.unref();
  return {
    stream,
    stop: () => {
      clearInterval(timer);
      stream.flushSync();
    },
  };
}
