import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createTestNavigator, TestRouter } from '../../testing/test-router';
import { Link } from './link';

function renderLink(link: React.ReactNode) {
  const navigator = createTestNavigator('/eng/home');
  render(<TestRouter navigator={navigator}>{link}</TestRouter>);
  return navigator;
}

/**
 * Whether the app left the click to the browser; the test document then
 * follows no link itself.
 */
function leftToTheBrowser(link: HTMLElement, click: object = {}): boolean {
  let left = false;
  const stop = (event: Event) => {
    left = !event.defaultPrevented;
    event.preventDefault();
  };
  window.addEventListener('click', stop);
  try {
    fireEvent.click(link, click);
  } finally {
    window.removeEventListener('click', stop);
  }
  return left;
}

describe('Link', () => {
  it('is a real link whose click shows the page through the navigator', async () => {
    const navigator = renderLink(<Link to="/eng/faq?x=1#top">FAQ</Link>);
    const link = screen.getByRole('link', { name: 'FAQ' });
    expect(link.getAttribute('href')).toBe('/eng/faq?x=1#top');
    expect(leftToTheBrowser(link)).toBe(false);
    await waitFor(() => expect(navigator.state.location.pathname).toBe('/eng/faq'));
    expect(navigator.state.location.search).toBe('?x=1');
    expect(navigator.state.location.hash).toBe('#top');
    expect(navigator.state.historyAction).toBe('PUSH');
  });

  it('writes an address given in parts', () => {
    renderLink(<Link to={{ pathname: '/eng/points', search: 'tab=2' }}>Points</Link>);
    expect(screen.getByRole('link').getAttribute('href')).toBe('/eng/points?tab=2');
  });

  it('opens a link of the same origin written in full in the app', async () => {
    const navigator = renderLink(<Link to={`${window.location.origin}/eng/gifts`}>Gifts</Link>);
    expect(leftToTheBrowser(screen.getByRole('link'))).toBe(false);
    await waitFor(() => expect(navigator.state.location.pathname).toBe('/eng/gifts'));
  });

  it.each([
    ['another origin', <Link to="https://example.com/eng/faq">FAQ</Link>, {}],
    [
      'a new tab',
      <Link to="/eng/faq" target="_blank" rel="noopener">
        FAQ
      </Link>,
      {},
    ],
    [
      'a download',
      <Link to="/eng/faq" download>
        FAQ
      </Link>,
      {},
    ],
    ['the control key', <Link to="/eng/faq">FAQ</Link>, { ctrlKey: true }],
    ['the shift key', <Link to="/eng/faq">FAQ</Link>, { shiftKey: true }],
    ['the middle button', <Link to="/eng/faq">FAQ</Link>, { button: 1 }],
  ])('leaves %s to the browser', (_, link, click) => {
    const navigator = renderLink(link);
    expect(leftToTheBrowser(screen.getByRole('link'), click)).toBe(true);
    expect(navigator.state.location.pathname).toBe('/eng/home');
  });

  it('runs its own click handler first, which may keep the page', () => {
    const navigator = renderLink(
      <Link to="/eng/faq" onClick={(event) => event.preventDefault()}>
        FAQ
      </Link>,
    );
    expect(leftToTheBrowser(screen.getByRole('link'))).toBe(false);
    expect(navigator.state.location.pathname).toBe('/eng/home');
  });

  it('replaces the entry when asked', async () => {
    const navigator = renderLink(
      <Link to="/eng/faq" replace>
        FAQ
      </Link>,
    );
    fireEvent.click(screen.getByRole('link'));
    await waitFor(() => expect(navigator.state.location.pathname).toBe('/eng/faq'));
    expect(navigator.state.historyAction).toBe('REPLACE');
  });
});
