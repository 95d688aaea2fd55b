import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { setAppConfigForTests } from '../lib/app-config';
import { readStoredValue, writeStoredValue } from '../lib/client-storage';
import {
  fetchedUrls,
  makeLayoutAnswer,
  makePageAnswer,
  stubContentApi,
} from '../testing/fake-content-api';
import { renderApp } from '../testing/render-app';
import { memberPageNames, publicPageNames } from '@club/contract/routes';
import { pageScreens } from './page-registry';

type HappyDomWindow = { happyDOM: { setURL(url: string): void } };
const setUrl = (url: string) => (window as unknown as HappyDomWindow).happyDOM.setURL(url);

beforeEach(() => {
  setAppConfigForTests({ rootDomain: 'localhost', tokenStorage: 'local' });
  setUrl('http://localhost:3000/');
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
  document.title = '';
});

/** Dynamic imports do not settle under fake timers: load the screens first. */
async function useFakeTimersWithScreens(...names: ('news' | 'faq')[]) {
  for (const name of names) {
    const entry = pageScreens[name];
    if (entry) await entry.load();
  }
  vi.useFakeTimers({ shouldAdvanceTime: true });
}

const heading = () => screen.findByRole('heading', { level: 1 });

/** The content API, whose page calls fail as without a network until `back()`. */
function pageCallsWithoutNetwork() {
  const contentApi = stubContentApi();
  let connected = false;
  vi.stubGlobal('fetch', (input: string) =>
    connected || !input.includes('/pages/')
      ? contentApi(input)
      : Promise.reject(new TypeError('Failed to fetch')),
  );
  return { back: () => (connected = true) };
}

