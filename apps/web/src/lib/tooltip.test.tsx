import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Tooltip } from './tooltip';

function renderTooltip(symbol?: string) {
  render(
    <p>
      Newsletter <Tooltip label="About the newsletter" text="About once a month." symbol={symbol} />
    </p>,
  );
  const button = screen.getByRole('button', { name: 'About the newsletter' });
  const bubble = document.getElementById(button.getAttribute('aria-describedby') ?? '');
  if (!bubble) throw new Error('the button names no description');
  return { button, bubble, wrapper: button.parentElement as HTMLElement };
}

describe('Tooltip', () => {
  it('is a button described by a hidden tooltip, in the one tooltip style', () => {
    const { button, bubble, wrapper } = renderTooltip();
    expect(bubble.getAttribute('role')).toBe('tooltip');
    expect(bubble.textContent).toBe('About once a month.');
    expect(bubble.hidden).toBe(true);
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(button.getAttribute('type')).toBe('button');
    expect(button.textContent).toBe('?');
    expect([wrapper.className, button.className, bubble.className]).toEqual([
      'tooltip',
      'tooltip__trigger',
      'tooltip__bubble',
    ]);
  });

  it('shows another sign when asked, hidden from assistive technology', () => {
    const { button } = renderTooltip('i');
    expect(button.textContent).toBe('i');
    expect(button.firstElementChild?.getAttribute('aria-hidden')).toBe('true');
  });

  it('shows on focus and hides on blur, and a click toggles it', async () => {
    const user = userEvent.setup();
    const { button, bubble } = renderTooltip();
    await user.tab();
    expect(document.activeElement).toBe(button);
    expect(bubble.hidden).toBe(false);
    expect(button.getAttribute('aria-expanded')).toBe('true');
    await user.keyboard('{Enter}');
    expect(bubble.hidden).toBe(true);
    await user.keyboard('{Enter}');
    expect(bubble.hidden).toBe(false);
    await user.tab();
    expect(bubble.hidden).toBe(true);
  });

  it('shows while the pointer is over the button or the bubble and hides when it leaves', () => {
    const { bubble, wrapper } = renderTooltip();
    fireEvent.mouseEnter(wrapper);
    expect(bubble.hidden).toBe(false);
    fireEvent.mouseLeave(wrapper);
    expect(bubble.hidden).toBe(true);
  });

  it('hides with Escape pressed anywhere', () => {
    const { button, bubble, wrapper } = renderTooltip();
    fireEvent.mouseEnter(wrapper);
    fireEvent.keyDown(document.body, { key: 'Escape' });
    expect(bubble.hidden).toBe(true);
    expect(button.getAttribute('aria-expanded')).toBe('false');
  });
});

describe('the one tooltip', () => {
  const sheets = import.meta.glob<string>('../**/*.css', {
    query: '?raw',
    import: 'default',
    eager: true,
  });
  const sources = import.meta.glob<string>(['../**/*.tsx', '!../**/*.test.tsx'], {
    query: '?raw',
    import: 'default',
    eager: true,
  });

  it('has its style in tooltip.css only', () => {
    expect(Object.keys(sheets).length).toBeGreaterThan(10);
    const withTooltipStyles = Object.entries(sheets)
      .filter(([, css]) => /tooltip|tip__|__bubble/.test(css))
      .map(([name]) => name);
    expect(withTooltipStyles).toEqual(['./tooltip.css']);
  });

  it('is the only element with the tooltip role', () => {
    const withTooltipRole = Object.entries(sources)
      .filter(([, source]) => source.includes('role="tooltip"'))
      .map(([name]) => name);
    expect(withTooltipRole).toEqual(['./tooltip.tsx']);
  });
});
