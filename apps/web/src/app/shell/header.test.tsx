import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Header } from './header';
import { makeLayout, renderWithLayout } from '../../testing/shell-test-utils';
import { logoutEvent, openGiftsEvent, type OpenGiftsDetail } from './shell-events';

function mainMenu() {
  return screen.queryByRole('navigation', { name: 'Main menu' });
}

describe('Header', () => {
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

  it('shows the logo linking home with the product name from the dictionary', () => {
    renderWithLayout(<Header pageName="faq" registered={false} />, {
      layout: makeLayout({ dictionary: { productName: 'Club+Me' } }),
    });
    const logo = screen.getByRole('img', { name: 'Club+Me' });
    expect(logo.getAttribute('src')).toBe('/media/logo.svg');
    expect(logo.closest('a')?.getAttribute('href')).toBe('/eng');
  });

  it('falls back to the English product name', () => {
    renderWithLayout(<Header pageName="home" registered={false} />);
    expect(screen.getByRole('img', { name: 'Amadeus+Me' })).toBeTruthy();
  });

  it('builds the menu from the layout menu items, marking the current page', () => {
    renderWithLayout(<Header pageName="faq" registered={false} />);
    const menu = within(mainMenu()!);
    const registration = menu.getByRole('link', { name: 'Registration' });
    const rules = menu.getByRole('link', { name: 'Rules' });
    expect(registration.getAttribute('href')).toBe('/eng/registration');
    expect(registration.getAttribute('aria-current')).toBeNull();
    expect(rules.getAttribute('href')).toBe('/eng/faq');
    expect(rules.getAttribute('aria-current')).toBe('page');
  });

  it('shows no menu when the layout has no menu items', () => {
    renderWithLayout(<Header pageName="home" registered={false} />, {
      layout: makeLayout({ menuItems: [] }),
    });
    expect(mainMenu()).toBeNull();
    expect(screen.getByRole('link', { name: 'Login' })).toBeTruthy();
  });

  it('adds a Contact Us mailto item when the layout has a contact email', () => {
    renderWithLayout(<Header pageName="home" registered={false} />, {
      layout: makeLayout({
        contactUsEmail: 'club@example.com',
        dictionary: { 'menu.contactUs': 'Write to us' },
      }),
    });
    const contact = within(mainMenu()!).getByRole('link', { name: 'Write to us' });
    expect(contact.getAttribute('href')).toBe('mailto:club@example.com');
  });

  it('has no Contact Us item without a contact email', () => {
    renderWithLayout(<Header pageName="home" registered={false} />);
    expect(screen.queryByRole('link', { name: 'Contact Us' })).toBeNull();
  });

  it('shows only the logo when the menu is hidden', () => {
    renderWithLayout(<Header pageName="home" registered />, {
      layout: makeLayout({ menuHidden: true, contactUsEmail: 'club@example.com' }),
    });
    expect(screen.getAllByRole('link')).toHaveLength(1);
    expect(screen.getByRole('img', { name: 'Amadeus+Me' })).toBeTruthy();
    expect(screen.queryAllByRole('button')).toHaveLength(0);
    expect(mainMenu()).toBeNull();
  });

  it('gives guests Login and no points or gifts icons', () => {
    renderWithLayout(<Header pageName="home" registered={false} />);
    expect(screen.getByRole('link', { name: 'Login' }).getAttribute('href')).toBe('/eng/login');
    expect(screen.queryByRole('button', { name: 'Log Out' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Status Points' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'List of Gifts' })).toBeNull();
  });

  it('gives members Log Out and the points and gifts icons, with dictionary labels', () => {
    renderWithLayout(<Header pageName="home" registered />, {
      layout: makeLayout({ dictionary: { 'menu.logout': 'Sign out', 'menu.points': 'My points' } }),
    });
    expect(screen.getByRole('button', { name: 'Sign out' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Login' })).toBeNull();
    expect(screen.getByRole('link', { name: 'My points' }).getAttribute('href')).toBe(
      '/eng/points',
    );
    expect(screen.getByRole('link', { name: 'List of Gifts' }).getAttribute('href')).toBe(
      '/eng/gifts',
    );
  });

  it.each([
    ['points', 'page', null],
    ['gifts', null, 'page'],
    ['redeem-points', null, 'page'],
    ['home', null, null],
  ])('on page %s marks points %s and gifts %s as current', (pageName, points, gifts) => {
    renderWithLayout(<Header pageName={pageName} registered />);
    expect(screen.getByRole('link', { name: 'Status Points' }).getAttribute('aria-current')).toBe(
      points,
    );
    expect(screen.getByRole('link', { name: 'List of Gifts' }).getAttribute('aria-current')).toBe(
      gifts,
    );
  });

  it('opens the gifts through an event instead of navigating', async () => {
    const opened = listen(openGiftsEvent);
    renderWithLayout(<Header pageName="home" registered />);
    await userEvent.click(screen.getByRole('link', { name: 'List of Gifts' }));
    expect(opened).toHaveBeenCalledTimes(1);
    const event = opened.mock.calls[0]![0] as CustomEvent<OpenGiftsDetail>;
    expect(event.detail.path).toBe('/eng/gifts');
    expect(screen.getByTestId('location').textContent).toBe('/eng');
  });

  it('gives a member with an account menu Log Out beside it, outside the menu', async () => {
    const loggedOut = listen(logoutEvent);
    renderWithLayout(
      <Header pageName="home" registered member={{ firstName: 'Eleni', number: '9000001' }} />,
    );
    const beside = screen.getByRole('button', { name: 'Log Out' });
    expect(beside.closest('.account-menu')).toBeNull();
    await userEvent.click(beside);
    expect(loggedOut).toHaveBeenCalledTimes(1);
  });

  it('asks for logout through an event', async () => {
    const loggedOut = listen(logoutEvent);
    renderWithLayout(<Header pageName="home" registered />);
    await userEvent.click(screen.getByRole('button', { name: 'Log Out' }));
    expect(loggedOut).toHaveBeenCalledTimes(1);
  });

  it('navigates inside the app from a menu item', async () => {
    renderWithLayout(<Header pageName="home" registered={false} />);
    await userEvent.click(within(mainMenu()!).getByRole('link', { name: 'Rules' }));
    expect(screen.getByTestId('location').textContent).toBe('/eng/faq');
  });
});
