import { describe, expect, it, vi } from 'vitest';
import type { Location } from './path';
import { createBrowserHistory, createMemoryHistory } from './page-history';
import { createPageNavigator, redirectTo, type Redirect } from './page-navigator';

/** A loader whose answers the test gives, one per call, in any order. */
function controlledLoad() {
  const calls: {
    path: string;
    answer: (value: string | Redirect) => void;
    fail: (error: unknown) => void;
  }[] = [];
  const load = vi.fn(
    (location: Location) =>
      new Promise<string | Redirect>((resolve, reject) => {
        calls.push({
          path: `${location.pathname}${location.search}${location.hash}`,
          answer: resolve,
          fail: reject,
        });
      }),
  );
  return { load, calls };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
const paths = (entries: Location[]) => entries.map((entry) => `${entry.pathname}${entry.search}`);

/** A navigator over a memory history whose first location shows `firstView`. */
async function shownAt(entries: string[], firstView: string) {
  const history = createMemoryHistory(entries);
  const { load, calls } = controlledLoad();
  const navigator = createPageNavigator(history, load);
  calls[0]!.answer(firstView);
  await settle();
  return { history, load, calls, navigator };
}

describe('page navigator', () => {
  it('starts loading the first location at once and shows it with its view', async () => {
    const history = createMemoryHistory(['/faq']);
    const { load, calls } = controlledLoad();
    const navigator = createPageNavigator(history, load);
    expect(calls.map((call) => call.path)).toEqual(['/faq']);
    expect(navigator.state).toMatchObject({ view: undefined, loading: true });
    calls[0]!.answer('faq view');
    await settle();
    expect(navigator.state).toMatchObject({
      view: 'faq view',
      loading: false,
      historyAction: 'POP',
    });
    expect(paths(history.entries)).toEqual(['/faq']);
  });

  it('starts the first load when the start promise settles, unless a navigation came first', async () => {
    let start: () => void = () => undefined;
    const started = new Promise<void>((resolve) => (start = resolve));
    const { load, calls } = controlledLoad();
    createPageNavigator(createMemoryHistory(['/faq']), load, started);
    await settle();
    expect(load).not.toHaveBeenCalled();
    start();
    await settle();
    expect(calls.map((call) => call.path)).toEqual(['/faq']);

    let startLate: () => void = () => undefined;
    const late = new Promise<void>((resolve) => (startLate = resolve));
    const second = controlledLoad();
    const navigator = createPageNavigator(createMemoryHistory(['/faq']), second.load, late);
    void navigator.navigate('/news');
    startLate();
    await settle();
    expect(second.calls.map((call) => call.path)).toEqual(['/news']);
  });

  it('changes location and history only once the next view is loaded', async () => {
    const { history, calls, navigator } = await shownAt(['/'], 'home');
    const seen: string[] = [];
    navigator.subscribe((state) =>
      seen.push(`${state.location.pathname} ${String(state.view)} ${state.loading}`),
    );

    const shown = navigator.navigate('/news?page=2', { state: { from: 'home' } });
    await settle();
    expect(navigator.state.location.pathname).toBe('/');
    expect(navigator.state.loading).toBe(true);
    expect(paths(history.entries)).toEqual(['/']);

    calls[1]!.answer('news');
    await shown;
    expect(navigator.state).toMatchObject({ view: 'news', loading: false, historyAction: 'PUSH' });
    expect(navigator.state.location.state).toEqual({ from: 'home' });
    expect(paths(history.entries)).toEqual(['/', '/news?page=2']);
    expect(seen).toEqual(['/ home true', '/news news false']);
  });

  it('shows only the latest navigation when an earlier one answers last', async () => {
    const { history, calls, navigator } = await shownAt(['/'], 'home');
    void navigator.navigate('/news');
    void navigator.navigate('/faq');
    calls[2]!.answer('faq');
    await settle();
    calls[1]!.answer('news');
    await settle();
    expect(navigator.state.view).toBe('faq');
    expect(paths(history.entries)).toEqual(['/', '/faq']);
  });

  it('replaces the current entry with a redirect’s target, and loads that', async () => {
    const history = createMemoryHistory(['/', '/?mode=cookies']);
    const { load, calls } = controlledLoad();
    const navigator = createPageNavigator(history, load);
    calls[0]!.answer(redirectTo('/cookies-policy'));
    await settle();
    expect(calls.map((call) => call.path)).toEqual(['/?mode=cookies', '/cookies-policy']);
    calls[1]!.answer('cookies');
    await settle();
    expect(navigator.state).toMatchObject({ view: 'cookies', historyAction: 'REPLACE' });
    expect(paths(history.entries)).toEqual(['/', '/cookies-policy']);
  });

  it('gives up after ten redirects in a row, with an error', async () => {
    const navigator = createPageNavigator(createMemoryHistory(['/a']), (location) =>
      Promise.resolve(redirectTo(location.pathname === '/a' ? '/b' : '/a')),
    );
    await settle();
    expect(String(navigator.state.error)).toContain('too many redirects');
  });

  it('changes only the location when just the hash changes', async () => {
    const { load, navigator } = await shownAt(['/faq'], 'faq');
    await navigator.navigate('/faq#question-3');
    expect(load).toHaveBeenCalledTimes(1);
    expect(navigator.state.location.hash).toBe('#question-3');
    expect(navigator.state.view).toBe('faq');
  });

  it('keeps the view and shows the error when a load throws; the next page clears it', async () => {
    const { calls, navigator } = await shownAt(['/'], 'home');
    const failed = navigator.navigate('/news');
    calls[1]!.fail(new Error('chunk missing'));
    await failed;
    expect(navigator.state).toMatchObject({ view: 'home', loading: false });
    expect(String(navigator.state.error)).toContain('chunk missing');
    const next = navigator.navigate('/faq');
    calls[2]!.answer('faq');
    await next;
    expect(navigator.state).toMatchObject({ view: 'faq', error: undefined });
  });

  it('goes back by loading the earlier entry, without writing the history', async () => {
    const { history, calls, navigator } = await shownAt(['/'], 'home');
    const forward = navigator.navigate('/faq');
    calls[1]!.answer('faq');
    await forward;
    await navigator.navigate(-1);
    await settle();
    expect(calls.map((call) => call.path)).toEqual(['/', '/faq', '/']);
    calls[2]!.answer('home again');
    await settle();
    expect(navigator.state).toMatchObject({ view: 'home again', historyAction: 'POP' });
    expect(history.index).toBe(0);
    expect(paths(history.entries)).toEqual(['/', '/faq']);
  });

  it('replaces the entry when going to the address shown', async () => {
    const { history, calls, navigator } = await shownAt(['/faq'], 'faq');
    const again = navigator.navigate('/faq');
    calls[1]!.answer('faq again');
    await again;
    expect(navigator.state).toMatchObject({ view: 'faq again', historyAction: 'REPLACE' });
    expect(paths(history.entries)).toEqual(['/faq']);
  });

  it('revalidates the shown location without a navigation’s loading state', async () => {
    const { history, calls, navigator } = await shownAt(['/'], 'member home');
    const reloaded = navigator.revalidate();
    await settle();
    expect(navigator.state).toMatchObject({ loading: false, revalidating: true });
    calls[1]!.answer('guest home');
    await reloaded;
    expect(navigator.state).toMatchObject({ view: 'guest home', revalidating: false });
    expect(paths(history.entries)).toEqual(['/']);
  });

  it('writes the browser’s history with the navigation state, and hears back and forward', async () => {
    window.history.replaceState(null, '', '/start');
    const { load, calls } = controlledLoad();
    const navigator = createPageNavigator(createBrowserHistory(), load);
    calls[0]!.answer('start');
    await settle();
    const shown = navigator.navigate('/next?x=1', { state: { memberNumber: '1' } });
    calls[1]!.answer('next');
    await shown;
    expect(`${window.location.pathname}${window.location.search}`).toBe('/next?x=1');
    expect((window.history.state as { usr: unknown }).usr).toEqual({ memberNumber: '1' });

    window.history.replaceState(null, '', '/start');
    window.dispatchEvent(new PopStateEvent('popstate'));
    expect(calls.map((call) => call.path)).toEqual(['/start', '/next?x=1', '/start']);
    calls[2]!.answer('start again');
    await settle();
    expect(navigator.state).toMatchObject({ view: 'start again', historyAction: 'POP' });
  });
});
