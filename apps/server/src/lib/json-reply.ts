import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { FastifyReply } from 'fastify';

export const JSON_CONTENT_TYPE = 'application/json; charset=utf-8';

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/** Below this size compression saves less than it costs the client. */
const COMPRESS_FROM_BYTES = 1024;

/**
 * A JSON answer serialised once (typically per content version) with its
 * brotli and gzip copies, compressed at most once too: the layout and the
 * content pages are fetched on every page view, and browsers accept both.
 */
export type EncodedJson = {
  readonly identity: Buffer;
  readonly br: Buffer | undefined;
  readonly gzip: Buffer | undefined;
};

/** The answer as sent: uncompressed, for answers built per request. */
export function plainJson(json: string): EncodedJson {
  return { identity: Buffer.from(json), br: undefined, gzip: undefined };
}

/** The answer with its compressed copies, for answers that are kept and sent many times. */
export async function encodeJson(json: string): Promise<EncodedJson> {
  const identity = Buffer.from(json);
  if (identity.length < COMPRESS_FROM_BYTES) return { identity, br: undefined, gzip: undefined };
  const [br, gz] = await Promise.all([
    brotli(identity, {
      params: {
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: identity.length,
      },
    }),
    gzipped(identity, { level: 9 }),
  ]);
  return { identity, br, gzip: gz };
}

/** Browsers send one Accept-Encoding value over and over: remember the last one's coding. */
let lastHeader: string | undefined;
let lastCoding: 'br' | 'gzip' | undefined;

function bestCoding(header: string | undefined): 'br' | 'gzip' | undefined {
  if (header !== lastHeader) {
    lastCoding = accepts(header, 'br') ? 'br' : accepts(header, 'gzip') ? 'gzip' : undefined;
    lastHeader = header;
  }
  return lastCoding;
}

function isEncoded(json: string | Buffer | EncodedJson): json is EncodedJson {
  return typeof json === 'object' && !Buffer.isBuffer(json);
}

/**
 * Whether an Accept-Encoding header accepts `coding` (RFC 9110 §12.5.3): named
 * or `*`, and not with q=0.
 */
export function accepts(header: string | undefined, coding: 'br' | 'gzip'): boolean {
  if (header === undefined || header === '') return false;
  let wildcard = false;
  for (const part of header.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const refused = params.some((param) => /^\s*q\s*=\s*0(?:\.0{0,3})?\s*$/.test(param));
    if (name.trim() === coding) return !refused;
    if (name.trim() === '*') wildcard = !refused;
  }
  return wildcard;
}

/**
 * Sends an answer that was serialised (and checked against its schema) earlier,
 * typically from the content cache: Fastify passes a string or buffer with a
 * JSON content type through without serialising it again. Cached answers are
 * kept as UTF-8 buffers: a string with non-Latin characters (Greek, Arabic)
 * would be measured and encoded again on every send. An encoded answer goes
 * out in the best coding the client accepts.
 */
export function sendSerialized(
  reply: FastifyReply,
  json: string | Buffer | EncodedJson,
): FastifyReply {
  reply.type(JSON_CONTENT_TYPE);
  if (!isEncoded(json)) return reply.send(json);
  if (json.br === undefined || json.gzip === undefined) return reply.send(json.identity);
  reply.header('vary', 'accept-encoding');
  const coding = bestCoding(reply.request.headers['accept-encoding']);
  if (coding === undefined) return reply.send(json.identity);
  return reply.header('content-encoding', coding).send(json[coding]);
}
