import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  jsonResponse,
  makeLayoutAnswer,
  makePageAnswer,
  stubContentApi,
} from '../../testing/fake-content-api';
import { getLayout } from './get-layout';
import { getPage } from './get-page';
import { getText } from './get-text';

afterEach(() => vi.unstubAllGlobals());

describe('content calls', () => {
  it('adds routePrefix and languageRoute to the layout', async () => {
    stubContentApi({
      layout: (query) =>
        query.get('languageCode') === 'ell'
          ? makeLayoutAnswer({ languageCode: 'ell', defaultLanguageCode: 'eng' })
          : makeLayoutAnswer({ languageCode: 'eng', defaultLanguageCode: 'eng' }),
    });
    await expect(getLayout({ countryCode: 'gr', languageCode: 'ell' })).resolves.toMatchObject({
      languageRoute: '/ell',
      routePrefix: '/ell',
    });
    await expect(getLayout({ countryCode: 'gr' })).resolves.toMatchObject({
      languageRoute: '',
      routePrefix: '',
    });
  });

  it('asks for a page with country, language and page params', async () => {
    const fetchMock = stubContentApi({ page: (name) => makePageAnswer(name, { title: 'T' }) });
    await expect(
      getPage('agency-opt-in', { countryCode: 'at', languageCode: 'deu' }, { s: '1', c: '2' }),
    ).resolves.toMatchObject({ title: 'T' });
    expect(String(fetchMock.mock.lastCall?.[0])).toBe(
      '/s2c/content/v1/pages/agency-opt-in/?s=1&c=2&countryCode=at&languageCode=deu',
    );
  });

  it('reads a text by key, and gives null when the call fails', async () => {
    const fetchMock = vi.fn((input: string) =>
      Promise.resolve(
        input.includes('key=subscribe')
          ? jsonResponse(200, { data: { key: 'subscribe', value: '<p>Join</p>' } })
          : jsonResponse(404, { code: 'NOT_FOUND', data: null }),
      ),
    );
    vi.stubGlobal('fetch', fetchMock);
    await expect(getText('subscribe', { countryCode: 'gr' })).resolves.toBe('<p>Join</p>');
    await expect(getText('missing', { countryCode: 'gr' })).resolves.toBeNull();
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/s2c/content/v1/texts?key=subscribe&countryCode=gr');
  });
});
