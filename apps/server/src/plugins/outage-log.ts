import type { FastifyBaseLogger } from 'fastify';

/**
 * While the database is down every request answers 503: logging each one,
 * with its stack, would bury the log in thousands of lines a minute. The
 * first 503 of an outage is logged at once, then one line per interval that
 * counts the 503s answered since.
 */
export function createOutageLog(
  intervalMs = 10_000,
  now: () => number = Date.now,
): (log: FastifyBaseLogger, error: Error) => void {
  let loggedAt = Number.NEGATIVE_INFINITY;
  let answered = 0;
  return (log, error) => {
    answered += 1;
    const at = now();
    if (at - loggedAt < intervalMs) return;
    log.error({ reason: error.message, answered503: answered }, 'database unavailable');
    loggedAt = at;
    answered = 0;
  };
}