describe('routing (spec 2 §2.1–2.2)', () => {
  it('shows the guest home on the empty path, asking the server for its default country', async () => {
    const fetchMock = stubContentApi();
    renderApp('/');
    expect((await heading()).textContent).toBe('Welcome to Amadeus+Me');
    expect(fetchedUrls(fetchMock)).toEqual([
      '/s2c/content/v1/layout/',
      '/s2c/content/v1/pages/home/',
    ]);
  });

  it('sends the page calls, then loads the screen chunk in a task of its own', async () => {
    const load = vi.spyOn(pageScreens.faq!, 'load');
    const fetchMock = stubContentApi();
    renderApp('/faq');
    // The test's navigator starts the first page at once, within renderApp.
    expect(fetchedUrls(fetchMock)).toEqual([
      '/s2c/content/v1/layout/',
      '/s2c/content/v1/pages/faq/',
    ]);
    expect(load).not.toHaveBeenCalled();
    expect((await heading()).textContent).toBe('faq');
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('shows only the loading overlay until the first page is there, then the page in its shell', async () => {
    // No shell of a fallback layout first: the page paints once, in its own language.
    let answerLayout: (response: Response) => void = () => undefined;
    const layoutAnswered = new Promise<Response>((resolve) => (answerLayout = resolve));
    const fetchMock = stubContentApi();
    const answers = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementation((input: string | URL) =>
      new URL(input, location.origin).pathname === '/s2c/content/v1/layout/'
        ? layoutAnswered
        : answers(input),
    );
    renderApp('/');
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Loading…'));
    expect(screen.getByTestId('loading-overlay').className).toContain('loading-overlay--active');
    expect(screen.queryByRole('banner')).toBeNull();
    expect(screen.queryByRole('main')).toBeNull();
    expect(screen.queryByRole('contentinfo')).toBeNull();

    answerLayout(await answers('/s2c/content/v1/layout/'));
    expect((await heading()).textContent).toBe('Welcome to Amadeus+Me');
    expect(screen.getByRole('banner')).toBeTruthy();
    expect(screen.getByTestId('loading-overlay').className).not.toContain(
      'loading-overlay--active',
    );
  });

  it("gives the screen its page's words over the layout's, and the shell keeps the layout's", async () => {
    stubContentApi({
      layout: () =>
        makeLayoutAnswer({
          dictionary: { 'home.welcome': 'Layout welcome', 'footer.label': 'Layout footer' },
        }),
      page: (name) => ({
        ...makePageAnswer(name, { title: 'Home' }),
        dictionary: { 'home.welcome': 'Page welcome' },
      }),
    });
    renderApp('/');
    expect((await heading()).textContent).toBe('Page welcome');
    expect(screen.getByRole('navigation', { name: 'Layout footer' })).toBeTruthy();
  });

  it('takes a first segment that is not three letters as the page (the three-letter rule)', async () => {
    const fetchMock = stubContentApi({
      page: (name) => makePageAnswer(name, { title: 'News', text: '<p>Fresh news</p>' }),
    });
    renderApp('/news');
    expect((await heading()).textContent).toBe('News');
    expect(fetchedUrls(fetchMock)).toContain('/s2c/content/v1/pages/news/');
  });

  it('reads a three-letter first segment as the language', async () => {
    const fetchMock = stubContentApi({
      page: (name) => makePageAnswer(name, { title: 'News' }),
    });
    renderApp('/eng/news');
    await heading();
    expect(fetchedUrls(fetchMock)).toEqual([
      '/s2c/content/v1/layout/?languageCode=eng',
      '/s2c/content/v1/pages/news/?languageCode=eng',
    ]);
  });

  it('takes a three-letter page name as the page, not as a language', async () => {
    const fetchMock = stubContentApi({
      page: (name) => makePageAnswer(name, { title: 'Questions' }),
    });
    renderApp('/faq');
    expect((await heading()).textContent).toBe('Questions');
    expect(fetchedUrls(fetchMock)).toContain('/s2c/content/v1/pages/faq/');
  });

  it('resolves the agency aliases and sends page params from the query', async () => {
    const fetchMock = stubContentApi();
    renderApp('/eng/faq?category=books&countryCode=xx');
    await heading();
    expect(fetchedUrls(fetchMock)).toContain(
      '/s2c/content/v1/pages/faq/?category=books&languageCode=eng',
    );
  });

  it('shows the 404 screen for an unknown path without a page call', async () => {
    const fetchMock = stubContentApi();
    renderApp('/no-such-page');
    expect((await heading()).textContent).toBe('This page is not available');
    expect(screen.getByText('Page not found')).toBeTruthy();
    expect(fetchedUrls(fetchMock)).toEqual(['/s2c/content/v1/layout/']);
    await waitFor(() => expect(document.title).toBe('Page not found | Amadeus+Me'));
  });

  it('has a screen for every page name of the route table', () => {
    const missing = [...publicPageNames, ...memberPageNames].filter((name) => !pageScreens[name]);
    expect(missing).toEqual([]);
  });

  it("sends an unknown language to the same page in the country's default language", async () => {
    const fetchMock = stubContentApi();
    const { router } = renderApp('/xyz/faq?q=1');
    await waitFor(() =>
      expect(`${router.state.location.pathname}${router.state.location.search}`).toBe('/faq?q=1'),
    );
    expect(router.state.historyAction).toBe('REPLACE');
    expect(fetchedUrls(fetchMock)).toContain('/s2c/content/v1/layout/?languageCode=xyz');
    expect((await heading()).textContent).not.toBe('This page is not available');
    await waitFor(() => expect(document.documentElement.lang).toBe('el-GR'));
  });

  it('opens an address without a language in the language last chosen, where the country offers it', async () => {
    writeStoredValue('language', 'eng');
    stubContentApi();
    const { router } = renderApp('/faq?q=1');
    await waitFor(() =>
      expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(
        '/eng/faq?q=1',
      ),
    );
    await waitFor(() => expect(document.documentElement.lang).toBe('en-GR'));
  });

  it('keeps the default language when the language last chosen is not offered here, or is in the address', async () => {
    writeStoredValue('language', 'deu');
    stubContentApi();
    const first = renderApp('/faq');
    await heading();
    expect(first.router.state.location.pathname).toBe('/faq');
    first.unmount();
    writeStoredValue('language', 'eng');
    const second = renderApp('/ell/faq');
    await heading();
    expect(second.router.state.location.pathname).toBe('/ell/faq');
  });

  it('sends an unknown language on home to the home page', async () => {
    stubContentApi();
    const { router } = renderApp('/deu');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('shows the 404 screen when the server has no such page', async () => {
    stubContentApi({ page: () => 404 });
    renderApp('/news');
    expect((await heading()).textContent).toBe('This page is not available');
  });

  it('shows the 403 screen on 401 or 403', async () => {
    stubContentApi({ page: () => 403 });
    renderApp('/news');
    expect((await heading()).textContent).toBe('Access denied');
    expect(screen.getByText('No access to this page')).toBeTruthy();
  });

  it('shows the 403 screen on 401 too', async () => {
    stubContentApi({ page: () => 401 });
    renderApp('/terms-and-conditions');
    expect((await heading()).textContent).toBe('Access denied');
  });

  it('shows "Services are unavailable" after the retries of a failing load', async () => {
    await useFakeTimersWithScreens('news');
    const fetchMock = stubContentApi({ page: () => 503 });
    renderApp('/news');
    await act(() => vi.advanceTimersByTimeAsync(6000));
    await screen.findByText('Services are unavailable. Try again later');
    expect(fetchedUrls(fetchMock).filter((url) => url.includes('/pages/'))).toHaveLength(4);
    expect(screen.queryByRole('heading', { level: 1 })).toBeNull();
  });

  it("words the page without a layout in the address's language and direction", async () => {
    await import('./fallback-layout/fallback-layout');
    await useFakeTimersWithScreens('news');
    stubContentApi({ layout: () => 503 });
    renderApp('/ara/news');
    await act(() => vi.advanceTimersByTimeAsync(6000));
    await screen.findByText('الخدمات غير متاحة حاليًا. يرجى المحاولة لاحقًا');
    expect(screen.getByRole('button', { name: 'إعادة المحاولة' })).toBeTruthy();
    await waitFor(() => expect(document.documentElement.dir).toBe('rtl'));
    expect(document.documentElement.lang).toBe('ar');
  });

  it('words it in the language last chosen where the address has none', async () => {
    await import('./fallback-layout/fallback-layout');
    await useFakeTimersWithScreens('news');
    writeStoredValue('language', 'deu');
    stubContentApi({ layout: () => 503 });
    renderApp('/news');
    await act(() => vi.advanceTimersByTimeAsync(6000));
    await screen.findByText(
      'Die Dienste sind derzeit nicht verfügbar. Bitte versuchen Sie es später erneut',
    );
    await waitFor(() => expect(document.documentElement.dir).toBe('ltr'));
  });

  it('offers "Try again" after a failing load, which loads the page again', async () => {
    const network = pageCallsWithoutNetwork();
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    renderApp('/news');
    await screen.findByText('Services are unavailable. Try again later');
    vi.restoreAllMocks();
    network.back();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect((await heading()).textContent).toBe('news');
    expect(screen.queryByText('Services are unavailable. Try again later')).toBeNull();
  });

  it('loads a failed page again by itself when the network is back', async () => {
    const network = pageCallsWithoutNetwork();
    const offline = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    renderApp('/news');
    await screen.findByText('Services are unavailable. Try again later');
    expect(screen.getAllByRole('status').some((region) => /offline/.test(region.textContent))).toBe(
      true,
    );
    offline.mockReturnValue(true);
    network.back();
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    expect((await heading()).textContent).toBe('news');
    vi.restoreAllMocks();
  });

  it("reloads the document to try again when the page's chunk failed, which the browser keeps", async () => {
    stubContentApi();
    vi.spyOn(pageScreens.news!, 'load').mockRejectedValue(new TypeError('Failed to fetch module'));
    const reload = vi.spyOn(window.location, 'reload').mockImplementation(() => undefined);
    renderApp('/news');
    fireEvent.click(await screen.findByRole('button', { name: 'Try again' }));
    expect(reload).toHaveBeenCalledTimes(1);
    vi.restoreAllMocks();
  });

  it('clears the errors when the page changes', async () => {
    await useFakeTimersWithScreens('news', 'faq');
    stubContentApi({ page: (name) => (name === 'news' ? 503 : makePageAnswer(name)) });
    const { router } = renderApp('/news');
    await act(() => vi.advanceTimersByTimeAsync(6000));
    await screen.findByText('Services are unavailable. Try again later');
    await act(() => router.navigate('/faq'));
    expect((await heading()).textContent).toBe('faq');
    expect(screen.queryByText('Services are unavailable. Try again later')).toBeNull();
  });
});

describe('legacy ?mode= redirects (spec 2 §2.3)', () => {
  it('replaces home with the target page, keeping the other query params', async () => {
    stubContentApi();
    const { router } = renderApp('/?mode=cookies&utm=mail');
    await heading();
    expect(router.state.location.pathname).toBe('/cookies-policy');
    expect(router.state.location.search).toBe('?utm=mail');
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('keeps the language prefix', async () => {
    stubContentApi();
    const { router } = renderApp('/eng/?mode=terms');
    await heading();
    expect(router.state.location.pathname).toBe('/eng/faq');
  });

  it('sends mode=login home, or to login with a form param', async () => {
    stubContentApi();
    const { router } = renderApp('/eng?mode=login');
    await heading();
    expect(`${router.state.location.pathname}${router.state.location.search}`).toBe('/eng');
    await act(() => router.navigate('/?mode=login&form=1'));
    expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(
      '/login?form=1',
    );
  });

  it('leaves unknown modes on home', async () => {
    stubContentApi();
    const { router } = renderApp('/?mode=unknown');
    expect((await heading()).textContent).toBe('Welcome to Amadeus+Me');
    expect(router.state.location.search).toBe('?mode=unknown');
  });
});

describe('a page that fails', () => {
  it('shows only the catalogue message when a page throws while rendering, and the next page again', async () => {
    stubContentApi();
    const news = pageScreens.news!;
    const Broken = () => {
      throw new Error('broken screen');
    };
    vi.spyOn(news, 'load').mockResolvedValue(Broken);
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { router } = renderApp('/news');
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Services are unavailable. Try again later',
    );
    expect(screen.queryByRole('banner')).toBeNull();
    await act(() => router.navigate('/faq'));
    expect((await heading()).textContent).toBe('faq');
    expect(screen.queryByText('Services are unavailable. Try again later')).toBeNull();
  });
});

describe('country from the host', () => {
  it('asks for the country of the subdomain and sets lang and dir for right-to-left', async () => {
    setUrl('http://ae.localhost:3000/');
    const fetchMock = stubContentApi({
      layout: () =>
        makeLayoutAnswer({
          countryCode: 'ae',
          languageCode: 'ara',
          languageShortCode: 'ar',
          defaultLanguageCode: 'ara',
          isRtl: true,
          dictionary: { productName: 'النادي' },
        }),
      page: (name) => makePageAnswer(name, { title: 'الأسئلة' }),
    });
    renderApp('/faq');
    await heading();
    expect(fetchedUrls(fetchMock)[0]).toBe('/s2c/content/v1/layout/?countryCode=ae');
    await waitFor(() => expect(document.documentElement.dir).toBe('rtl'));
    expect(document.documentElement.lang).toBe('ar-AE');
    expect(document.title).toBe('الأسئلة | النادي');
  });

  it('goes to the same path on the root site when the subdomain is disabled', async () => {
    setUrl('http://at.localhost:3000/faq?x=1');
    const replace = vi.spyOn(window.location, 'replace').mockImplementation(() => undefined);
    stubContentApi({
      layout: () => makeLayoutAnswer({ countryCode: 'at', subDomainDisabled: true }),
    });
    renderApp('/faq?x=1');
    await waitFor(() => expect(replace).toHaveBeenCalledWith('http://localhost:3000/faq?x=1'));
  });

  it('stays on a bare host even when the country disables subdomains', async () => {
    const replace = vi.spyOn(window.location, 'replace').mockImplementation(() => undefined);
    stubContentApi({ layout: () => makeLayoutAnswer({ subDomainDisabled: true }) });
    renderApp('/');
    await heading();
    expect(replace).not.toHaveBeenCalled();
  });
});

describe('document title, lang and dir', () => {
  it('sets page title | product name, lang from language and country, ltr', async () => {
    stubContentApi({ page: (name) => makePageAnswer(name, { title: 'Συχνές ερωτήσεις' }) });
    renderApp('/faq');
    await heading();
    await waitFor(() => expect(document.title).toBe('Συχνές ερωτήσεις | Amadeus+Me'));
    expect(document.documentElement.lang).toBe('el-GR');
    expect(document.documentElement.dir).toBe('ltr');
  });

  it('takes the product name from the dictionary', async () => {
    stubContentApi({
      layout: () => makeLayoutAnswer({ dictionary: { productName: 'Travel Club' } }),
      page: (name) => makePageAnswer(name, { title: 'News' }),
    });
    renderApp('/news');
    await heading();
    await waitFor(() => expect(document.title).toBe('News | Travel Club'));
  });

  it('titles a page built locally (login) from the dictionary, without a page call', async () => {
    const fetchMock = stubContentApi();
    renderApp('/eng/login');
    expect((await heading()).textContent).toBe('Login');
    await waitFor(() => expect(document.title).toBe('Login | Amadeus+Me'));
    expect(fetchedUrls(fetchMock)).toEqual(['/s2c/content/v1/layout/?languageCode=eng']);
  });

  it("titles the login page in the layout's language", async () => {
    stubContentApi({
      layout: () => makeLayoutAnswer({ dictionary: { 'login.title': 'Σύνδεση' } }),
    });
    renderApp('/login');
    expect((await heading()).textContent).toBe('Σύνδεση');
    await waitFor(() => expect(document.title).toBe('Σύνδεση | Amadeus+Me'));
  });
});

describe('without-layout mode', () => {
  it('turns on with withoutLayout=1, is remembered, and turns off with withoutLayout=0', async () => {
    stubContentApi();
    const { router, container } = renderApp('/?withoutLayout=1');
    await heading();
    expect(readStoredValue('withoutLayout')).toBe('1');
    expect(container.querySelector('.shell--without-layout')).not.toBeNull();
    await act(() => router.navigate('/faq'));
    expect(container.querySelector('.shell--without-layout')).not.toBeNull();
    await act(() => router.navigate('/faq?withoutLayout=0'));
    expect(readStoredValue('withoutLayout')).toBeNull();
    expect(container.querySelector('.shell--without-layout')).toBeNull();
  });

  it('starts in the stored mode', async () => {
    writeStoredValue('withoutLayout', '1');
    stubContentApi();
    const { container } = renderApp('/');
    await heading();
    expect(container.querySelector('.shell--without-layout')).not.toBeNull();
  });
});

describe('links inside the app', () => {
  it('navigate from the guest home to the prefixed registration route', async () => {
    stubContentApi();
    const { router } = renderApp('/eng');
    await heading();
    fireEvent.click(screen.getByRole('link', { name: 'Register as a new user' }));
    // The registration screen's chunk (form library and schemas) loads first.
    await waitFor(() => expect(router.state.location.pathname).toBe('/eng/registration'), {
      timeout: 5_000,
    });
  });
});
