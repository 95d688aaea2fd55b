import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Unavailable } from './query-state';
import { makeLayout, renderWithLayout } from '../../testing/shell-test-utils';

describe('Unavailable', () => {
  it('offers "Try again" in the layout language, which repeats the failed call', async () => {
    const retry = vi.fn();
    renderWithLayout(<Unavailable onRetry={retry} />, {
      layout: makeLayout({ dictionary: { 'error.tryAgain': 'Δοκιμάστε ξανά' } }),
    });
    expect(screen.getByRole('alert').textContent).toContain('Services are unavailable');
    await userEvent.click(screen.getByRole('button', { name: 'Δοκιμάστε ξανά' }));
    expect(retry).toHaveBeenCalledTimes(1);
  });

  it('offers nothing to try when there is nothing to repeat', () => {
    renderWithLayout(<Unavailable />);
    expect(screen.queryByRole('button')).toBeNull();
  });
});
