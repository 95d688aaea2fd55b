import type { FastifyError, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ErrorCode } from '@club/contract/envelope';
import { appPlugin } from '../app-types.js';
import { isDatabaseUnavailable, isUnstorableText } from '../db/errors.js';
import { HttpError } from '../lib/http-error.js';
import { MessageWording } from '../lib/message-wording.js';
import { fieldMessages } from '../lib/validation-data.js';
import { createOutageLog } from './outage-log.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Words answers' messages in the request's language; the content module supplies the words. */
    messageWording: MessageWording;
  }
}

/** Status codes of Fastify's own client errors, with the code and field the answer gives. */
const clientErrors: Record<number, { code: ErrorCode; message: string }> = {
  400: { code: ErrorCode.validation, message: 'Malformed request' },
  413: { code: ErrorCode.validation, message: 'Request body is too large' },
  415: { code: ErrorCode.validation, message: 'Unsupported content type' },
};

/**
 * The one error handler: every error answers `{ code, data }`. Invalid input
 * gives 400 with per-field messages and the request id; an unreachable
 * database gives 503; anything else unexpected is logged and answers 500
 * without internals. Messages that are keys of the contract's catalogue are
 * worded in the request's language (`messageWording`).
 */
export const errorHandlerPlugin = appPlugin(
  (app) => {
    const logOutage = createOutageLog();
    const messageWording = new MessageWording();
    app.decorate('messageWording', messageWording);
    app.setErrorHandler(async (error: FastifyError, request, reply) => {
      const requestId = request.id;

      if (hasZodFastifySchemaValidationErrors(error)) {
        const issues = error.validation.map((issue) => ({
          path: issue.instancePath.split('/').filter((part) => part !== ''),
          message: issue.message ?? 'Invalid value',
        }));
        const words = await messageWording.words(request);
        const data = fieldMessages(issues, error.validationContext ?? 'request', { words });
        request.log.debug({ data }, 'invalid input');
        return reply.code(400).send({ code: ErrorCode.validation, data: { ...data, requestId } });
      }

      if (error instanceof HttpError) {
        const worded = await messageWording.wordData(request, error.data);
        const data =
          error.code === ErrorCode.validation && typeof worded === 'object'
            ? { ...worded, requestId }
            : worded;
        return reply.code(error.statusCode).send({ code: error.code, data });
      }

      if (isUnstorableText(error)) {
        request.log.debug({ err: error }, 'text the database cannot store');
        return reply.code(400).send({
          code: ErrorCode.validation,
          data: { body: 'Text with characters that cannot be stored', requestId },
        });
      }

      // A client that hangs up mid-request (reading its body fails with ECONNRESET) is no
      // outage, and nobody is left to answer.
      if (clientGone(request)) {
        request.log.debug({ reason: error.message }, 'client closed the connection');
        return reply.code(400).send({ code: ErrorCode.validation, data: null });
      }

      // Fastify's own errors (reading the body, parsing it) carry a status; the database's never do.
      if (typeof error.statusCode !== 'number' && isDatabaseUnavailable(error)) {
        logOutage(request.log, error);
        return reply.code(503).send({ code: ErrorCode.unavailable, data: null });
      }

      const status = typeof error.statusCode === 'number' ? error.statusCode : 500;
      if (status === 429) {
        return reply.code(429).send({ code: ErrorCode.tooManyRequests, data: null });
      }
      const known = clientErrors[status];
      if (known !== undefined) {
        request.log.debug({ err: error }, 'bad request');
        return reply
          .code(status)
          .send({ code: known.code, data: { body: known.message, requestId } });
      }
      if (status >= 400 && status < 500) {
        request.log.debug({ err: error }, 'client error');
        return reply.code(status).send({ code: codeForStatus(status), data: null });
      }

      request.log.error({ err: error }, 'unexpected error');
      return reply.code(500).send({ code: ErrorCode.internal, data: null });
    });
  },
  { name: 'error-handler' },
);

function clientGone(request: FastifyRequest): boolean {
  return request.raw.aborted || request.raw.socket?.destroyed === true;
}

function codeForStatus(status: number): ErrorCode {
  switch (status) {
    case 401:
      return ErrorCode.unauthorized;
    case 403:
      return ErrorCode.forbidden;
    case 404:
      return ErrorCode.notFound;
    case 405:
      return ErrorCode.methodNotAllowed;
    default:
      return ErrorCode.validation;
  }
}
