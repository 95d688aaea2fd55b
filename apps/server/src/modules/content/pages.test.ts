import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { PageSchema, type Page } from '@club/contract/page';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { contentPageTitles } from './content-pages.js';

const TestPageSchema = PageSchema.extend({ greeting: z.string() });

let t: TestApp;
let memberRequests = false;
/** Bodies the test form's submit handler was called with. */
const handledBodies: unknown[] = [];
beforeAll(async () => {
  t = await createTestApp({
    setup: (app) => {
      app.pageRegistry.register({
        name: 'test-form',
        schema: TestPageSchema,
        load: ({ params, countryCode, languageCode }) => ({
          title: 'Test form',
          greeting: `hello ${params.who ?? 'nobody'} in ${countryCode}/${languageCode}`,
          secret: 'never sent',
        }),
        submit: {
          body: z.object({ email: z.email('Wrong email'), agree: z.literal('1', 'Must agree') }),
          response: z.object({ accepted: z.string(), countryCode: z.string(), from: z.string() }),
          handle: ({ body, countryCode, params }) => {
            handledBodies.push(body);
            return {
              accepted: body.email,
              countryCode,
              from: params.from ?? '',
            };
          },
        },
      });
      app.pageRegistry.register({
        name: 'test-members',
        memberOnly: true,
        load: () => ({ title: 'Members' }),
      });
      app.pageRegistry.setMemberCheck(() => memberRequests);
    },
  });
});
afterAll(() => t.close());

async function page(path: string, host = 'localhost') {
  const response = await t.app.inject({ url: `/s2c/content/v1/pages/${path}`, headers: { host } });
  return { status: response.statusCode, body: response.json<{ data: Page; code?: string }>() };
}

describe('GET /s2c/content/v1/pages/{pageName}/', () => {
  it('answers every content page of this issue', async () => {
    for (const name of Object.keys(contentPageTitles)) {
      const { status, body } = await page(`${name}/`);
      expect(status, name).toBe(200);
      expect(PageSchema.parse(body.data).name).toBe(name);
    }
  });

  it('answers the stored page with its FAQ items and post text', async () => {
    const { body } = await page('faq/');
    expect(body.data).toEqual({
      name: 'faq',
      title: 'Fixture FAQ',
      text: '',
      postText: '<p>Fixture post text</p>',
      faqItems: [
        { number: 1, title: 'First question', text: '<p>First answer</p>' },
        { number: 2, title: 'Second question', text: '<p>Second answer</p>' },
      ],
      errorMessage: [],
      errorMessageList: [],
      params: {},
      dictionary: { 'faq.title': 'Fixture questions' },
    });
  });

  it('answers per country and language (query or host)', async () => {
    expect((await page('home/?languageCode=ell')).body.data.title).toBe('Αρχική');
    expect((await page('home/', 'ae.localhost')).body.data).toMatchObject({
      title: 'الرئيسية',
      text: '<p>أهلا</p>',
    });
    expect((await page('home/?countryCode=ae&languageCode=eng')).body.data.title).toBe(
      'Fixture home AE',
    );
  });

  it('answers a registered page without a stored row with an empty text and an English title', async () => {
    const { status, body } = await page('cookies-policy/');
    expect(status).toBe(200);
    expect(body.data).toMatchObject({
      name: 'cookies-policy',
      title: 'Cookies Policy',
      text: '',
      faqItems: [],
    });
    expect((await page('404/')).body.data.title).toBe('Page not found');
    expect((await page('403/', 'ae.localhost')).body.data.title).toBe('Access denied');
  });

  it('echoes the page params, which never change the cached page', async () => {
    const first = await page('news/?countryCode=gr&utm_source=mail&id=7');
    expect(first.body.data.params).toEqual({ utm_source: 'mail', id: '7' });
    expect(first.body.data.title).toBe('Fixture news');
    const second = await page('news/?q=%22quoted%22%7D');
    expect(second.body.data.params).toEqual({ q: '"quoted"}' });
    expect((await page('news/')).body.data.params).toEqual({});
  });

  it('answers 404 for a page name that is not registered', async () => {
    expect(await page('no-such-page/')).toEqual({
      status: 404,
      body: { code: 'NOT_FOUND', data: { pageName: 'Page not found' } },
    });
    // In the route table, but built by the web app alone.
    expect((await page('agency-successfully-opt-in/')).status).toBe(404);
  });

  it('answers 404 for an unknown country or language, 400 for malformed ones', async () => {
    expect((await page('faq/?countryCode=zz')).status).toBe(404);
    expect((await page('faq/?languageCode=deu')).status).toBe(404);
    expect((await page('faq/?countryCode=greece')).status).toBe(400);
    expect((await page('Bad_Name/')).status).toBe(400);
    const oversized = await page(`faq/?note=${'x'.repeat(2001)}`);
    expect(oversized.status).toBe(400);
    expect(oversized.body.data).toHaveProperty('note');
  });

  it("answers a registered page's own fields through its schema only", async () => {
    const { status, body } = await page('test-form/?who=agent&countryCode=ae');
    expect(status).toBe(200);
    expect(body.data).toMatchObject({
      name: 'test-form',
      title: 'Test form',
      greeting: 'hello agent in ae/ara',
      params: { who: 'agent' },
    });
    expect(body.data).not.toHaveProperty('secret');
  });

  it('answers 401 for a member page unless the member check passes', async () => {
    expect(await page('test-members/')).toEqual({
      status: 401,
      body: { code: 'UNAUTHORIZED', data: null },
    });
    memberRequests = true;
    try {
      expect((await page('test-members/')).status).toBe(200);
    } finally {
      memberRequests = false;
    }
  });
});

