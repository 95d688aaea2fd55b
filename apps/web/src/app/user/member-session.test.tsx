import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { User } from '@club/contract/membership';
import { setAppConfigForTests } from '../../lib/app-config';
import { readStoredValue, writeStoredValue } from '../../lib/client-storage';
import { makeLayoutAnswer, makePageAnswer } from '../../testing/fake-content-api';
import { renderApp } from '../../testing/render-app';
import { resetFollowMemberCountry } from './follow-member-country';
import {
  apiData,
  apiError,
  makeUser,
  stubApi,
  type ApiCall,
} from '../../testing/membership-test-utils';

type HappyDomWindow = { happyDOM: { setURL(url: string): void } };
const setUrl = (url: string) => (window as unknown as HappyDomWindow).happyDOM.setURL(url);

beforeEach(() => {
  setAppConfigForTests({ rootDomain: 'localhost', tokenStorage: 'local' });
  setUrl('http://gr.localhost:3000/');
  resetFollowMemberCountry();
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  document.body.className = '';
});

const isUserCheck = (call: ApiCall) =>
  call.method === 'GET' && call.path === '/s2c/auth/v1/agents/7';
const isLogout = (call: ApiCall) =>
  call.method === 'POST' && call.path === '/s2c/auth/v1/agents/logout';

/** A stored session of member 7 and an API that knows them (or answers the check with `check`). */
function member(
  user: User | number = makeUser(),
  more: (call: ApiCall) => Response | undefined = () => undefined,
) {
  writeStoredValue('token', 'tok-7');
  writeStoredValue('userId', '7');
  return stubApi(
    (call) => {
      if (isUserCheck(call))
        return typeof user === 'number' ? apiError(user, 'ERROR') : apiData(user);
      return more(call);
    },
    { layout: makeLayoutAnswer() },
  );
}

const heading = () => screen.findByRole('heading', { level: 1 });
/** Waits for the page heading to read `text` (the previous page may still be shown). */
const headingReads = (text: string) =>
  waitFor(() => expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(text));

/** The header's account menu button (the member's first name and number): a member is logged in. */
const accountMenu = () => screen.findByRole('button', { name: /Member number/ });

/** Log Out, inside the account menu: opens the menu and gives the button. */
async function logOutButton(user: ReturnType<typeof userEvent.setup>): Promise<HTMLElement> {
  await user.click(await accountMenu());
  const menu = await screen.findByRole('navigation', { name: 'Your account' });
  return within(menu).getByRole('button', { name: 'Log Out' });
}

