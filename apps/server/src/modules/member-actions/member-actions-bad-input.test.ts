import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAgent } from '../../testing/factories.js';
import { createStaff, staffLogin } from '../../testing/staff-helpers.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';

/**
 * Bad input to the member actions and the country terms never gives a 5xx:
 * any path value, any body (form-encoded or JSON, of any type) answers 2xx,
 * a 400 that names a field, or another 4xx with an error code.
 */
let t: TestApp;
let token: string;
let number: string;

beforeAll(async () => {
  t = await createTestApp();
  token = await staffLogin(t.app, await createStaff(t.database.db, 'admin'));
  number = (await createAgent(t.database.db)).number;
});
afterAll(() => t.close());

const paths = [
  'confirmation-mail',
  'login-unlock',
  'end-sessions',
  'direct-access',
  'require-terms',
  'delete',
  'restore',
];
const anyValue = fc.oneof(
  fc.string({ maxLength: 600 }),
  fc.integer(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.string(), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.string(), { maxKeys: 2 }),
);
const anyBody = fc.record(
  { reason: anyValue, version: anyValue, isAmadeusDirectUser: anyValue },
  { requiredKeys: [] },
);

/** A value as a form field carries it: objects as their JSON, everything else as text. */
const formValue = (value: unknown): string =>
  typeof value === 'object' && value !== null ? JSON.stringify(value) : String(value);

describe('bad input to the member actions', () => {
  it('never answers 5xx, and every 400 names a field', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...paths, 'terms'),
        fc.oneof(fc.constant(number), fc.string({ maxLength: 30 })),
        anyBody,
        fc.boolean(),
        async (path, target, body, json) => {
          const url =
            path === 'terms'
              ? `/s2c/staff/v1/terms/${encodeURIComponent(target.slice(0, 3))}`
              : `/s2c/staff/v1/members/${encodeURIComponent(target)}/${path}`;
          const answer = await t.app.inject({
            method: 'POST',
            url,
            headers: {
              authorization: `Bearer ${token}`,
              'content-type': json ? 'application/json' : 'application/x-www-form-urlencoded',
            },
            payload: json
              ? JSON.stringify(body)
              : new URLSearchParams(
                  Object.entries(body).map(([key, value]): [string, string] => [
                    key,
                    formValue(value),
                  ]),
                ).toString(),
          });
          expect(answer.statusCode).toBeLessThan(500);
          if (answer.statusCode === 400) {
            const data = answer.json<{ data: Record<string, unknown> }>().data;
            expect(Object.keys(data).filter((key) => key !== 'requestId').length).toBeGreaterThan(
              0,
            );
          }
        },
      ),
      { numRuns: 60 },
    );
  });
});
