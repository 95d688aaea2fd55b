import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen } from '@testing-library/react';
import { OfflineNotice } from './offline-notice';
import { makeLayout, renderWithLayout } from '../../testing/shell-test-utils';

function goOffline(offline: boolean) {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(!offline);
  act(() => {
    window.dispatchEvent(new Event(offline ? 'offline' : 'online'));
  });
}

describe('OfflineNotice', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('is an empty status region while online', () => {
    renderWithLayout(<OfflineNotice />);
    expect(screen.getByRole('status').textContent).toBe('');
  });

  it("says so in the member's language when the network goes, and clears when it is back", () => {
    renderWithLayout(<OfflineNotice />, {
      layout: makeLayout({ dictionary: { 'error.offline': 'Sie sind offline.' } }),
    });
    goOffline(true);
    expect(screen.getByRole('status').textContent).toBe('Sie sind offline.');
    goOffline(false);
    expect(screen.getByRole('status').textContent).toBe('');
  });

  it('shows at once when the page opens offline', () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    renderWithLayout(<OfflineNotice />);
    expect(screen.getByRole('status').textContent).toContain('You are offline.');
  });
});
