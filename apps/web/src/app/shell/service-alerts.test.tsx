// @vitest-environment jsdom
// Alert texts go through RichText, whose sanitiser (DOMPurify) needs jsdom.
import { describe, expect, it } from 'vitest';
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

describe('ServiceAlerts', () => {
  it('shows each alert with its type and sanitised HTML text', () => {
    const { container } = renderWithLayout(<ServiceAlerts pageName="home" />, { layout });
    const alerts = container.querySelectorAll('.alert');
    expect(alerts).toHaveLength(2);
    expect(alerts[0]!.className).toContain('alert--warning');
    expect(alerts[0]!.querySelector('strong')?.textContent).toBe('Sunday');
    expect(alerts[1]!.className).toContain('alert--info');
    expect(alerts[1]!.innerHTML).not.toContain('onerror');
  });

  it('renders nothing without alerts', () => {
    const { container } = renderWithLayout(<ServiceAlerts pageName="home" />);
    expect(container.querySelector('.service-alerts')).toBeNull();
  });

  it('closes an alert for the current view and shows it again on another page', async () => {
    const { container, rerender } = renderWithLayout(<ServiceAlerts pageName="home" />, { layout });
    const [closeFirst] = screen.getAllByRole('button', { name: 'Close' });
    await userEvent.click(closeFirst!);
    expect(alertTexts(container)).toEqual(['New gifts arrived']);

    rerender(<ServiceAlerts pageName="home" />);
    expect(alertTexts(container)).toEqual(['New gifts arrived']);

    rerender(<ServiceAlerts pageName="faq" />);
    expect(alertTexts(container)).toEqual(['Maintenance on Sunday', 'New gifts arrived']);
  });

  it('labels the close buttons from the dictionary', () => {
    renderWithLayout(<ServiceAlerts pageName="home" />, {
      layout: { ...layout, dictionary: { 'alert.close': 'Κλείσιμο' } },
    });
    expect(screen.getAllByRole('button', { name: 'Κλείσιμο' })).toHaveLength(2);
  });
});
