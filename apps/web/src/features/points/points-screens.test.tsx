import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setAppConfigForTests } from '../../lib/app-config';
import { writeStoredValue } from '../../lib/client-storage';
import { makeLayoutAnswer } from '../../testing/fake-content-api';
import { renderApp } from '../../testing/render-app';
import {
  apiData,
  makeForecast,
  makeHistory,
  makePointsPage,
  makeStatusReport,
  makeUser,
  stubApi,
  type ApiCall,
} from './testing/points-test-utils';
import { makePage } from '../../testing/membership-test-utils';

type HappyDomWindow = { happyDOM: { setURL(url: string): void } };
const setUrl = (url: string) => (window as unknown as HappyDomWindow).happyDOM.setURL(url);

beforeEach(() => {
  setAppConfigForTests({ rootDomain: 'localhost', tokenStorage: 'local' });
  setUrl('http://gr.localhost:3000/');
});

afterEach(() => vi.unstubAllGlobals());

const isPage = (name: string) => (call: ApiCall) =>
  call.method === 'GET' && call.path === `/s2c/content/v1/pages/${name}/`;
// The first page of a test loads the screens' chunks: seconds on a busy machine.
const headingReads = (text: string) =>
  waitFor(() => expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(text), {
    timeout: 5000,
  });

/** The API of member 7 with a stored session: user check, points page and calls, archive. */
function memberApi() {
  writeStoredValue('token', 'tok-7');
  writeStoredValue('userId', '7');
  return stubApi(
    (call) => {
      if (call.path === '/s2c/auth/v1/agents/7') return apiData(makeUser());
      if (call.path === '/s2c/auth/v1/agent-points') return apiData(makeStatusReport());
      if (call.path === '/s2c/auth/v1/agent-points/forecast') return apiData(makeForecast());
      if (call.path === '/s2c/auth/v1/agent-points/history') return apiData(makeHistory());
      if (isPage('points')(call))
        return apiData(
          makePointsPage({
            title: 'Status points',
            noneDet: call.query.get('pnrSearch') === 'NONE11',
          }),
        );
      return undefined;
    },
    { layout: makeLayoutAnswer() },
  );
}

describe('the points pages in the app', () => {
  it('shows the member home on home for a stored session', async () => {
    memberApi();
    renderApp('/');
    await headingReads('Welcome, Eleni!');
    expect(await screen.findByRole('table', { name: 'Segments' })).toBeTruthy();
  });

  it('shows the member home once, with its points: the page loader fetched them first', async () => {
    const calls = memberApi();
    renderApp('/');
    // The welcome and the points arrive in the same render: no loading state between them.
    await screen.findByRole('heading', { name: 'Welcome, Eleni!' });
    expect(screen.getByRole('table', { name: 'Segments' })).toBeTruthy();
    expect(screen.getByRole('img', { name: /lapsing in each of the next 12 months/ })).toBeTruthy();
    expect(screen.queryByRole('status', { name: /loading/i })).toBeNull();
    // And only once: the screen took the loader's answers without calling again.
    const pointsCalls = calls.filter((call) => call.path.startsWith('/s2c/auth/v1/agent-points'));
    expect(pointsCalls.map((call) => call.path).sort()).toEqual([
      '/s2c/auth/v1/agent-points',
      '/s2c/auth/v1/agent-points/forecast',
    ]);
  });

  it('loads the points page with the search of its URL as page params', async () => {
    const calls = memberApi();
    renderApp('/points?searchBy=pnr&pnrSearch=ABC123&details=1');
    await headingReads('Status points');
    const query = calls.find(isPage('points'))?.query;
    expect(query?.get('searchBy')).toBe('pnr');
    expect(query?.get('pnrSearch')).toBe('ABC123');
    expect(query?.get('details')).toBe('1');
  });

  it('searches: the page is asked again with the new search', async () => {
    const calls = memberApi();
    const user = userEvent.setup();
    const { router } = renderApp('/points');
    await headingReads('Status points');
    await user.type(screen.getByLabelText('Record locator (PNR)'), 'none11');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(
      await screen.findByText('No PNR matches your search.', {}, { timeout: 5000 }),
    ).toBeTruthy();
    expect(router.state.location.search).toBe('?searchBy=pnr&pnrSearch=NONE11');
    expect(calls.filter(isPage('points')).at(-1)?.query.get('pnrSearch')).toBe('NONE11');
    // The form still shows the search (put back by an effect of the new page).
    await waitFor(() =>
      expect(screen.getByLabelText<HTMLInputElement>('Record locator (PNR)').value).toBe('NONE11'),
    );
    // Two page loads: seconds on a busy machine.
  }, 15_000);

  it('shows archive points to a guest, asking the server', async () => {
    const calls = stubApi(
      (call) =>
        isPage('archive-points')(call)
          ? apiData(
              makePage('archive-points', { archive: null, loggedIn: false }, { title: 'Archive' }),
            )
          : undefined,
      { layout: makeLayoutAnswer() },
    );
    renderApp('/archive-points');
    await headingReads('Archive');
    expect(screen.getByRole('link', { name: 'Log in' })).toBeTruthy();
    expect(calls.some(isPage('archive-points'))).toBe(true);
  });
});