describe('user check at start-up (spec 1 §4)', () => {
  it('is skipped without a stored user id: a guest sees Login and the guest home', async () => {
    const calls = stubApi(undefined, { layout: makeLayoutAnswer() });
    renderApp('/');
    await headingReads('Welcome to Amadeus+Me');
    expect(screen.getAllByRole('link', { name: 'Login' }).length).toBeGreaterThan(0);
    expect(calls.some(isUserCheck)).toBe(false);
  });

  it('gives the member: Log Out in the header and the member home', async () => {
    const calls = member();
    renderApp('/');
    await headingReads('Welcome, Eleni!');
    expect(await accountMenu()).toBeTruthy();
    expect(calls.find(isUserCheck)?.query.toString()).toBe('');
  });

  it("opens the gift list from the header's gifts icon", async () => {
    const calls = member();
    renderApp('/');
    await headingReads('Welcome, Eleni!');
    const icon = within(screen.getByRole('banner')).getAllByRole('link', {
      name: 'List of Gifts',
    })[0]!;
    // The member's session (which listens) loads in its own chunk: click until it answers.
    await waitFor(async () => {
      await userEvent.click(icon);
      expect(calls.map((call) => call.path)).toContain('/s2c/content/v1/pages/gifts/');
    });
  });

  it('sends the stored token with the check', async () => {
    const calls = member();
    renderApp('/');
    await heading();
    expect(calls.find(isUserCheck)?.headers.get('Authorization')).toBe('Bearer tok-7');
  });

  it.each([401, 403])(
    'on %i logs out: the stored values are cleared and home is the guest home',
    async (status) => {
      member(status);
      renderApp('/');
      await headingReads('Welcome to Amadeus+Me');
      expect(readStoredValue('token')).toBeNull();
      expect(readStoredValue('userId')).toBeNull();
    },
  );

  it('on another failure (after the GET retries) sets the error flag and keeps the stored values', async () => {
    // Dynamic imports do not settle under fake timers: the home screens are loaded first.
    await import('../../features/points/points-screens').then((m) => m.memberHome());
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const calls = member(500);
      renderApp('/');
      await act(() => vi.advanceTimersByTimeAsync(7000));
      expect(await screen.findByText('Services are unavailable. Try again later')).toBeTruthy();
      expect(calls.filter(isUserCheck)).toHaveLength(4);
      expect(readStoredValue('token')).toBe('tok-7');
      expect(readStoredValue('userId')).toBe('7');
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('logout (spec 1 §4)', () => {
  it('posts the logout, clears token, user id and user, and goes home', async () => {
    const calls = member(makeUser(), (call) => (isLogout(call) ? apiData(null) : undefined));
    const user = userEvent.setup();
    const { router } = renderApp('/faq');
    await heading();
    const logOut = await logOutButton(user);
    await user.click(logOut);
    await waitFor(() =>
      expect(screen.getAllByRole('link', { name: 'Login' }).length).toBeGreaterThan(0),
    );
    expect(router.state.location.pathname).toBe('/');
    await headingReads('Welcome to Amadeus+Me');
    expect(readStoredValue('token')).toBeNull();
    expect(readStoredValue('userId')).toBeNull();
    const logout = calls.find(isLogout);
    expect(logout).toBeTruthy();
  });

  it.each([
    ['a server error', () => apiError(500, 'INTERNAL_ERROR')],
    ['a network failure', () => Promise.reject(new TypeError('offline')) as never],
  ])('treats %s as success', async (_name, failure) => {
    member(makeUser(), (call) => (isLogout(call) ? failure() : undefined));
    const user = userEvent.setup();
    const { router } = renderApp('/faq');
    await user.click(await logOutButton(user));
    await waitFor(() => expect(readStoredValue('token')).toBeNull());
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });
});

describe('member routing', () => {
  it('sends a logged-in member who lands on login home', async () => {
    member();
    const { router } = renderApp('/login');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    await headingReads('Welcome, Eleni!');
  });

  it('sends a logged-in member who lands on registration home', async () => {
    member();
    const { router } = renderApp('/registration');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    await headingReads('Welcome, Eleni!');
  });

  it.each([
    'profile-update',
    'profile-delete',
    'delete-confirm',
    'gifts',
    'points',
    'redeem-points',
  ])('shows the 403 screen to a guest on %s without a page call', async (pageName) => {
    const calls = stubApi(undefined, { layout: makeLayoutAnswer() });
    renderApp(`/${pageName}`);
    await headingReads('Access denied');
    expect(calls.some((call) => call.path.startsWith('/s2c/content/v1/pages/'))).toBe(false);
  });

  it('logs in from the login page and shows the member home', async () => {
    const eleni = makeUser();
    stubApi(
      (call) => {
        if (call.path === '/s2c/auth/v1/token/agent')
          return apiData({ user: eleni, token: 'tok-new' });
        if (call.method === 'GET' && call.path === '/s2c/auth/v1/agents/7') return apiData(eleni);
        return undefined;
      },
      { layout: makeLayoutAnswer() },
    );
    const user = userEvent.setup();
    const { router } = renderApp('/login');
    await user.type(await screen.findByLabelText('Member number'), '100200300');
    await user.type(screen.getByLabelText('Password'), 'secret12');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    await headingReads('Welcome, Eleni!');
    expect(await accountMenu()).toBeTruthy();
  });

  it('goes from home with countrySelected=1 to registration', async () => {
    stubApi(undefined, { layout: makeLayoutAnswer() });
    const { router } = renderApp('/?countrySelected=1');
    await heading();
    expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(
      '/registration?countrySelected=1',
    );
  });
});

describe('country follow (spec 1 §4)', () => {
  const handoverCode =
    (countryCode: string, countryRoute = '') =>
    (call: ApiCall) =>
      call.method === 'POST' && call.path === '/s2c/auth/v1/session/handover-code'
        ? apiData({ code: 'code-1', countryCode, countryRoute, expiresInSeconds: 60 })
        : isLogout(call)
          ? apiData(null)
          : undefined;

  it("goes to the member's country host signed in: a handover code, and this site forgets its session", async () => {
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => undefined);
    setUrl('http://gr.localhost:3000/faq?x=1');
    const calls = member(makeUser({ countryCode: 'at' }), handoverCode('at'));
    renderApp('/faq?x=1');
    await waitFor(() =>
      expect(assign).toHaveBeenCalledWith('http://at.localhost:3000/faq?x=1&handover=code-1'),
    );
    // No logout: the code needs its session open until the exchange, which ends it.
    expect(calls.some(isLogout)).toBe(false);
    expect(readStoredValue('token')).toBeNull();
    expect(readStoredValue('userId')).toBeNull();
  });

  it('from login arrives on home there, in the language of the page it left', async () => {
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => undefined);
    setUrl('http://gr.localhost:3000/ell/login');
    member(makeUser({ countryCode: 'at' }), handoverCode('at'));
    renderApp('/ell/login');
    await waitFor(() =>
      expect(assign).toHaveBeenCalledWith('http://at.localhost:3000/ell?handover=code-1'),
    );
  });

  it('goes to the root site under the prefix of a member whose country has no subdomain', async () => {
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => undefined);
    setUrl('http://gr.localhost:3000/points');
    member(makeUser({ countryCode: 'cy' }), handoverCode('cy', '/cy'));
    renderApp('/points');
    await waitFor(() =>
      expect(assign).toHaveBeenCalledWith('http://localhost:3000/cy/points?handover=code-1'),
    );
  });

  it("goes to the member's country host, same path, when no code can be had", async () => {
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => undefined);
    setUrl('http://gr.localhost:3000/faq?x=1');
    member(makeUser({ countryCode: 'at' }));
    renderApp('/faq?x=1');
    await waitFor(() => expect(assign).toHaveBeenCalledWith('http://at.localhost:3000/faq?x=1'));
  });

  it("stays when the member's country is the current one", async () => {
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => undefined);
    member();
    renderApp('/faq');
    await accountMenu();
    expect(assign).not.toHaveBeenCalled();
  });
});

