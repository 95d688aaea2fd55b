import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLayout } from '../../shared/layout-context';
import { PageShell } from './page-shell';
import { makeLayout, makeShellState, renderWithLayout } from '../../testing/shell-test-utils';

function CountryProbe() {
  return <p>country {useLayout().countryCode}</p>;
}

function main() {
  return screen.getByRole('main');
}

describe('PageShell', () => {
  it('renders the page inside <main id="main"> with header and footer, providing the layout', () => {
    renderWithLayout(
      <PageShell state={makeShellState({ layout: makeLayout({ countryCode: 'at' }) })}>
        <CountryProbe />
      </PageShell>,
      { layout: makeLayout({ countryCode: 'gr' }) },
    );
    expect(main().id).toBe('main');
    expect(main().textContent).toContain('country at');
    expect(screen.getByRole('banner')).toBeTruthy();
    expect(screen.getByRole('contentinfo')).toBeTruthy();
  });

  it('starts with a skip link that moves focus to the main area', async () => {
    renderWithLayout(<PageShell state={makeShellState()}>page</PageShell>);
    await userEvent.tab();
    const skip = screen.getByRole('link', { name: 'Skip to content' });
    expect(document.activeElement).toBe(skip);
    expect(skip.getAttribute('href')).toBe('#main');
    await userEvent.click(skip);
    expect(document.activeElement).toBe(main());
  });

  it.each(['403', '404', 'registration', 'forgot-password', 'restore-confirm'])(
    'hides the header banner on page %s',
    (pageName) => {
      renderWithLayout(<PageShell state={makeShellState({ pageName })}>page</PageShell>);
      expect(screen.queryByRole('region', { name: 'Highlights' })).toBeNull();
    },
  );

  it('shows the header banner on other pages', () => {
    renderWithLayout(<PageShell state={makeShellState({ pageName: 'faq' })}>page</PageShell>);
    expect(screen.getByRole('region', { name: 'Highlights' })).toBeTruthy();
  });

  it.each([
    // Guests always see the full banner; content sizes it for members only.
    ['small', false, 'banner'],
    ['none', false, 'banner'],
    ['full', true, 'banner'],
    ['small', true, 'banner banner--small'],
    ['none', true, null],
  ] as const)(
    'with member banner %s, registered %s: the banner is %s',
    (memberBanner, registered, className) => {
      const layout = makeLayout({ memberBanner });
      renderWithLayout(
        <PageShell state={makeShellState({ pageName: 'home', registered, layout })}>
          page
        </PageShell>,
        { layout },
      );
      const banner = screen.queryByRole('region', { name: 'Highlights' });
      expect(banner?.className ?? null).toBe(className);
    },
  );

  it.each([
    ['gifts', true],
    ['archive-points', true],
    ['redeem-points', true],
    ['home', false],
  ])('on page %s the light grey background is %s', (pageName, grey) => {
    renderWithLayout(<PageShell state={makeShellState({ pageName })}>page</PageShell>);
    expect(main().classList.contains('shell__main--grey')).toBe(grey);
  });

  it('without layout: no header, banner, mobile menu or footer, and a top margin class', () => {
    const { container } = renderWithLayout(
      <PageShell state={makeShellState({ withoutLayout: true })}>page</PageShell>,
    );
    expect(screen.queryByRole('banner')).toBeNull();
    expect(screen.queryByRole('contentinfo')).toBeNull();
    expect(screen.queryByRole('region', { name: 'Highlights' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Open menu' })).toBeNull();
    expect(container.querySelector('.shell')?.classList.contains('shell--without-layout')).toBe(
      true,
    );
    expect(main().textContent).toContain('page');
  });

  it('marks the main area busy and activates the overlay while the page loads', () => {
    const { container, rerender } = renderWithLayout(
      <PageShell state={makeShellState({ pageProgress: true })}>page</PageShell>,
    );
    expect(main().getAttribute('aria-busy')).toBe('true');
    expect(container.querySelector('.loading-overlay--active')).not.toBeNull();

    rerender(<PageShell state={makeShellState({ pageProgress: false })}>page</PageShell>);
    expect(main().getAttribute('aria-busy')).toBe('false');
    expect(container.querySelector('.loading-overlay--active')).toBeNull();
  });

  it('shows the errors and cleans them when closed', async () => {
    const cleanErrors = vi.fn();
    renderWithLayout(
      <PageShell state={makeShellState({ errors: ['Page not found'], cleanErrors })}>
        page
      </PageShell>,
    );
    // The error text itself is checked in error-banner.test.tsx (its sanitiser needs jsdom).
    expect(screen.getByRole('alert').className).toContain('alert--danger');
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(cleanErrors).toHaveBeenCalledTimes(1);
  });

  it('shows the cookie notice unless the menu is hidden', () => {
    const { unmount } = renderWithLayout(<PageShell state={makeShellState()}>page</PageShell>);
    expect(screen.getByRole('region', { name: 'Cookie notice' })).toBeTruthy();
    unmount();
    renderWithLayout(
      <PageShell state={makeShellState({ layout: makeLayout({ menuHidden: true }) })}>
        page
      </PageShell>,
    );
    expect(screen.queryByRole('region', { name: 'Cookie notice' })).toBeNull();
    expect(screen.queryByRole('navigation')).toBeNull();
  });

  it('with the fallback layout shows only the logo in the header', () => {
    renderWithLayout(
      <PageShell
        state={makeShellState({ layout: makeLayout({ menuHidden: true, countryCode: '' }) })}
      >
        page
      </PageShell>,
    );
    const header = screen.getByRole('banner');
    expect(header.querySelectorAll('a')).toHaveLength(1);
    expect(header.querySelectorAll('button')).toHaveLength(0);
  });
});
