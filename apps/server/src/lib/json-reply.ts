import type { FastifyReply } from 'fastify';

export const JSON_CONTENT_TYPE = 'application/json; charset=utf-8';

/**
 * Sends an answer that was serialised (and checked against its schema) earlier,
 * typically from the content cache: Fastify passes a string or buffer with a
 * JSON content type through without serialising it again. Cached answers are
 * kept as UTF-8 buffers: a string with non-Latin characters (Greek, Arabic)
 * would be measured and encoded again on every send.
 */
export function sendSerialized(reply: FastifyReply, json: string | Buffer): FastifyReply {
  return reply.type(JSON_CONTENT_TYPE).send(json);
}
