import type { FastifyReply } from 'fastify';
import { ErrorCode } from '@club/contract/envelope';
import type { MessageKey } from '@club/contract/message-catalogue';
import { HttpError } from '../../lib/http-error.js';

/**
 * 429 for a guest call whose client address (or office) used up its requests:
 * `message` is what the web app shows for a failed submit (a message key,
 * worded in the request's language by the error handler).
 */
export function tooManyRequests(reply: FastifyReply, retryAfterSeconds: number): HttpError {
  void reply.header('retry-after', String(retryAfterSeconds));
  return new HttpError(429, ErrorCode.tooManyRequests, {
    message: 'member.message.tooManyAttempts' satisfies MessageKey,
  });
}
