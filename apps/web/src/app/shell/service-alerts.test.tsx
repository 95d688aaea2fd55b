// @vitest-environment jsdom
// Alert texts go through RichText, whose sanitiser (DOMPurify) needs jsdom.
import { beforeEach, describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ServiceAlerts } from './service-alerts';
import { makeLayout, renderWithLayout } from '../../testing/shell-test-utils';

const layout = makeLayout({
  headerAlerts: [
    { hash: 'a1', type: 'warning', text: '<p>Maintenance on <strong>Sunday</strong></p>' },
    { hash: 'b2', type: 'info', text: 'New gifts <img src="x" onerror="alert(1)">arrived' },
  ],
});

function alertTexts(container: HTMLElement) {
  return [...container.querySelectorAll('.alert')].map((alert) => alert.textContent);
}

beforeEach(() => sessionStorage.clear());

describe('ServiceAlerts', () => {
  it('shows each alert with its type and sanitised HTML text', () => {
    const { container } = renderWithLayout(<ServiceAlerts />, { layout });
    const alerts = container.querySelectorAll('.alert');
    expect(alerts).toHaveLength(2);
    expect(alerts[0]!.className).toContain('alert--warning');
    expect(alerts[0]!.querySelector('strong')?.textContent).toBe('Sunday');
    expect(alerts[1]!.className).toContain('alert--info');
    expect(alerts[1]!.innerHTML).not.toContain('onerror');
  });

  it('renders nothing without alerts', () => {
    const { container } = renderWithLayout(<ServiceAlerts />);
    expect(container.querySelector('.service-alerts')).toBeNull();
  });

  it('keeps a closed alert closed on other pages and after a reload, for the session', async () => {
    const { container, rerender, unmount } = renderWithLayout(<ServiceAlerts />, {
      layout,
    });
    const [closeFirst] = screen.getAllByRole('button', { name: 'Close' });
    await userEvent.click(closeFirst!);
    expect(alertTexts(container)).toEqual(['New gifts arrived']);

    rerender(<ServiceAlerts />);
    expect(alertTexts(container)).toEqual(['New gifts arrived']);

    unmount();
    const again = renderWithLayout(<ServiceAlerts />, { layout });
    expect(alertTexts(again.container)).toEqual(['New gifts arrived']);
  });

  it('shows an alert again when its text changed (a new hash)', async () => {
    const { container, rerender } = renderWithLayout(<ServiceAlerts />, { layout });
    await userEvent.click(screen.getAllByRole('button', { name: 'Close' })[0]!);
    rerender(<ServiceAlerts />);
    const changed = makeLayout({
      headerAlerts: [{ hash: 'a3', type: 'warning', text: 'Maintenance moved to Monday' }],
    });
    const next = renderWithLayout(<ServiceAlerts />, { layout: changed });
    expect(alertTexts(next.container)).toEqual(['Maintenance moved to Monday']);
    expect(alertTexts(container)).toEqual(['New gifts arrived']);
  });

  it('labels the close buttons from the dictionary', () => {
    renderWithLayout(<ServiceAlerts />, {
      layout: { ...layout, dictionary: { 'alert.close': 'Κλείσιμο' } },
    });
    expect(screen.getAllByRole('button', { name: 'Κλείσιμο' })).toHaveLength(2);
  });
});
