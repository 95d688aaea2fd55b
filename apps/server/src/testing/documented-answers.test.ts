import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OpenApiDocument } from '../plugins/openapi-document.js';
import { OpenApiConformance } from './openapi-conformance.js';
import { createTestApp, type TestApp } from './test-app.js';

/**
 * The check every test's `inject` runs against the OpenAPI document: it must
 * let what the document describes through and refuse what it does not.
 */
let t: TestApp;
let conformance: OpenApiConformance;
beforeAll(async () => {
  t = await createTestApp({
    // A broken answer of a documented call, and a route of the test's own.
    setup: (app) => {
      app.addHook('onSend', (request, reply, payload, done) => {
        if (request.url === '/livez?broken=status') void reply.code(299);
        done(null, request.url === '/livez?broken=body' ? '{"status":"dead"}' : payload);
      });
      app.get('/s2c/test/v1/own', () => 'plain text of the test');
    },
  });
  conformance = new OpenApiConformance(t.app.swagger() as OpenApiDocument);
});
afterAll(() => t.close());

const layout = '/s2c/content/v1/layout/?countryCode=gr&languageCode=eng';

describe('every inject answer is checked against the OpenAPI document', () => {
  it('lets documented answers through, and calls the document does not have', async () => {
    expect((await t.app.inject({ url: layout })).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/livez' })).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/s2c/test/v1/own' })).statusCode).toBe(200);
  });

  it('fails the test on a status or a body the document does not describe', async () => {
    await expect(t.app.inject({ url: '/livez?broken=status' })).rejects.toThrow(
      'GET /livez: answered 299, which the document does not list',
    );
    await expect(t.app.inject({ url: '/livez?broken=body' })).rejects.toThrow(
      'GET /livez: the 200 answer does not match the document: /status must be equal to one of the allowed values',
    );
  });

  it('names an unlisted media type and a body that is not JSON', () => {
    const answer = { method: 'GET', url: layout, status: 200 };
    expect(conformance.problemsOf({ ...answer, contentType: 'text/html', body: '<p>' })).toEqual([
      'GET /s2c/content/v1/layout/: answered 200 as text/html; the document lists application/json',
    ]);
    expect(
      conformance.problemsOf({ ...answer, contentType: 'application/json', body: '{' }),
    ).toEqual(['GET /s2c/content/v1/layout/: answered 200 with a body that is not JSON']);
  });

  it('lists the form type wherever the web app sends forms, and names a type taken but not listed', async () => {
    const login = await t.app.inject({
      method: 'POST',
      url: '/s2c/auth/v1/token/agent',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'username=1&password=wrong-password',
    });
    expect(login.statusCode).toBe(401);
    const taken = {
      method: 'POST',
      url: '/s2c/auth/v1/token/agent',
      status: 200,
      contentType: 'application/json',
      body: '{"data":null}',
    };
    expect(
      conformance
        .problemsOf({ ...taken, requestContentType: 'text/plain; charset=utf-8' })
        .filter((problem) => problem.includes('body;')),
    ).toEqual([
      'POST /s2c/auth/v1/token/agent: took a text/plain body; the document lists application/json, application/x-www-form-urlencoded',
    ]);
  });
});
