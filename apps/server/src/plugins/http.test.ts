import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { createTestApp, type TestApp } from '../testing/test-app.js';
import { apiSecurityHeaders } from './security-headers.js';
import { readCookie } from './xsrf.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    setup: (app) => {
      app.pageRegistry.register({
        name: 'test-echo',
        load: () => ({}),
        submit: {
          body: z.object({ value: z.string().optional() }),
          response: z.object({ value: z.string() }),
          handle: ({ body }) => ({ value: body.value ?? '' }),
        },
      });
      // Hands a text to the database as it came, as any insert or lookup would.
      app.post('/s2c/test-store', async (request) => {
        const { value } = request.body as { value: string };
        await app.db.execute(sql`select ${value}::text`);
        return { data: null };
      });
    },
  });
});
afterAll(() => t.close());

const echoUrl = '/s2c/content/v1/pages/test-echo/';

function xsrfCookie(response: { cookies: { name: string; value: string }[] }): string | undefined {
  return response.cookies.find((cookie) => cookie.name === 'XSRF-TOKEN')?.value;
}

describe('readCookie', () => {
  it('finds the named cookie among others, exactly by name', () => {
    const header = 'XSRF-TOKEN2=other; theme=dark;  XSRF-TOKEN=abc=def ; XSRF-TOKEN=second';
    expect(readCookie(header, 'XSRF-TOKEN')).toBe('abc=def');
    expect(readCookie(header, 'theme')).toBe('dark');
    expect(readCookie(header, 'missing')).toBeUndefined();
    expect(readCookie('novalue; XSRF-TOKEN', 'XSRF-TOKEN')).toBeUndefined();
    expect(readCookie(undefined, 'XSRF-TOKEN')).toBeUndefined();
  });
});

describe('XSRF double submit', () => {
  it('sets a random token cookie on GET answers when the request has none', async () => {
    const first = await t.app.inject({ url: '/s2c/content/v1/layout/' });
    const second = await t.app.inject({ url: '/s2c/content/v1/layout/' });
    const cookie = first.cookies.find((item) => item.name === 'XSRF-TOKEN');
    expect(cookie).toMatchObject({ path: '/', sameSite: 'Lax' });
    expect(cookie?.httpOnly).toBeFalsy();
    expect(cookie?.secure).toBeFalsy();
    expect(cookie?.value).toMatch(/^[A-Za-z0-9_-]{16,}$/);
    expect(xsrfCookie(second)).not.toBe(cookie?.value);

    const again = await t.app.inject({
      url: '/s2c/content/v1/layout/',
      cookies: { 'XSRF-TOKEN': cookie?.value ?? '' },
    });
    expect(xsrfCookie(again)).toBeUndefined();
  });

  it('marks the cookie Secure in production', async () => {
    const production = await createTestApp({ database: t.database, config: { production: true } });
    try {
      const response = await production.app.inject({ url: '/s2c/content/v1/layout/' });
      expect(response.cookies.find((item) => item.name === 'XSRF-TOKEN')?.secure).toBe(true);
      expect(response.headers['strict-transport-security']).toContain('max-age=');
    } finally {
      await production.close();
    }
  });

  it('answers 403 when a non-GET call carries the cookie but not the same header', async () => {
    for (const headers of [{}, { 'x-xsrf-token': 'something-else-entirely' }]) {
      const response = await t.app.inject({
        method: 'POST',
        url: echoUrl,
        cookies: { 'XSRF-TOKEN': 'token-from-the-cookie-0001' },
        headers,
        payload: { value: 'x' },
      });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ code: 'XSRF_TOKEN_MISMATCH', data: null });
    }
  });

  it('passes when the header matches the cookie, or when there is no cookie', async () => {
    const matching = await t.app.inject({
      method: 'POST',
      url: echoUrl,
      cookies: { 'XSRF-TOKEN': 'token-from-the-cookie-0001' },
      headers: { 'x-xsrf-token': 'token-from-the-cookie-0001' },
      payload: { value: 'x' },
    });
    expect(matching.statusCode).toBe(200);
    expect(matching.json()).toEqual({ data: { value: 'x' } });
    const withoutCookie = await t.app.inject({
      method: 'POST',
      url: echoUrl,
      payload: { value: 'y' },
    });
    expect(withoutCookie.statusCode).toBe(200);
  });
});

