import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { LoadingOverlay } from './loading-overlay';
import { renderWithLayout } from '../../testing/shell-test-utils';

describe('LoadingOverlay', () => {
  it('is active and announces loading while page progress is on', () => {
    renderWithLayout(<LoadingOverlay active />);
    expect(screen.getByTestId('loading-overlay').className).toContain('loading-overlay--active');
    expect(screen.getByRole('status').textContent).toBe('Loading…');
  });

  it('is inactive (transparent, no pointer input) and silent when off', () => {
    renderWithLayout(<LoadingOverlay active={false} />);
    const overlay = screen.getByTestId('loading-overlay');
    expect(overlay.className).toBe('loading-overlay');
    expect(overlay.getAttribute('aria-hidden')).toBe('true');
    expect(screen.getByRole('status').textContent).toBe('');
  });
});