describe('terms dialog (spec 1 §2, spec 2 §4)', () => {
  const notAccepted = makeUser({ agentAcceptedTermsAndConditions: false });

  it('is modal, keeps focus inside, and records the approval on Ok', async () => {
    const calls = member(notAccepted, (call) =>
      call.method === 'POST' && call.path === '/s2c/auth/v1/agents/7/terms-acceptance'
        ? apiData(makeUser())
        : undefined,
    );
    const user = userEvent.setup();
    renderApp('/faq');
    const dialog = await screen.findByRole('dialog', { name: 'Terms and Conditions' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(document.activeElement).toBe(dialog);
    expect(document.body.classList.contains('modal-open')).toBe(true);
    expect(document.querySelector('.shell')?.hasAttribute('inert')).toBe(true);
    const link = within(dialog).getByRole('link', { name: /Read the terms and conditions/ });
    expect(link.getAttribute('href')).toBe('/terms-and-conditions');
    expect(link.getAttribute('target')).toBe('_blank');
    const ok = within(dialog).getByRole('button', { name: 'Ok' });
    await user.tab();
    expect(document.activeElement).toBe(link);
    await user.tab();
    expect(document.activeElement).toBe(ok);
    await user.tab();
    expect(document.activeElement).toBe(link);
    await user.tab({ shift: true });
    expect(document.activeElement).toBe(ok);
    await user.click(ok);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.some((call) => call.path === '/s2c/auth/v1/agents/7/terms-acceptance')).toBe(true);
    expect(document.body.classList.contains('modal-open')).toBe(false);
    expect(document.querySelector('.shell')?.hasAttribute('inert')).toBe(false);
  });

  it('stays open with the submit error when the approval fails', async () => {
    member(notAccepted, (call) =>
      call.path.endsWith('/terms-acceptance') ? apiError(500, 'INTERNAL_ERROR') : undefined,
    );
    const user = userEvent.setup();
    renderApp('/faq');
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Ok' }));
    expect(
      await within(dialog).findByText('Some server or network problems, please try again later'),
    ).toBeTruthy();
  });

  it('does not show on the terms-and-conditions page', async () => {
    member(notAccepted);
    renderApp('/terms-and-conditions');
    await accountMenu();
    expect(screen.queryByRole('dialog', { name: 'Terms and Conditions' })).toBeNull();
  });

  it('does not show without layout', async () => {
    member(notAccepted);
    renderApp('/faq?withoutLayout=1');
    await heading();
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(screen.queryByRole('dialog', { name: 'Terms and Conditions' })).toBeNull();
  });

  it('does not show for a member who accepted the terms', async () => {
    member();
    renderApp('/faq');
    await accountMenu();
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

describe('direct-access members (spec 1 §2, spec 2 §4)', () => {
  const direct = makeUser({ isAmadeusDirectUser: true });

  it('see the header variant and the dialog; the button opens the other platform', async () => {
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => undefined);
    stubApi((call) => (call.path === '/s2c/auth/v1/agents/7' ? apiData(direct) : undefined), {
      layout: makeLayoutAnswer({ amadeusDirectUrlToRedirect: 'https://direct.example.com/' }),
    });
    writeStoredValue('token', 'tok-7');
    writeStoredValue('userId', '7');
    const user = userEvent.setup();
    renderApp('/faq');
    const dialog = await screen.findByRole('dialog', {
      name: 'The club has moved to a new address',
    });
    expect(document.body.classList.contains('approve-required')).toBe(true);
    const banner = screen.getByRole('banner');
    expect(
      within(banner).getByRole('link', { name: 'Go to Amadeus Direct' }).getAttribute('href'),
    ).toBe('https://direct.example.com/');
    expect(within(banner).getByRole('link', { name: 'Status Points' })).toBeTruthy();
    expect(within(banner).getByRole('link', { name: 'List of Gifts' })).toBeTruthy();
    expect(within(banner).queryByRole('button', { name: 'Log Out' })).toBeNull();
    expect(screen.queryByRole('heading', { level: 1 })).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Open Amadeus Direct' }));
    expect(assign).toHaveBeenCalledWith('https://direct.example.com/');
  });

  it('log out with Cancel, which removes the dialog classes', async () => {
    member(direct, (call) => (isLogout(call) ? apiData(null) : undefined));
    const user = userEvent.setup();
    renderApp('/faq');
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(readStoredValue('token')).toBeNull());
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.body.classList.contains('approve-required')).toBe(false);
    expect(document.body.classList.contains('modal-open')).toBe(false);
  });

  it('get an alert outside production when the layout has no address, then the default site', async () => {
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => undefined);
    const alert = vi.fn();
    vi.stubGlobal('alert', alert);
    member(direct);
    const user = userEvent.setup();
    renderApp('/faq');
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Open Amadeus Direct' }));
    expect(alert).toHaveBeenCalledOnce();
    expect(assign).toHaveBeenCalledWith('https://www.amadeus.com/');
  });

  it('get no alert in production', async () => {
    setAppConfigForTests({ rootDomain: 'localhost', tokenStorage: 'local', production: true });
    vi.spyOn(window.location, 'assign').mockImplementation(() => undefined);
    const alert = vi.fn();
    vi.stubGlobal('alert', alert);
    member(direct);
    const user = userEvent.setup();
    renderApp('/faq');
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Open Amadeus Direct' }));
    expect(alert).not.toHaveBeenCalled();
  });
});

describe('page answers of a member', () => {
  it('are dropped at logout, so that the next member never sees them', async () => {
    member(makeUser(), (call) => {
      if (isLogout(call)) return apiData(null);
      if (call.path === '/s2c/content/v1/pages/faq/')
        return apiData(makePageAnswer('faq', { title: 'Questions' }));
      return undefined;
    });
    const user = userEvent.setup();
    const { queryClient } = renderApp('/faq');
    await heading();
    expect(queryClient.getQueryCache().findAll({ queryKey: ['page', 'faq'] })).toHaveLength(1);
    await user.click(await logOutButton(user));
    await waitFor(() => expect(readStoredValue('token')).toBeNull());
    expect(queryClient.getQueryCache().findAll({ queryKey: ['page', 'faq'] })).toHaveLength(0);
  });
});