describe('malformed input', () => {
  it.each([
    ['application/json', '{"value": '],
    ['application/json', '{"__proto__": {"x": 1}}'],
    ['application/json', ''],
    ['application/json', '"just a string"'],
    ['application/json', '{"value": {"nested": true}}'],
  ])('answers 400 VALIDATION_FAILED for a %s body %j', async (type, payload) => {
    const response = await t.app.inject({
      method: 'POST',
      url: echoUrl,
      headers: { 'content-type': type },
      payload,
    });
    expect(response.statusCode).toBe(400);
    const body = response.json<{ code: string; data: Record<string, unknown> }>();
    expect(body.code).toBe('VALIDATION_FAILED');
    expect(body.data.requestId).toEqual(expect.any(String));
  });

  // A page form checks its values itself (decision 025): the spec's validation answer, not a 400.
  it("answers a page form's validationMessages for a repeated, badly encoded form field", async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: echoUrl,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'value=a&value=b&value=' + '%ZZ',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      data: { validationMessages: { value: [expect.any(String) as unknown] } },
    });
  });

  // Found by src/security/bad-input.test.ts: such fields were left out, and the 400 named none.
  it('names fields called like members of a plain object (valueOf, constructor)', async () => {
    const tooMany = (name: string) => Array.from({ length: 101 }, () => `${name}=x`).join('&');
    const response = await t.app.inject({
      method: 'POST',
      url: echoUrl,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `${tooMany('valueOf')}&${tooMany('constructor')}`,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      data: { valueOf: expect.any(String) as unknown, constructor: expect.any(String) as unknown },
    });
  });

  it('answers 400, not 500, when text the database cannot store reaches it (a NUL)', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/s2c/test-store',
      payload: { value: 'a\u0000b' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      code: 'VALIDATION_FAILED',
      data: {
        body: 'Text with characters that cannot be stored',
        requestId: expect.any(String) as unknown,
      },
    });
    const stored = await t.app.inject({
      method: 'POST',
      url: '/s2c/test-store',
      payload: { value: 'ab' },
    });
    expect(stored.statusCode).toBe(200);
  });

  it('answers 415 for a content type it does not read', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: echoUrl,
      headers: { 'content-type': 'text/xml' },
      payload: '<value/>',
    });
    expect(response.statusCode).toBe(415);
    expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
  });
});

describe('unreadable paths', () => {
  it.each(['/s2c/content/v1/pages/%E0%A4%A/', `/s2c/content/v1/pages/${'a'.repeat(200)}/`])(
    'answers 400 VALIDATION_FAILED for %s',
    async (url) => {
      const response = await t.app.inject({ url });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        code: 'VALIDATION_FAILED',
        data: { path: expect.any(String) as unknown, requestId: expect.any(String) as unknown },
      });
    },
  );
});

describe('unknown paths', () => {
  it('answers a JSON 404 for unknown /s2c/ and /content/ paths, whatever the method', async () => {
    for (const [method, url] of [
      ['GET', '/s2c/nothing/here'],
      ['POST', '/s2c/content/v1/nothing'],
      ['GET', '/content/v1/log'],
      ['DELETE', '/anything'],
    ] as const) {
      const response = await t.app.inject({ method, url });
      expect(response.statusCode, `${method} ${url}`).toBe(404);
      expect(response.headers['content-type']).toContain('application/json');
      expect(response.json()).toEqual({ code: 'NOT_FOUND', data: null });
    }
  });
});

describe('security headers', () => {
  it('sends documents a strict content security policy and the usual protections', async () => {
    const response = await t.app.inject({ url: '/faq' });
    const csp = String(response.headers['content-security-policy']);
    for (const directive of [
      "default-src 'self'",
      "img-src 'self' data:",
      "style-src 'self'",
      "script-src 'self'",
      "frame-ancestors 'none'",
      "object-src 'none'",
      "base-uri 'self'",
      "form-action 'self'",
    ]) {
      expect(csp).toContain(directive);
    }
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-frame-options']).toBe('DENY');
    expect(response.headers['referrer-policy']).toBe('no-referrer');
    expect(response.headers['cross-origin-opener-policy']).toBe('same-origin');
    expect(response.headers['strict-transport-security']).toBeUndefined();
  });

  it('sends API answers a policy that loads nothing, never framed, never sniffed', async () => {
    for (const url of ['/s2c/content/v1/layout/', '/s2c/nothing/here']) {
      const response = await t.app.inject({ url });
      expect(response.headers['content-security-policy'], url).toBe(
        "default-src 'none'; frame-ancestors 'none'",
      );
      expect(response.headers['x-content-type-options'], url).toBe('nosniff');
      expect(response.headers['x-frame-options'], url).toBe('DENY');
      expect(response.headers['cross-origin-resource-policy'], url).toBe('same-origin');
      expect(response.headers['referrer-policy'], url).toBe('no-referrer');
      // Document-only headers are left out of JSON answers.
      expect(response.headers['cross-origin-opener-policy'], url).toBeUndefined();
    }
  });

  it('keeps HSTS on API answers when the document set has it', () => {
    const hsts = 'max-age=31536000; includeSubDomains';
    expect(apiSecurityHeaders({ 'strict-transport-security': hsts })).toMatchObject({
      'strict-transport-security': hsts,
    });
    expect(apiSecurityHeaders({})['strict-transport-security']).toBeUndefined();
  });
});

describe('GET /s2c/openapi.json', () => {
  it('describes every call', async () => {
    const response = await t.app.inject({ url: '/s2c/openapi.json' });
    expect(response.statusCode).toBe(200);
    const document = response.json<{
      openapi: string;
      paths: Record<string, Record<string, unknown>>;
    }>();
    expect(document.openapi).toMatch(/^3\./);
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining([
        '/s2c/content/v1/layout/',
        '/s2c/content/v1/pages/{pageName}/',
        '/s2c/content/v1/texts',
      ]),
    );
    expect(Object.keys(document.paths['/s2c/content/v1/pages/{pageName}/'] ?? {})).toEqual(
      expect.arrayContaining(['get', 'post']),
    );
    expect(document.paths['/s2c/openapi.json']).toBeUndefined();
  });
});
