import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAgent } from '../../../testing/factories.js';
import { createTestApp, type TestApp } from '../../../testing/test-app.js';
import { sessionToken } from '../../../testing/agent-requests.js';
import { MAX_BODY_BYTES, MAX_BODY_LINES } from './queue-route.js';
import type { ImportSummary } from './import-summary.js';
import {
  bookingOf,
  bookingRecord,
  jsonLines,
  ledgerProblems,
  postQueue,
  QUEUE_KEY,
  queueConfig,
} from '../../../testing/booking-records.js';

/** `POST /s2c/bookings/v1/queue`: the API key, the limits, the answer. */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ config: queueConfig() });
});
afterAll(() => t.close());

const unauthorized = { code: 'UNAUTHORIZED', data: null };

describe('the booking queue call', () => {
  it('is off (404) while no API key is configured', async () => {
    const off = await createTestApp({ database: t.database });
    try {
      const response = await postQueue(off.app, jsonLines([bookingRecord({ pnr: 'OFF001' })]));
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ code: 'NOT_FOUND', data: null });
    } finally {
      await off.close();
    }
  });

  it('answers 401 without the key, with a wrong key, and to a member session', async () => {
    const agent = await createAgent(t.database.db, { officeId: 'ATHGR0001' });
    const token = await sessionToken(t.app, agent.number, agent.password);
    const body = jsonLines([bookingRecord({ pnr: 'KEY001', member: agent.number })]);
    for (const headers of [
      {} as Record<string, string>,
      { authorization: 'ApiKey wrong-key-0123456789abcdefghij' },
      { authorization: `ApiKey ${QUEUE_KEY}x` },
      { authorization: `apikey ${QUEUE_KEY}` },
      { authorization: `Bearer ${QUEUE_KEY}` },
      { authorization: `Bearer ${token}` },
      { authorization: `ApiKey ${token}` },
    ]) {
      const response = await postQueue(t.app, body, headers);
      expect(response.statusCode, JSON.stringify(headers)).toBe(401);
      expect(response.json()).toEqual(unauthorized);
    }
    await expect(bookingOf(t.database.db, 'KEY001')).rejects.toThrow();
  });

  it('answers 401 before reading a body of any size', async () => {
    const response = await postQueue(t.app, 'x'.repeat(MAX_BODY_BYTES + 1), {});
    expect(response.statusCode).toBe(401);
  });

  it('imports JSON Lines without an XSRF cookie and answers the summary', async () => {
    const agent = await createAgent(t.database.db, { officeId: 'ATHGR0001' });
    const response = await postQueue(
      t.app,
      jsonLines([
        bookingRecord({ pnr: 'OK0001', member: agent.number, segments: [{ used: true }] }),
        bookingRecord({ pnr: 'OK0002' }),
        '{',
      ]),
    );
    expect(response.statusCode).toBe(200);
    const summary = response.json<{ data: ImportSummary }>().data;
    expect(summary).toMatchObject({
      lines: 3,
      accepted: 1,
      updated: 0,
      unchanged: 0,
      malformed: [{ line: 3, message: 'not valid JSON' }],
      malformedCount: 1,
      segments: 2,
    });
    expect(summary.rejected['no-remark']).toBe(1);
    expect(Object.keys(summary.rejected)).toHaveLength(10);
    expect((await bookingOf(t.database.db, 'OK0001')).state).toBe('accepted');
    expect(await ledgerProblems(t.database.db)).toEqual([]);
  });

  it('takes CRLF line ends and a charset parameter', async () => {
    const response = await postQueue(
      t.app,
      [bookingRecord({ pnr: 'CRLF01' }), bookingRecord({ pnr: 'CRLF02' })]
        .map((record) => JSON.stringify(record))
        .join('\r\n'),
      {
        authorization: `ApiKey ${QUEUE_KEY}`,
        'content-type': 'application/x-ndjson; charset=utf-8',
      },
    );
    expect(response.statusCode).toBe(200);
    expect(response.json<{ data: ImportSummary }>().data.rejected['no-remark']).toBe(2);
  });

  it('answers 415 to another content type', async () => {
    for (const contentType of ['application/json', 'text/plain']) {
      const response = await postQueue(t.app, JSON.stringify(bookingRecord({ pnr: 'TYPE01' })), {
        authorization: `ApiKey ${QUEUE_KEY}`,
        'content-type': contentType,
      });
      expect(response.statusCode, contentType).toBe(415);
      expect(response.json<{ code: string }>().code).toBe('VALIDATION_FAILED');
    }
  });

  it('answers 413 to a body over the size limit', async () => {
    const response = await postQueue(t.app, '\n'.repeat(MAX_BODY_BYTES + 1));
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      data: { body: 'Request body is too large' },
    });
  });

  it('answers 413 to more lines than the limit, and takes exactly the limit', async () => {
    const over = await postQueue(t.app, '\n'.repeat(MAX_BODY_LINES + 1));
    expect(over.statusCode).toBe(413);
    expect(over.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      data: { body: `At most ${MAX_BODY_LINES} lines per request` },
    });
    const limit = await postQueue(t.app, '\n'.repeat(MAX_BODY_LINES));
    expect(limit.statusCode).toBe(200);
    expect(limit.json<{ data: ImportSummary }>().data.lines).toBe(MAX_BODY_LINES);
  });

  it('is in the OpenAPI document under points, with its content type', async () => {
    const response = await t.app.inject({ url: '/s2c/openapi.json' });
    const document = response.json<{
      paths: Record<
        string,
        { post?: { tags?: string[]; requestBody?: { content: Record<string, unknown> } } }
      >;
    }>();
    const call = document.paths['/s2c/bookings/v1/queue']?.post;
    expect(call?.tags).toEqual(['points']);
    expect(Object.keys(call?.requestBody?.content ?? {})).toEqual(['application/x-ndjson']);
  });
});
