import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app.js';

let withLog: TestApp;
let withoutLog: TestApp;
beforeAll(async () => {
  withLog = await createTestApp({ config: { errorLog: true } });
  withoutLog = await createTestApp({ database: withLog.database });
});
afterAll(async () => {
  await withoutLog.close();
  await withLog.close();
});

describe('GET /s2c/content/v1/texts', () => {
  it('answers the text of a key in the country and language', async () => {
    const response = await withLog.app.inject({ url: '/s2c/content/v1/texts?key=subscribe' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      data: { key: 'subscribe', value: 'Fixture subscribe text' },
    });
    const greek = await withLog.app.inject({
      url: '/s2c/content/v1/texts?key=subscribe&languageCode=ell',
    });
    expect(greek.json()).toEqual({ data: { key: 'subscribe', value: 'Κείμενο εγγραφής' } });
  });

  it('answers 404 for a key without text', async () => {
    const response = await withLog.app.inject({
      url: '/s2c/content/v1/texts?key=agencyOptIn&countryCode=ae',
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ code: 'NOT_FOUND', data: { key: 'No text for this key' } });
  });

  it.each(['', '?key=', '?key=has%20space', `?key=${'k'.repeat(101)}`])(
    'answers 400 for key query %j',
    async (query) => {
      const response = await withLog.app.inject({ url: `/s2c/content/v1/texts${query}` });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        code: 'VALIDATION_FAILED',
        data: { key: expect.any(String) as unknown },
      });
    },
  );
});

describe('POST /content/v1/log', () => {
  it('takes a message when ERROR_LOG is on', async () => {
    const response = await withLog.app.inject({
      method: 'POST',
      url: '/content/v1/log',
      payload: { message: 'TypeError: x is undefined' },
    });
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');
  });

  it('writes the message to the log at warn level with the request id', async () => {
    const lines: string[] = [];
    const logged = await createTestApp({
      database: withLog.database,
      config: { errorLog: true },
      logger: { level: 'info', stream: { write: (line: string) => void lines.push(line) } },
    });
    try {
      const response = await logged.app.inject({
        method: 'POST',
        url: '/content/v1/log',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'message=Client+failure',
      });
      expect(response.statusCode).toBe(204);
      const entries = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
      expect(entries).toContainEqual(
        expect.objectContaining({
          level: 40,
          clientMessage: 'Client failure',
          reqId: expect.any(String) as unknown,
        }),
      );
    } finally {
      await logged.close();
    }
  });

  it('rejects an empty or oversized message', async () => {
    for (const message of ['', 'x'.repeat(4001)]) {
      const response = await withLog.app.inject({
        method: 'POST',
        url: '/content/v1/log',
        payload: { message },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        code: 'VALIDATION_FAILED',
        data: { message: expect.any(String) as unknown },
      });
    }
  });

  it('is limited per address', async () => {
    const send = () =>
      withLog.app.inject({
        method: 'POST',
        url: '/content/v1/log',
        remoteAddress: '198.51.100.7',
        payload: { message: 'again' },
      });
    for (let i = 0; i < 30; i++) expect((await send()).statusCode).toBe(204);
    const limited = await send();
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ code: 'TOO_MANY_REQUESTS', data: null });
  });

  it('does not exist when ERROR_LOG is off', async () => {
    const response = await withoutLog.app.inject({
      method: 'POST',
      url: '/content/v1/log',
      payload: { message: 'hello' },
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ code: 'NOT_FOUND', data: null });
  });
});
