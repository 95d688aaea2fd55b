import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/test-app.js';
import { accepts } from './json-reply.js';

describe('accepts (Accept-Encoding)', () => {
  it.each([
    ['gzip, deflate, br', 'br', true],
    ['gzip, deflate, br', 'gzip', true],
    ['gzip', 'br', false],
    ['br;q=0, gzip', 'br', false],
    ['br; q=0.000', 'br', false],
    ['br;q=0.5', 'br', true],
    ['*', 'br', true],
    ['*;q=0', 'gzip', false],
    ['*, br;q=0', 'br', false],
    ['identity', 'gzip', false],
    ['', 'gzip', false],
    [undefined, 'gzip', false],
  ] as const)('%j accepts %s: %s', (header, coding, expected) => {
    expect(accepts(header, coding)).toBe(expected);
  });
});

describe('cached content answers in the coding the client accepts', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      setup: (app) => {
        const text = `<p>${'A long page text. '.repeat(100)}</p>`;
        app.pageRegistry.register({ name: 'test-long', cached: true, load: () => ({ text }) });
        app.pageRegistry.register({ name: 'test-long-uncached', load: () => ({ text }) });
      },
    });
  });
  afterAll(() => t.close());

  const layoutUrl = '/s2c/content/v1/layout/?countryCode=gr&languageCode=eng';

  async function get(url: string, acceptEncoding?: string) {
    const response = await t.app.inject({
      url,
      headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding },
    });
    expect(response.statusCode).toBe(200);
    return response;
  }

  it('sends brotli, gzip or identity with the same JSON, varying on Accept-Encoding', async () => {
    const plain = await get(layoutUrl);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toBe('accept-encoding');

    const br = await get(layoutUrl, 'gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);

    const gz = await get(layoutUrl, 'gzip;q=1, br;q=0');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(plain.body);
    expect(JSON.parse(plain.body)).toMatchObject({ data: { countryCode: 'gr' } });
  });

  it('compresses a cached page answer, and sends one with params as it is', async () => {
    const faq = await get('/s2c/content/v1/pages/test-long/?countryCode=gr&languageCode=eng', 'br');
    expect(faq.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(faq.rawPayload).toString())).toMatchObject({
      data: { name: 'test-long', params: {} },
    });
    const withParams = await get(
      '/s2c/content/v1/pages/test-long/?countryCode=gr&languageCode=eng&utm_source=x',
      'br',
    );
    expect(withParams.headers['content-encoding']).toBeUndefined();
    expect(withParams.json()).toMatchObject({ data: { params: { utm_source: 'x' } } });
  });

  it('never compresses an answer built per request', async () => {
    const page = await get('/s2c/content/v1/pages/test-long-uncached/?countryCode=gr', 'br');
    expect(page.headers['content-encoding']).toBeUndefined();
    expect(page.json()).toMatchObject({ data: { name: 'test-long-uncached' } });
  });
});
