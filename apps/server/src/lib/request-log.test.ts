import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { hangingClient } from '../testing/hanging-client.js';
import { createTestApp, type TestApp } from '../testing/test-app.js';

/** The server's log, read from its pino stream: one JSON object a line. */
type LogLine = Record<string, unknown> & { level: number; msg: string };
const lines: LogLine[] = [];
const logStream = { write: (line: string) => void lines.push(JSON.parse(line) as LogLine) };
const requestLines = () => lines.filter((line) => line.msg === 'request');

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ config: { logLevel: 'info' }, logStream });
});
afterAll(() => t.close());
beforeEach(() => {
  lines.length = 0;
});

describe('the request log', () => {
  it('writes one line per request: method, route pattern, status, duration and request id', async () => {
    const response = await t.app.inject({ url: '/s2c/content/v1/layout/?countryCode=gr' });
    expect(response.statusCode).toBe(200);
    expect(requestLines()).toHaveLength(1);
    const [line] = requestLines();
    expect(line).toMatchObject({
      level: 30,
      method: 'GET',
      route: '/s2c/content/v1/layout/',
      status: 200,
      reqId: expect.stringMatching(/^req-/) as unknown,
    });
    expect(typeof line?.ms).toBe('number');
    // Nothing else about the request: no URL, headers or body.
    expect(Object.keys(line ?? {}).sort()).toEqual(
      [
        'hostname',
        'level',
        'method',
        'ms',
        'msg',
        'pid',
        'reqId',
        'route',
        'status',
        'time',
      ].sort(),
    );
  });

  it('names the route pattern, not the path, and * for page views and unknown paths', async () => {
    await t.app.inject({ url: '/s2c/content/v1/pages/faq/?countryCode=gr' });
    await t.app.inject({ url: '/s2c/no/such/call' });
    expect(requestLines().map((line) => [line.route, line.status])).toEqual([
      ['/s2c/content/v1/pages/:pageName/', 200],
      ['*', 404],
    ]);
  });

  it('never writes tokens, passwords, cookies or bodies', async () => {
    const password = 'Secret-pass-9';
    const token = 'a'.repeat(43);
    const linkToken = 'L1nkT0kenFromAnEmail';
    await t.app.inject({
      method: 'POST',
      url: '/s2c/auth/v1/token/agent',
      headers: { authorization: `Bearer ${token}`, cookie: 'XSRF-TOKEN=cookie-value-123456' },
      payload: { username: '123456', password },
    });
    await t.app.inject({
      url: `/s2c/content/v1/pages/registration-email-confirm/?countryCode=gr&token=${linkToken}`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(requestLines()).toHaveLength(2);
    const text = lines.map((line) => JSON.stringify(line)).join('\n');
    for (const secret of [password, token, linkToken, 'cookie-value-123456', '123456"']) {
      expect(text).not.toContain(secret);
    }
  });

  it('redacts credentials and bodies that other log calls pass along', () => {
    t.app.log.info(
      {
        headers: { authorization: 'Bearer abc', cookie: 'XSRF-TOKEN=xyz', accept: 'text/html' },
        password: 'p4ssword',
        newPassword: 'n3wpassword',
        token: 'emailed',
        apiKey: 'key-123',
        body: { note: 'member input' },
        memberId: 7,
      },
      'something',
    );
    expect(lines.at(-1)).toMatchObject({
      headers: { authorization: '[redacted]', cookie: '[redacted]', accept: 'text/html' },
      password: '[redacted]',
      newPassword: '[redacted]',
      token: '[redacted]',
      apiKey: '[redacted]',
      body: '[redacted]',
      memberId: 7,
    });
  });
});

describe('a client that aborts its request', () => {
  let port: number;
  beforeAll(async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as { port: number }).port;
  });

  it('is not logged as a database outage, nor as an error', async () => {
    const socket = await hangingClient(port);
    await new Promise((resolve) => setTimeout(resolve, 100));
    socket.destroy();
    await new Promise((resolve) => setTimeout(resolve, 300));

    expect(lines.filter((line) => line.msg === 'database unavailable')).toEqual([]);
    expect(lines.filter((line) => line.level >= 50)).toEqual([]);
    // And the next request of the database is answered as ever.
    const layout = await t.app.inject({ url: '/s2c/content/v1/layout/?countryCode=gr' });
    expect(layout.statusCode).toBe(200);
  });
});
