import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { makePageAnswer } from '../../../testing/fake-content-api';
import { makeClientLayout, renderScreen } from '../../../testing/render-screen';
import { AccessDeniedScreen, NotFoundScreen } from './error-screens';

describe('error screens', () => {
  it('404 reads "This page is not available" / "Page not found" with a way home', () => {
    renderScreen(<NotFoundScreen page={makePageAnswer('404')} />);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(
      'This page is not available',
    );
    expect(screen.getByText('Page not found')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to the home page' }).getAttribute('href')).toBe(
      '/eng',
    );
  });

  it('403 reads "Access denied" / "No access to this page"', () => {
    renderScreen(<AccessDeniedScreen page={makePageAnswer('403')} />);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Access denied');
    expect(screen.getByText('No access to this page')).toBeTruthy();
  });

  it('takes its texts from the dictionary when present', () => {
    renderScreen(
      <NotFoundScreen page={makePageAnswer('404')} />,
      makeClientLayout({ dictionary: { 'error.pageNotFound': 'Η σελίδα δεν υπάρχει' } }),
    );
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Η σελίδα δεν υπάρχει');
  });
});
