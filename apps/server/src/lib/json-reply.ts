import type { FastifyReply } from 'fastify';

export const JSON_CONTENT_TYPE = 'application/json; charset=utf-8';

/**
 * Sends an answer that was serialised (and checked against its schema) earlier,
 * typically from the content cache: Fastify passes a string with a JSON
 * content type through without serialising it again.
 */
export function sendSerialized(reply: FastifyReply, json: string): FastifyReply {
  return reply.type(JSON_CONTENT_TYPE).send(json);
}
