import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { PageShell } from './page-shell';
import { shellMode } from './shell-mode';
import { makeLayout, makeShellState, renderWithLayout } from '../../testing/shell-test-utils';

describe('direct-access mode (spec 1 §2 "Layout modes")', () => {
  it('is chosen by the flag, before without-layout', () => {
    expect(shellMode({ directAccess: true, withoutLayout: true })).toBe('direct-access');
    expect(shellMode({ directAccess: false, withoutLayout: true })).toBe('without-layout');
    expect(shellMode({ directAccess: false, withoutLayout: false })).toBe('normal');
  });

  it('shows the header variant only: the outbound link and the member icons, no page, no footer', () => {
    const layout = makeLayout({ amadeusDirectUrlToRedirect: 'https://direct.example.com/' });
    renderWithLayout(
      <PageShell state={makeShellState({ layout, registered: true, directAccess: true })}>
        <p>page content</p>
      </PageShell>,
      { layout },
    );
    const banner = screen.getByRole('banner');
    expect(
      within(banner).getByRole('link', { name: 'Go to Amadeus Direct' }).getAttribute('href'),
    ).toBe('https://direct.example.com/');
    expect(within(banner).getByRole('link', { name: 'Status Points' })).toBeTruthy();
    expect(within(banner).getByRole('link', { name: 'List of Gifts' })).toBeTruthy();
    expect(within(banner).queryByRole('navigation')).toBeNull();
    expect(within(banner).queryByRole('button', { name: 'Log Out' })).toBeNull();
    expect(screen.queryByText('page content')).toBeNull();
    expect(screen.queryByRole('contentinfo')).toBeNull();
  });

  it('links to the default site when the layout names no address', () => {
    renderWithLayout(
      <PageShell state={makeShellState({ registered: true, directAccess: true })}>page</PageShell>,
    );
    expect(screen.getByRole('link', { name: 'Go to Amadeus Direct' }).getAttribute('href')).toBe(
      'https://www.amadeus.com/',
    );
  });
});
