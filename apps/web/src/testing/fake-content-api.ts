import { vi } from 'vitest';
import type { Layout } from '@club/contract/layout';
import type { Page } from '@club/contract/page';

/** Answers of a fake content API for app tests: only `fetch` is replaced. */

export function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

export function errorResponse(status: number, code: string): Response {
  return jsonResponse(status, { code, data: null });
}

/** The layout of a demo country; Greece by default (Greek first, English second). */
export function makeLayoutAnswer(overrides: Partial<Layout> = {}): Layout {
  return {
    countryCode: 'gr',
    languageCode: 'ell',
    languageShortCode: 'el',
    countryRoute: '',
    isRtl: false,
    languages: [
      { code: 'ell', nativeTitle: 'Ελληνικά', isCurrent: true },
      { code: 'eng', nativeTitle: 'English', isCurrent: false },
    ],
    currentLanguageNativeTitle: 'Ελληνικά',
    paramsRoute: [],
    menuItems: [{ pageName: 'faq', title: 'FAQ', audience: 'both' }],
    menuHidden: false,
    languageSelectHidden: false,
    contactUsEmail: null,
    amadeusDirectUrlToRedirect: null,
    headerAlerts: [],
    headerImagesSrcSet: [],
    dictionary: {},
    subDomainDisabled: false,
    decisionMakerOptIn: false,
    doubleOpt: false,
    defaultLanguageCode: 'ell',
    ...overrides,
  };
}

export function makePageAnswer(name: string, overrides: Partial<Page> = {}): Page {
  return {
    name,
    title: name,
    text: '',
    postText: '',
    faqItems: [],
    errorMessage: [],
    errorMessageList: [],
    params: {},
    ...overrides,
  };
}

type Answer<T> = T | number;

export type FakeContentApi = {
  /** The layout for a query, or an HTTP status to fail with. */
  layout?: (query: URLSearchParams) => Answer<Layout>;
  /** The page for a name and query, or an HTTP status to fail with. */
  page?: (name: string, query: URLSearchParams) => Answer<Page>;
};

const defaultLayout = (query: URLSearchParams): Answer<Layout> => {
  const language = query.get('languageCode') ?? 'ell';
  if (language === 'ell') return makeLayoutAnswer();
  if (language === 'eng')
    return makeLayoutAnswer({
      languageCode: 'eng',
      languageShortCode: 'en',
      languages: [
        { code: 'ell', nativeTitle: 'Ελληνικά', isCurrent: false },
        { code: 'eng', nativeTitle: 'English', isCurrent: true },
      ],
      currentLanguageNativeTitle: 'English',
    });
  return 404;
};

const defaultPage = (name: string): Answer<Page> => makePageAnswer(name);

function answer<T>(value: Answer<T>): Response {
  return typeof value === 'number'
    ? errorResponse(value, value === 404 ? 'NOT_FOUND' : 'ERROR')
    : jsonResponse(200, { data: value });
}

/** Replaces `fetch` with the fake content API; answers the mock for assertions. */
export function stubContentApi(api: FakeContentApi = {}) {
  const mock = vi.fn((input: string | URL) => {
    const url = new URL(input, location.origin);
    if (url.pathname === '/s2c/content/v1/layout/')
      return Promise.resolve(answer((api.layout ?? defaultLayout)(url.searchParams)));
    const page = /^\/s2c\/content\/v1\/pages\/([^/]+)\/$/.exec(url.pathname);
    if (page?.[1])
      return Promise.resolve(
        answer((api.page ?? defaultPage)(decodeURIComponent(page[1]), url.searchParams)),
      );
    return Promise.resolve(errorResponse(404, 'NOT_FOUND'));
  });
  vi.stubGlobal('fetch', mock);
  return mock;
}

/** The URLs the app fetched, as `pathname?search` strings. */
export function fetchedUrls(mock: ReturnType<typeof stubContentApi>): string[] {
  return mock.mock.calls.map(([input]) => String(input));
}
