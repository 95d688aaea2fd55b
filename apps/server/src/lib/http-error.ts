import { ErrorCode } from '@club/contract/envelope';

/**
 * An error that answers with its status and `{ code, data }`. Throw it from a
 * handler or hook; the error handler sends it as it is.
 */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    readonly data: unknown = null,
  ) {
    super(`${statusCode} ${code}`);
    this.name = 'HttpError';
  }
}

export const notFound = (data: Record<string, string> | null = null) =>
  new HttpError(404, ErrorCode.notFound, data);

/** 400 with per-field messages, as a validation failure of the schemas would give. */
export const validationFailed = (data: Record<string, string | string[]>) =>
  new HttpError(400, ErrorCode.validation, data);
