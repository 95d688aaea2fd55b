import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Header } from './header';
import { makeLayout, renderWithLayout } from '../../testing/shell-test-utils';
import { logoutEvent, openGiftsEvent } from './shell-events';

const member = { firstName: 'Eleni', number: '9000001' };
const layout = makeLayout({
  menuItems: [
    { pageName: 'registration', title: 'Registration', audience: 'guest' },
    { pageName: 'faq', title: 'Rules', audience: 'both' },
    { pageName: 'profile-update', title: 'Update Details', audience: 'member' },
    { pageName: 'archive-points', title: 'Archive points', audience: 'member' },
  ],
});

function accountButton() {
  return screen.getByRole('button', { name: /Eleni/ });
}

function renderMemberHeader(pageName = 'home', options = { layout }) {
  return renderWithLayout(<Header pageName={pageName} registered member={member} />, options);
}

describe('the account menu', () => {
  const listeners: Array<[string, EventListener]> = [];
  function listen(type: string) {
    const listener = vi.fn<(event: Event) => void>();
    window.addEventListener(type, listener);
    listeners.push([type, listener]);
    return listener;
  }
  afterEach(() => {
    for (const [type, listener] of listeners.splice(0)) window.removeEventListener(type, listener);
  });

  it("is a closed disclosure named by the member's first name and member number", () => {
    renderMemberHeader();
    const button = accountButton();
    expect(button.textContent).toContain('Eleni');
    expect(button.textContent).toContain('9000001');
    expect(button.getAttribute('aria-expanded')).toBe('false');
    const panel = document.getElementById(button.getAttribute('aria-controls') ?? '');
    expect(panel?.hidden).toBe(true);
    // The number reads left to right in any direction.
    expect(within(button).getByText('9000001').getAttribute('dir')).toBe('ltr');
  });

  it('opens with the profile, points, gifts, the other member items and Log Out', async () => {
    renderMemberHeader();
    await userEvent.click(accountButton());
    expect(accountButton().getAttribute('aria-expanded')).toBe('true');
    const panel = screen.getByRole('navigation', { name: 'Your account' });
    expect(panel.id).toBe(accountButton().getAttribute('aria-controls'));
    const entries = within(panel)
      .getAllByRole('listitem')
      .map((item) => [item.textContent, item.querySelector('a')?.getAttribute('href') ?? null]);
    expect(entries).toEqual([
      ['Update Details', '/eng/profile-update'],
      ['Status Points', '/eng/points'],
      ['List of Gifts', '/eng/gifts'],
      ['Archive points', '/eng/archive-points'],
      ['Log Out', null],
    ]);
  });

  it('takes its words from the dictionary when content has no profile item', async () => {
    renderMemberHeader('home', {
      layout: makeLayout({
        dictionary: {
          'menu.profile': 'Ενημέρωση στοιχείων',
          'menu.account': 'Ο λογαριασμός σας',
          'menu.memberNumber': 'Αριθμός μέλους',
        },
      }),
    });
    expect(screen.getByRole('button', { name: 'Eleni Αριθμός μέλους: 9000001' })).toBeTruthy();
    await userEvent.click(accountButton());
    const panel = screen.getByRole('navigation', { name: 'Ο λογαριασμός σας' });
    expect(within(panel).getByRole('link', { name: 'Ενημέρωση στοιχείων' })).toBeTruthy();
  });

  it('closes with Escape and gives focus back to its button', async () => {
    renderMemberHeader();
    await userEvent.click(accountButton());
    await userEvent.tab();
    expect(document.activeElement?.textContent).toBe('Update Details');
    await userEvent.keyboard('{Escape}');
    expect(accountButton().getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(accountButton());
  });

  it('opens and closes by keyboard alone', async () => {
    renderMemberHeader();
    accountButton().focus();
    await userEvent.keyboard('{Enter}');
    expect(accountButton().getAttribute('aria-expanded')).toBe('true');
    await userEvent.keyboard(' ');
    expect(accountButton().getAttribute('aria-expanded')).toBe('false');
  });

  it('closes on a press outside it', async () => {
    renderMemberHeader();
    await userEvent.click(accountButton());
    fireEvent.pointerDown(document.body);
    expect(accountButton().getAttribute('aria-expanded')).toBe('false');
  });

  it('logs out and opens the gifts through the shell events', async () => {
    const loggedOut = listen(logoutEvent);
    const opened = listen(openGiftsEvent);
    renderMemberHeader();
    await userEvent.click(accountButton());
    const panel = screen.getByRole('navigation', { name: 'Your account' });
    await userEvent.click(within(panel).getByRole('link', { name: 'List of Gifts' }));
    expect(opened).toHaveBeenCalledTimes(1);
    expect(accountButton().getAttribute('aria-expanded')).toBe('false');
    await userEvent.click(accountButton());
    const reopened = screen.getByRole('navigation', { name: 'Your account' });
    await userEvent.click(within(reopened).getByRole('button', { name: 'Log Out' }));
    expect(loggedOut).toHaveBeenCalledTimes(1);
  });

  it('marks the current page', async () => {
    renderMemberHeader('archive-points');
    await userEvent.click(accountButton());
    expect(screen.getByRole('link', { name: 'Archive points' }).getAttribute('aria-current')).toBe(
      'page',
    );
  });
});

describe('the header for members', () => {
  function mainMenu() {
    return screen.getByRole('navigation', { name: 'Main menu' });
  }

  it('shows no Registration and leaves the member items to the account menu', () => {
    renderMemberHeader();
    const links = within(mainMenu()).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual(['Rules']);
  });

  it('shows guests Registration and none of the member items', () => {
    renderWithLayout(<Header pageName="home" registered={false} />, { layout });
    const links = within(mainMenu()).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual(['Registration', 'Rules']);
    expect(screen.queryByRole('button', { name: /Eleni/ })).toBeNull();
  });

  it('labels the points and gifts icons, and Escape hides the labels but keeps the names', async () => {
    renderMemberHeader('home', {
      layout: makeLayout({ dictionary: { 'menu.points': 'Statuspunkte' } }),
    });
    const points = screen.getByRole('link', { name: 'Statuspunkte' });
    const label = within(points).getByText('Statuspunkte');
    expect(label.className).toBe('icon-link__label');
    const icons = points.closest('ul')!;
    await userEvent.hover(points);
    expect(icons.hasAttribute('data-labels-dismissed')).toBe(false);
    await userEvent.keyboard('{Escape}');
    expect(icons.hasAttribute('data-labels-dismissed')).toBe(true);
    expect(screen.getByRole('link', { name: 'Statuspunkte' })).toBe(points);
    await userEvent.unhover(points);
    await userEvent.hover(points);
    expect(icons.hasAttribute('data-labels-dismissed')).toBe(false);
  });
});
