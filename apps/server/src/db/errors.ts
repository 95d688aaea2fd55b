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
  // pg, on a pooled connection whose server went away while it was checked out.
  'is not queryable',
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

/**
 * SQLSTATE 22021 (a character the encoding cannot hold, such as NUL) and
 * 22P05 (untranslatable character): the input carried text the database
 * cannot store. The field rules refuse such text where it is stored; this
 * catches any place they miss, as bad input (400) rather than a fault (500).
 */
const unstorableStates = new Set(['22021', '22P05']);

export function isUnstorableText(error: unknown): boolean {
  for (
    let current = error, depth = 0;
    typeof current === 'object' && current !== null && depth < 5;
    depth++
  ) {
    const { code, cause } = current as { code?: unknown; cause?: unknown };
    if (typeof code === 'string' && unstorableStates.has(code)) return true;
    current = cause;
  }
  return false;
}

/**
 * SQLSTATE classes by which the database refuses the values of a statement
 * rather than failing itself: 22 data exception (a date out of range, a
 * character it cannot hold), 23 integrity constraint violation, 54 program
 * limit exceeded (a value too large). Retrying the same values fails again;
 * other statements of the same batch may well succeed.
 */
const refusedValueClasses = /^(22|23|54)[0-9A-Z]{3}$/;

/** The SQLSTATE and message of a refusal of the values, or null for any other error. */
export function databaseRefusalOf(error: unknown): { code: string; message: string } | null {
  for (
    let current = error, depth = 0;
    typeof current === 'object' && current !== null && depth < 5;
    depth++
  ) {
    const { code, message, cause } = current as {
      code?: unknown;
      message?: unknown;
      cause?: unknown;
    };
    if (typeof code === 'string' && refusedValueClasses.test(code)) {
      return { code, message: typeof message === 'string' ? message : '' };
    }
    current = cause;
  }
  return null;
}

/** Whether an error is the unique index `constraint` refusing a second row (SQLSTATE 23505). */
export function isUniqueViolation(error: unknown, constraint: string): boolean {
  for (let current = error; typeof current === 'object' && current !== null;) {
    const {
      code,
      constraint: refusedBy,
      message,
      cause,
    } = current as { code?: unknown; constraint?: unknown; message?: unknown; cause?: unknown };
    if (
      code === '23505' &&
      (refusedBy === constraint || (typeof message === 'string' && message.includes(constraint)))
    ) {
      return true;
    }
    current = cause;
  }
  return false;
}
