import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testConfig, type TestApp } from '../testing/test-app.js';
import {
  completeDocument,
  missingExamples,
  operationsOf,
  staleExamples,
  type OpenApiDocument,
} from './openapi-document.js';
import { operationExamples } from './openapi-examples.js';
import { viewerContentSecurityPolicy } from './openapi.js';

const queueKey = 'openapi-test-booking-queue-key';

let t: TestApp;
let document: OpenApiDocument;

beforeAll(async () => {
  const base = testConfig();
  t = await createTestApp({
    config: { points: { ...base.points, bookingQueueApiKey: queueKey } },
    // A call added without an example: the checks must name it.
    setup: (app) => {
      app.get('/s2c/test/v1/unlisted', () => ({ data: 'nothing' }));
    },
  });
  document = (await t.app.inject({ url: '/s2c/openapi.json' })).json<OpenApiDocument>();
});
afterAll(() => t.close());

/** The document without the test's own unlisted call. */
const clubOperations = () =>
  operationsOf(document).filter(({ key }) => !key.includes('/s2c/test/'));

/** The operation's example request as an inject request, without any credentials. */
function exampleRequest(
  key: string,
  operation: ReturnType<typeof operationsOf>[number]['operation'],
) {
  const [method, template] = key.split(' ') as [string, string];
  let url = template;
  const query = new URLSearchParams();
  for (const parameter of operation.parameters ?? []) {
    if (parameter.example === undefined) continue;
    if (parameter.in === 'path') {
      url = url.replace(`{${parameter.name}}`, encodeURIComponent(parameter.example));
    } else if (parameter.in === 'query') {
      query.set(parameter.name, parameter.example);
    }
  }
  const [type, media] = Object.entries(operation.requestBody?.content ?? {})[0] ?? [];
  const body = media?.example;
  return {
    method: method as 'GET',
    url: query.size === 0 ? url : `${url}?${query.toString()}`,
    ...(body === undefined
      ? {}
      : {
          headers: { 'content-type': type ?? 'application/json' },
          payload: typeof body === 'string' ? body : JSON.stringify(body),
        }),
  };
}

describe('the OpenAPI document', () => {
  it('has security, an example answer and example parameters and bodies on every operation', () => {
    expect(clubOperations().length).toBeGreaterThanOrEqual(20);
    expect(missingExamples({ ...document, paths: pathsWithout('/s2c/test/v1/unlisted') })).toEqual(
      [],
    );
  });

  it('names an operation that lacks its example and security', () => {
    expect(missingExamples(document)).toEqual([
      'GET /s2c/test/v1/unlisted: no security (add it to openapi-examples.ts)',
      'GET /s2c/test/v1/unlisted: no example answer (add it to openapi-examples.ts)',
    ]);
  });

  it('has no example for an operation or parameter that is not in it', () => {
    expect(staleExamples(document, operationExamples)).toEqual([]);
    expect(
      staleExamples(document, {
        'GET /s2c/content/v1/gone': { access: 'guest', answer: null },
        'GET /s2c/content/v1/texts': { access: 'guest', parameters: { keys: 'x' }, answer: null },
      }),
    ).toEqual([
      'GET /s2c/content/v1/gone: not in the document',
      'GET /s2c/content/v1/texts: no parameter keys',
    ]);
  });

  it('declares credentials on exactly the calls that refuse a caller without them', async () => {
    // Refused: 401 with no data (a wrong password at login answers 401 too, with its message).
    const answers: Record<string, { refused: boolean; declared: string }> = {};
    for (const { key, operation } of clubOperations()) {
      const response = await t.app.inject(exampleRequest(key, operation));
      const requirements = operation.security ?? [];
      const declared = requirements.some((requirement) => Object.keys(requirement).length === 0)
        ? 'optional'
        : requirements.map((requirement) => Object.keys(requirement).join('+')).join(',') || 'none';
      const refused =
        response.statusCode === 401 && response.json<{ data: unknown }>().data === null;
      answers[key] = { refused, declared };
    }
    const mismatches = Object.entries(answers)
      .filter(([, { refused, declared }]) =>
        refused
          ? !['bearer', 'bookingQueueKey', 'staffBearer'].includes(declared)
          : !['none', 'optional'].includes(declared),
      )
      .map(([key, answer]) => ({ key, ...answer }));
    expect(mismatches).toEqual([]);
    // The member calls and the booking queue are among them.
    expect(answers['GET /s2c/auth/v1/agent-points']).toEqual({ refused: true, declared: 'bearer' });
    expect(answers['POST /s2c/bookings/v1/queue']).toEqual({
      refused: true,
      declared: 'bookingQueueKey',
    });
  });

  it('has a server and no parameter without a schema object', () => {
    expect(document.servers?.map((server) => server.url)).toEqual(['/']);
    for (const { operation } of operationsOf(document)) {
      for (const parameter of operation.parameters ?? []) {
        expect(typeof parameter.schema).toBe('object');
      }
    }
    const agencyLink = document.paths?.['/s2c/auth/v1/agency/state-change-request']?.get as {
      parameters: { name: string }[];
    };
    expect(agencyLink.parameters.map((parameter) => parameter.name)).toEqual(['s', 'c']);
  });
});

function pathsWithout(path: string): OpenApiDocument['paths'] {
  const paths = { ...document.paths };
  delete paths[path];
  return paths;
}

describe('completeDocument', () => {
  it('moves a nullable without a type into the alternatives', () => {
    const completed = completeDocument(
      {
        paths: {
          '/x': {
            get: {
              responses: {
                '200': {
                  description: 'OK',
                  content: {
                    'application/json': {
                      schema: {
                        anyOf: [{ type: 'string' }, { type: 'number' }],
                        nullable: true,
                      },
                    },
                  },
                },
              },
            },
          },
        },
      },
      { 'GET /x': { access: 'guest', answer: null } },
    );
    const media = (
      completed.paths?.['/x']?.get as {
        responses: Record<
          string,
          { content: Record<string, { schema: unknown; example: unknown }> }
        >;
      }
    ).responses['200']?.content['application/json'];
    expect(media).toEqual({
      schema: {
        anyOf: [
          { type: 'string', nullable: true },
          { type: 'number', nullable: true },
        ],
      },
      example: null,
    });
  });
});

describe('the viewer at /s2c/docs', () => {
  it('serves its page with its own policy, and the document keeps the API policy', async () => {
    const page = await t.app.inject({ url: '/s2c/docs/' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).toContain('swagger-ui-bundle.js');
    expect(page.headers['content-security-policy']).toBe(viewerContentSecurityPolicy);

    const script = await t.app.inject({ url: '/s2c/docs/static/swagger-ui-bundle.js' });
    expect(script.statusCode).toBe(200);

    const viewed = await t.app.inject({ url: '/s2c/docs/json' });
    expect(viewed.json()).toEqual(document);

    const api = await t.app.inject({ url: '/s2c/openapi.json' });
    expect(api.headers['content-security-policy']).toBe(
      "default-src 'none'; frame-ancestors 'none'",
    );
  });
});