describe('POST /s2c/content/v1/pages/{pageName}/', () => {
  it('runs the submit handler with form-encoded values, locale and query params', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/s2c/content/v1/pages/test-form/?from=mail',
      headers: { 'content-type': 'application/x-www-form-urlencoded', host: 'ae.localhost' },
      payload: 'email=agent%40travel.example&agree=1&languageCode=eng',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      data: { accepted: 'agent@travel.example', countryCode: 'ae', from: 'mail' },
    });
  });

  it('accepts a JSON body too', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/s2c/content/v1/pages/test-form/',
      payload: { email: 'agent@travel.example', agree: '1', countryCode: 'gr' },
    });
    expect(response.json()).toEqual({
      data: { accepted: 'agent@travel.example', countryCode: 'gr', from: '' },
    });
  });

  it("answers the validationMessages of the page's body schema, without calling the submit handler", async () => {
    handledBodies.length = 0;
    const response = await t.app.inject({
      method: 'POST',
      url: '/s2c/content/v1/pages/test-form/',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'email=nope',
    });
    // Spec 1 §5: an answer carrying validationMessages is field validation, not success.
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      data: { validationMessages: { email: ['Wrong email'], agree: ['Must agree'] } },
    });
    expect(handledBodies).toEqual([]);
  });

  it('takes empty country and language codes in the body as not given', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/s2c/content/v1/pages/test-form/',
      headers: { 'content-type': 'application/x-www-form-urlencoded', host: 'ae.localhost' },
      payload: 'email=agent%40travel.example&agree=1&countryCode=&languageCode=',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ data: { countryCode: 'ae' } });
  });

  it('answers 400 for a bad country code in the body', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/s2c/content/v1/pages/test-form/',
      payload: { countryCode: 'xyz' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ data: { countryCode: expect.any(String) as unknown } });
  });

  it('answers 405 for a page without a form and 404 for an unknown page', async () => {
    const faq = await t.app.inject({
      method: 'POST',
      url: '/s2c/content/v1/pages/faq/',
      payload: {},
    });
    expect(faq.statusCode).toBe(405);
    expect(faq.json()).toEqual({ code: 'METHOD_NOT_ALLOWED', data: null });
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/s2c/content/v1/pages/nothing/',
      payload: {},
    });
    expect(unknown.statusCode).toBe(404);
  });
});

describe('the page registry', () => {
  it('refuses a second page of the same name unless replacing', () => {
    const registry = t.app.pageRegistry;
    expect(() => registry.register({ name: 'faq', load: () => ({}) })).toThrow(
      /already registered/,
    );
    expect(registry.names()).toEqual(
      expect.arrayContaining([...Object.keys(contentPageTitles), 'test-form']),
    );
  });
});
