import { createHash, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { dataEnvelope, ErrorBodySchema, ErrorCode } from '@club/contract/envelope';
import { HttpError, notFound } from '../../../lib/http-error.js';
import { dayOf } from '../calendar-days.js';
import { ImportFailed } from './import-bookings.js';
import { bookingQueueActor, importBookingsRecorded } from './import-history.js';
import { ImportSummarySchema } from './import-summary.js';
import { textLines } from './queue-lines.js';

/** The most a request may carry; larger queues go in several requests or through the import command. */
export const MAX_BODY_BYTES = 5 * 1024 * 1024;
export const MAX_BODY_LINES = 10_000;

export const QUEUE_CONTENT_TYPE = 'application/x-ndjson';

export type BookingQueueRoutesOptions = { now: () => number };

const digest = (value: string): Buffer => createHash('sha256').update(value).digest();

/** `Authorization: ApiKey {key}` against the configured key, in constant time (digests of equal length). */
function hasQueueKey(request: FastifyRequest, key: string): boolean {
  const match = /^ApiKey (\S+)$/.exec(request.headers.authorization ?? '');
  return match !== null && timingSafeEqual(digest(match[1]!), digest(key));
}

/** Why a request may not use the queue call, checked before its body is read; undefined when it may. */
function refusal(request: FastifyRequest, key: string | undefined): HttpError | undefined {
  if (key === undefined) return notFound();
  if (!hasQueueKey(request, key)) return new HttpError(401, ErrorCode.unauthorized, null);
  const type = request.headers['content-type']?.split(';')[0]?.trim().toLowerCase();
  if (type !== QUEUE_CONTENT_TYPE) {
    return new HttpError(415, ErrorCode.validation, { body: `Send ${QUEUE_CONTENT_TYPE}` });
  }
  return undefined;
}

/**
 * The reservation-system side's way in (docs/bookings.md): a booking queue
 * in the request body, imported by the same function as the import command.
 * Authenticated by the configured API key only — a member's session opens
 * nothing here — and off (404) while no key is configured.
 */
export const bookingQueueRoutes: FastifyPluginCallbackZod<BookingQueueRoutesOptions> = (
  app,
  options,
  done,
) => {
  const { db, config } = app;

  // Registered in this plugin's scope only: no other call takes JSON Lines.
  app.addContentTypeParser(
    QUEUE_CONTENT_TYPE,
    { parseAs: 'string', bodyLimit: MAX_BODY_BYTES },
    (_request, body, parsed) => parsed(null, body),
  );

  app.post(
    '/s2c/bookings/v1/queue',
    {
      bodyLimit: MAX_BODY_BYTES,
      // Before the body is read: without the key nothing is parsed.
      onRequest: (request, _reply, next) =>
        next(refusal(request, config.points.bookingQueueApiKey)),
      schema: {
        tags: ['points'],
        summary: 'Booking queue in (reservation-system side)',
        description: `Body: \`${QUEUE_CONTENT_TYPE}\`, one booking record per line (docs/bookings.md), at most ${MAX_BODY_LINES} lines and ${MAX_BODY_BYTES} bytes. Header \`Authorization: ApiKey {BOOKING_QUEUE_API_KEY}\`; member sessions are not accepted. Answers the import summary; malformed lines are listed, never fatal. Sending the same body again changes nothing.`,
        consumes: [QUEUE_CONTENT_TYPE],
        body: z.string(),
        response: {
          200: dataEnvelope(ImportSummarySchema),
          400: ErrorBodySchema.describe('The body is not a JSON Lines text'),
          401: ErrorBodySchema.describe('No or a wrong API key'),
          404: ErrorBodySchema.describe('No API key is configured: the endpoint is off'),
          413: ErrorBodySchema.describe(
            `More than ${MAX_BODY_BYTES} bytes or ${MAX_BODY_LINES} lines`,
          ),
          415: ErrorBodySchema.describe(`Another content type than ${QUEUE_CONTENT_TYPE}`),
          503: ErrorBodySchema.describe('The database cannot be reached'),
        },
      },
    },
    async (request) => {
      const lines = textLines(request.body);
      if (lines.length > MAX_BODY_LINES) {
        throw new HttpError(413, ErrorCode.validation, {
          body: `At most ${MAX_BODY_LINES} lines per request`,
        });
      }
      try {
        const { summary } = await importBookingsRecorded(
          db,
          lines,
          { today: dayOf(options.now()) },
          {
            actor: bookingQueueActor,
            source: 'booking-queue',
            fileName: 'POST /s2c/bookings/v1/queue',
            now: options.now,
          },
        );
        // Counts only: a malformed line's message may quote the line.
        const { malformed, ...counts } = summary;
        request.log.info(
          { event: 'bookings.imported', ...counts, malformedListed: malformed.length },
          'booking import finished',
        );
        return { data: summary };
      } catch (error) {
        // The error handler tells an unreachable database (503) from a fault (500).
        if (error instanceof ImportFailed) throw error.cause;
        throw error;
      }
    },
  );

  done();
};
