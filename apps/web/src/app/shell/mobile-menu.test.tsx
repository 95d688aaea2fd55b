import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MobileMenu, scrollLockClass } from './mobile-menu';
import { makeLayout, renderWithLayout } from '../../testing/shell-test-utils';
import { logoutEvent } from './shell-events';

function toggle() {
  return screen.getByRole('button', { name: 'Open menu' });
}

function isLocked() {
  return document.documentElement.classList.contains(scrollLockClass);
}

async function openMenu() {
  await userEvent.click(toggle());
  return screen.getByRole('dialog', { name: 'Main menu' });
}

describe('MobileMenu', () => {
  it('starts closed with a toggle that controls the panel', () => {
    renderWithLayout(<MobileMenu pageName="home" registered={false} />);
    expect(toggle().getAttribute('aria-expanded')).toBe('false');
    expect(toggle().getAttribute('aria-controls')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(isLocked()).toBe(false);
  });

  it('opens a modal panel, locks page scroll and moves focus into it', async () => {
    renderWithLayout(<MobileMenu pageName="home" registered={false} />);
    const dialog = await openMenu();
    expect(toggle().getAttribute('aria-expanded')).toBe('true');
    expect(dialog.id).toBe(toggle().getAttribute('aria-controls'));
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(isLocked()).toBe(true);
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Close menu' }));
  });

  it('lists Home, the menu items and Login', async () => {
    renderWithLayout(<MobileMenu pageName="faq" registered={false} />);
    const dialog = await openMenu();
    const links = within(dialog).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Home', '/eng'],
      ['Registration', '/eng/registration'],
      ['Rules', '/eng/faq'],
      ['Login', '/eng/login'],
    ]);
    expect(within(dialog).getByRole('link', { name: 'Rules' }).getAttribute('aria-current')).toBe(
      'page',
    );
  });

  it('lists members the items for them and for everyone, without the guest items', async () => {
    renderWithLayout(<MobileMenu pageName="home" registered />, {
      layout: makeLayout({
        menuItems: [
          { pageName: 'registration', title: 'Registration', audience: 'guest' },
          { pageName: 'faq', title: 'Rules', audience: 'both' },
          { pageName: 'profile-update', title: 'Update Details', audience: 'member' },
          { pageName: 'archive-points', title: 'Archive points', audience: 'member' },
        ],
      }),
    });
    const dialog = await openMenu();
    expect(
      within(dialog)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Home', 'Rules', 'Update Details', 'Archive points']);
  });

  it('offers members Log Out, which closes the panel and dispatches the logout event', async () => {
    const loggedOut = vi.fn();
    window.addEventListener(logoutEvent, loggedOut);
    renderWithLayout(<MobileMenu pageName="home" registered />, {
      layout: makeLayout({ dictionary: { 'menu.home': 'Αρχική' } }),
    });
    const dialog = await openMenu();
    expect(within(dialog).getByRole('link', { name: 'Αρχική' })).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Log Out' }));
    window.removeEventListener(logoutEvent, loggedOut);
    expect(loggedOut).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('closes with the close button, unlocks scroll and returns focus to the toggle', async () => {
    renderWithLayout(<MobileMenu pageName="home" registered={false} />);
    const dialog = await openMenu();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close menu' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(toggle().getAttribute('aria-expanded')).toBe('false');
    expect(isLocked()).toBe(false);
    expect(document.activeElement).toBe(toggle());
  });

  it('closes when the overlay is clicked', async () => {
    const { container } = renderWithLayout(<MobileMenu pageName="home" registered={false} />);
    await openMenu();
    const overlay = container.querySelector<HTMLElement>('.mobile-menu__overlay')!;
    expect(overlay.hidden).toBe(false);
    fireEvent.click(overlay);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(overlay.hidden).toBe(true);
    expect(isLocked()).toBe(false);
  });

  it('closes on Escape', async () => {
    renderWithLayout(<MobileMenu pageName="home" registered={false} />);
    await openMenu();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(toggle());
  });

  it('closes when a link is followed', async () => {
    renderWithLayout(<MobileMenu pageName="home" registered={false} />);
    const dialog = await openMenu();
    await userEvent.click(within(dialog).getByRole('link', { name: 'Rules' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByTestId('location').textContent).toBe('/eng/faq');
  });

  it('closes when the page changes', async () => {
    const { rerender } = renderWithLayout(<MobileMenu pageName="home" registered={false} />);
    await openMenu();
    rerender(<MobileMenu pageName="faq" registered={false} />);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(isLocked()).toBe(false);
  });

  it('keeps focus inside the panel while open', async () => {
    renderWithLayout(<MobileMenu pageName="home" registered={false} />);
    const dialog = await openMenu();
    const close = within(dialog).getByRole('button', { name: 'Close menu' });
    const login = within(dialog).getByRole('link', { name: 'Login' });
    await userEvent.tab({ shift: true });
    expect(document.activeElement).toBe(login);
    await userEvent.tab();
    expect(document.activeElement).toBe(close);
  });

  it('removes the scroll lock when unmounted while open', async () => {
    const { unmount } = renderWithLayout(<MobileMenu pageName="home" registered={false} />);
    await openMenu();
    unmount();
    expect(isLocked()).toBe(false);
  });
});
