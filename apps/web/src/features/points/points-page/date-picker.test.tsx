import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { makeClientLayout } from '../../../testing/render-screen';
import {
  makePointsPage,
  makeUser,
  renderPointsScreen,
  stubApi,
} from '../testing/points-test-utils';
import { PointsScreen } from './points-screen';

afterEach(() => vi.unstubAllGlobals());

/** The points screen searching by dates, the start date being `from`. */
function renderDates(from: string, layout = makeClientLayout()) {
  stubApi();
  return renderPointsScreen(<PointsScreen page={makePointsPage()} />, {
    path: `/eng/points?searchBy=date&fromDate=${from}&toDate=2026-03-31`,
    layout,
    user: makeUser(),
  });
}

const focusedDay = () => (document.activeElement as HTMLElement).dataset.date;

describe('date picker (spec 2 §2.2 "The calendar")', () => {
  it('opens as a modal dialog on the field’s date, Monday first, and picks a day by keyboard', async () => {
    const user = userEvent.setup();
    renderDates('2026-03-10');
    const button = screen.getByRole('button', { name: 'Choose the start date' });
    expect(button.getAttribute('aria-haspopup')).toBe('dialog');
    expect(button.getAttribute('aria-expanded')).toBe('false');
    await user.click(button);
    expect(button.getAttribute('aria-expanded')).toBe('true');

    const dialog = screen.getByRole('dialog', { name: 'Choose the start date' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    const grid = within(dialog).getByRole('grid', { name: 'Mar 2026' });
    expect(
      within(grid)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Mo', 'Tu', 'We', 'Th', 'Fr', 'Sa', 'Su']);
    expect(focusedDay()).toBe('2026-03-10');
    expect(document.activeElement?.getAttribute('aria-selected')).toBe('true');

    await user.keyboard('{ArrowRight}');
    expect(focusedDay()).toBe('2026-03-11');
    await user.keyboard('{ArrowDown}');
    expect(focusedDay()).toBe('2026-03-18');
    await user.keyboard('{ArrowLeft}{ArrowUp}');
    expect(focusedDay()).toBe('2026-03-10');
    await user.keyboard('{Home}');
    expect(focusedDay()).toBe('2026-03-09'); // Monday
    await user.keyboard('{End}');
    expect(focusedDay()).toBe('2026-03-15'); // Sunday
    await user.keyboard('{PageDown}');
    expect(focusedDay()).toBe('2026-04-15');
    expect(within(screen.getByRole('dialog')).getByRole('grid', { name: 'Apr 2026' })).toBeTruthy();
    await user.keyboard('{Enter}');

    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByLabelText<HTMLInputElement>('From').value).toBe('15 Apr 2026');
    expect(document.activeElement).toBe(button);
    expect(button.getAttribute('aria-expanded')).toBe('false');
  });

  it('closes with Escape, leaving the field as it was and focus on its button', async () => {
    const user = userEvent.setup();
    renderDates('2026-03-10');
    const button = screen.getByRole('button', { name: 'Choose the start date' });
    await user.click(button);
    await user.keyboard('{ArrowRight}{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByLabelText<HTMLInputElement>('From').value).toBe('10 Mar 2026');
    expect(document.activeElement).toBe(button);
  });

  it('uses the dictionary’s weekday and month names', async () => {
    const user = userEvent.setup();
    renderDates(
      '2026-03-10',
      makeClientLayout({
        dictionary: {
          'day.mo': 'Δε',
          'day.tu': 'Τρ',
          'day.we': 'Τε',
          'day.th': 'Πε',
          'day.fr': 'Πα',
          'day.sa': 'Σα',
          'day.su': 'Κυ',
          'month.mar': 'Μαρ',
        },
      }),
    );
    await user.click(screen.getByRole('button', { name: 'Choose the start date' }));
    const grid = screen.getByRole('grid', { name: 'Μαρ 2026' });
    expect(
      within(grid)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Δε', 'Τρ', 'Τε', 'Πε', 'Πα', 'Σα', 'Κυ']);
  });

  it('picks a day by click, and changes month with its buttons', async () => {
    const user = userEvent.setup();
    renderDates('2026-03-10');
    await user.click(screen.getByRole('button', { name: 'Choose the end date' }));
    await user.click(screen.getByRole('button', { name: 'Next month' }));
    const grid = screen.getByRole('grid', { name: 'Apr 2026' });
    await user.click(within(grid).getByText('3'));
    expect(screen.getByLabelText<HTMLInputElement>('To').value).toBe('3 Apr 2026');
  });

  it('mirrors Left and Right in right-to-left pages', async () => {
    const user = userEvent.setup();
    renderDates('2026-03-10', makeClientLayout({ isRtl: true }));
    await user.click(screen.getByRole('button', { name: 'Choose the start date' }));
    await user.keyboard('{ArrowLeft}');
    expect(focusedDay()).toBe('2026-03-11');
  });

  it('keeps Tab inside the dialog', async () => {
    const user = userEvent.setup();
    renderDates('2026-03-10');
    await user.click(screen.getByRole('button', { name: 'Choose the start date' }));
    const dialog = screen.getByRole('dialog');
    for (let step = 0; step < 6; step++) {
      await user.tab();
      expect(dialog.contains(document.activeElement)).toBe(true);
    }
  });
});
