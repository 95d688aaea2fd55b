/**
 * Whether an error means the database cannot be reached (answer 503) rather
 * than a fault of ours (answer 500). Drizzle wraps driver errors, so the
 * cause chain is searched.
 */
const networkCodes = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EPIPE',
]);

/** SQLSTATE classes and codes: connection exceptions, shutdown, too many connections. */
const unavailableStates = /^(08...|57P0[1-3]|53300)$/;

const unavailableMessages = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Cannot use a pool after calling end',
  'PGlite is closed',
];

export function isDatabaseUnavailable(error: unknown): boolean {
  const seen = new Set<unknown>();
  const queue: unknown[] = [error];
  while (queue.length > 0) {
    const current = queue.shift();
    if (typeof current !== 'object' || current === null || seen.has(current)) continue;
    seen.add(current);
    const { code, message, cause, errors } = current as {
      code?: unknown;
      message?: unknown;
      cause?: unknown;
      errors?: unknown;
    };
    if (typeof code === 'string' && (networkCodes.has(code) || unavailableStates.test(code)))
      return true;
    if (typeof message === 'string' && unavailableMessages.some((text) => message.includes(text)))
      return true;
    queue.push(cause);
    if (Array.isArray(errors)) queue.push(...(errors as unknown[]));
  }
  return false;
}
