// @vitest-environment jsdom
// Alert texts go through RichText, whose sanitiser (DOMPurify) needs jsdom.
import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ErrorBanner } from './error-banner';
import { renderWithLayout } from '../../testing/shell-test-utils';

describe('ErrorBanner', () => {
  it('shows the HTML errors in a danger alert', () => {
    renderWithLayout(
      <ErrorBanner
        errors={['Services are <b>unavailable</b>', 'Page not found']}
        onClose={() => undefined}
      />,
    );
    const alert = screen.getByRole('alert');
    expect(alert.className).toContain('alert--danger');
    expect(alert.querySelector('b')?.textContent).toBe('unavailable');
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Services are unavailable',
      'Page not found',
    ]);
  });

  it('renders nothing without errors', () => {
    renderWithLayout(<ErrorBanner errors={[]} onClose={() => undefined} />);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('is closable', async () => {
    const onClose = vi.fn();
    renderWithLayout(<ErrorBanner errors={['Error']} onClose={onClose} />);
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});
