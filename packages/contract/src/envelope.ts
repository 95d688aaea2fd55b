import { z } from 'zod';

/**
 * Every answer of the API is `{ "data": … }`; every error answers with its HTTP
 * status and `{ "code": …, "data": … }` (spec 2 §7 "Responses are read through
 * a data field, and errors through an error object with a code and data").
 */
export const dataEnvelope = <T extends z.ZodType>(data: T) => z.object({ data });

/** Error codes the server sends; the web app maps them to the spec's catalogue. */
export const ErrorCode = {
  validation: 'VALIDATION_FAILED',
  notFound: 'NOT_FOUND',
  unauthorized: 'UNAUTHORIZED',
  forbidden: 'FORBIDDEN',
  /** The change does not apply to the target as it is now (staff actions). */
  conflict: 'CONFLICT',
  methodNotAllowed: 'METHOD_NOT_ALLOWED',
  xsrf: 'XSRF_TOKEN_MISMATCH',
  tooManyRequests: 'TOO_MANY_REQUESTS',
  unavailable: 'SERVICE_UNAVAILABLE',
  internal: 'INTERNAL_ERROR',
} as const;
export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];

/**
 * 400 answer data: one entry per field (a string is one message, a list gives
 * numbered messages) plus the request id, which the client ignores (spec 1 §5).
 */
export const ValidationErrorDataSchema = z
  .object({ requestId: z.string().optional() })
  .catchall(z.union([z.string(), z.array(z.string())]));
export type ValidationErrorData = z.infer<typeof ValidationErrorDataSchema>;

export const ErrorBodySchema = z.object({
  code: z.string(),
  data: z.unknown(),
});
export type ErrorBody = z.infer<typeof ErrorBodySchema>;

/**
 * A page-form answer that carries `validationMessages` (keyed by field name, with
 * nested lists) is field validation, not success (spec 1 §5, spec 2 §5).
 */
export const ValidationMessagesSchema = z.record(
  z.string(),
  z.union([z.string(), z.array(z.union([z.string(), z.array(z.string())]))]),
);
export type ValidationMessages = z.infer<typeof ValidationMessagesSchema>;
