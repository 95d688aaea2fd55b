import type { FastifyRequest } from 'fastify';
import { ErrorCode } from '@club/contract/envelope';
import { HttpError } from '../../lib/http-error.js';

/**
 * The logged-in member of a request, as the authentication module sets it
 * (`request.agent`). Read through this one narrow cast rather than a second
 * declaration of the field, which would have to match the owner's exactly.
 */
export function currentMemberId(request: FastifyRequest): number {
  const agent = (request as FastifyRequest & { agent?: { id?: unknown } | null }).agent;
  if (typeof agent?.id !== 'number') throw new HttpError(401, ErrorCode.unauthorized, null);
  return agent.id;
}
