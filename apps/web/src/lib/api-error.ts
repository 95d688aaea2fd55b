import type { MessageKey } from '@club/contract/message-catalogue';

/**
 * A failed call: the HTTP status (0 when the network failed), the server's
 * error code and its data (spec 2 §7 "errors through an error object with a
 * code and data").
 */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly data: unknown;

  constructor(status: number, code: string, data: unknown) {
    super(`${status === 0 ? 'Network failure' : `HTTP ${status}`}: ${code}`);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.data = data;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** What the user sees for each failure (spec 1 §8, spec 2 §8), in English. */
export const errorMessages = {
  unavailable: 'Services are unavailable. Try again later',
  notFound: 'Page not found',
  noAccess: 'No access to this page',
  loadUnrecognized: 'Page/layout loading unrecognized error',
} as const;

/** The generic submit error: a message key, worded in the page's language where it shows. */
export const submitFailed = 'error.submitFailed' satisfies MessageKey;

/**
 * How a failed page or layout load is shown: 404 gives the 404 screen,
 * 401 or 403 the 403 screen, anything else the "Services are unavailable" banner.
 */
export type LoadFailure = 'not-found' | 'no-access' | 'unavailable';

export function loadFailure(error: unknown): LoadFailure {
  if (!isApiError(error)) return 'unavailable';
  if (error.status === 404) return 'not-found';
  if (error.status === 401 || error.status === 403) return 'no-access';
  return 'unavailable';
}

/**
 * The message of a failed form submit: the error's own message when it has
 * one (worded by the server), else the generic submit error's key.
 */
export function submitErrorMessage(error: unknown): string {
  if (isApiError(error) && isRecord(error.data) && typeof error.data.message === 'string') {
    return error.data.message;
  }
  return submitFailed;
}

/**
 * Per-field messages of a 400 answer (spec 1 §5 "Server validation"): every
 * field of the data except requestId; a string is one message, a list gives
 * numbered messages (kept in order). Null when the error is not such an answer.
 */
export function fieldMessages(error: unknown): Record<string, string[]> | null {
  if (!isApiError(error) || error.status !== 400 || !isRecord(error.data)) return null;
  const result: Record<string, string[]> = {};
  for (const [field, value] of Object.entries(error.data)) {
    if (field === 'requestId') continue;
    if (typeof value === 'string') result[field] = [value];
    else if (Array.isArray(value))
      result[field] = value.filter((item): item is string => typeof item === 'string');
  }
  return result;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
