import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { ArchivePointsPage } from '@club/contract/points';
import { makePage } from '../../../testing/membership-test-utils';
import { makeClientLayout, renderScreen } from '../../../testing/render-screen';
import { ArchivePointsScreen } from './archive-points-screen';

function archivePage(fields: Pick<ArchivePointsPage, 'archive' | 'loggedIn'>) {
  return makePage('archive-points', fields, { title: 'Archived points' });
}

describe('archive points (spec 2 §2.4 "Archive points")', () => {
  it('shows the archive date and the archived totals', () => {
    renderScreen(
      <ArchivePointsScreen
        page={archivePage({
          loggedIn: true,
          archive: {
            archiveDate: '2024-12-31',
            accumulated: 2400,
            additional: 150,
            used: 1800,
            remaining: 750,
          },
        })}
      />,
    );
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Archived points');
    const list = screen.getAllByRole('term')[0]?.closest('dl') as HTMLElement;
    expect(
      within(list)
        .getAllByRole('term')
        .map((term) => term.textContent),
    ).toEqual(['Archive date', 'Total accumulated', 'Additional', 'Used', 'Remaining']);
    expect(
      within(list)
        .getAllByRole('definition')
        .map((value) => value.textContent),
    ).toEqual(['31 December 2024', '2,400', '150', '1,800', '750']);
    expect(screen.queryByRole('link', { name: 'Log in' })).toBeNull();
  });

  it('asks a guest to log in, with a link to the login page', () => {
    renderScreen(<ArchivePointsScreen page={archivePage({ loggedIn: false, archive: null })} />);
    expect(screen.getByText(/Log in to see the points archived for you./)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe('/eng/login');
    expect(screen.queryByRole('term')).toBeNull();
  });

  it('tells a member without an archived balance so', () => {
    renderScreen(<ArchivePointsScreen page={archivePage({ loggedIn: true, archive: null })} />);
    expect(screen.getByText('You have no archived points.')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Log in' })).toBeNull();
  });

  it('reads its words from the dictionary, its title from the page or the dictionary', () => {
    renderScreen(
      <ArchivePointsScreen
        page={makePage('archive-points', { loggedIn: true, archive: null }, { title: '' })}
      />,
      makeClientLayout({
        dictionary: {
          'archivePoints.title': 'Archivierte Punkte',
          'archivePoints.none': 'Für Sie sind keine Punkte archiviert.',
        },
      }),
    );
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Archivierte Punkte');
    expect(screen.getByText('Für Sie sind keine Punkte archiviert.')).toBeTruthy();
  });
});
