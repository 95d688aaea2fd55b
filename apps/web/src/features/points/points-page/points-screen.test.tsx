import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PointsPage } from '@club/contract/points';
import { makeClientLayout } from '../../../testing/render-screen';
import {
  makePointsPage,
  makeUser,
  renderPointsScreen,
  stubApi,
} from '../testing/points-test-utils';
import { PointsScreen } from './points-screen';

afterEach(() => vi.unstubAllGlobals());

function renderPoints(
  page: PointsPage = makePointsPage(),
  { path = '/eng/points', layout = makeClientLayout() } = {},
) {
  stubApi();
  return renderPointsScreen(<PointsScreen page={page} />, { path, layout, user: makeUser() });
}

const location = () => screen.getByTestId('location').textContent;

describe('points search (spec 2 §3 "Search form", §5)', () => {
  it('searches by PNR: navigates to the page with the search as its query', async () => {
    const user = userEvent.setup();
    renderPoints();
    expect(screen.getByLabelText('Record locator (PNR)').getAttribute('dir')).toBe('ltr');
    await user.type(screen.getByLabelText('Record locator (PNR)'), 'abc123');
    await user.click(screen.getByLabelText('Show segments'));
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() =>
      expect(location()).toBe('/eng/points?searchBy=pnr&pnrSearch=ABC123&details=1'),
    );
  });

  it('searches by dates, without details', async () => {
    const user = userEvent.setup();
    renderPoints();
    await user.click(screen.getByLabelText('Booking date range'));
    await user.type(screen.getByLabelText('From'), '2026-01-01');
    await user.type(screen.getByLabelText('To'), '2026-03-31');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() =>
      expect(location()).toBe('/eng/points?searchBy=date&fromDate=2026-01-01&toDate=2026-03-31'),
    );
  });

  it.each([
    ['Greek', 'el', 'gr', '23 Ιαν 2026', '5 Μαρτίου 2026'],
    ['German', 'de', 'at', '23. Jänner 2026', '05.03.2026'],
    ['Arabic', 'ar', 'ae', '٢٣ يناير ٢٠٢٦', '2026-03-05'],
    ['English', 'en', 'cy', '23 January 2026', '5 mar 2026'],
  ])(
    'takes dates written in %s as the page writes them, and sends ISO',
    async (_language, languageShortCode, countryCode, from, to) => {
      const user = userEvent.setup();
      renderPoints(undefined, { layout: makeClientLayout({ languageShortCode, countryCode }) });
      await user.click(screen.getByLabelText('Booking date range'));
      await user.type(screen.getByLabelText('From'), from);
      await user.type(screen.getByLabelText('To'), to);
      await user.click(screen.getByRole('button', { name: 'Search' }));
      await waitFor(() =>
        expect(location()).toBe('/eng/points?searchBy=date&fromDate=2026-01-23&toDate=2026-03-05'),
      );
    },
  );

  it('shows the search’s dates, the picker’s choice and the example in the page’s language', async () => {
    const user = userEvent.setup();
    renderPoints(undefined, {
      path: '/eng/points?searchBy=date&fromDate=2026-01-23&toDate=2026-03-05',
      layout: makeClientLayout({ languageShortCode: 'de', countryCode: 'at' }),
    });
    expect(screen.getByLabelText<HTMLInputElement>('From').value).toBe('23. Jän. 2026');
    expect(screen.getByLabelText<HTMLInputElement>('To').value).toBe('5. März 2026');
    expect(screen.getAllByText('For example 23. Jän. 2026, or YYYY-MM-DD')).toHaveLength(2);
    await user.click(screen.getByRole('button', { name: 'Choose the end date' }));
    await user.keyboard('{ArrowRight}{Enter}');
    expect(screen.getByLabelText<HTMLInputElement>('To').value).toBe('6. März 2026');
  });

  it('requires a PNR, of 5 to 8 letters and digits', async () => {
    const user = userEvent.setup();
    renderPoints();
    await user.click(screen.getByRole('button', { name: 'Search' }));
    const pnr = screen.getByLabelText('Record locator (PNR)');
    expect(await screen.findByText('Please enter a PNR.')).toBeTruthy();
    expect(pnr.getAttribute('aria-invalid')).toBe('true');
    expect(pnr.getAttribute('aria-describedby')).toBe(screen.getByText('Please enter a PNR.').id);
    await user.type(pnr, 'AB1');
    expect(await screen.findByText('A PNR has 5 to 8 letters and digits.')).toBeTruthy();
    expect(location()).toBe('/eng/points');
  });

  it('requires both dates, in the format YYYY-MM-DD, the start not after the end', async () => {
    const user = userEvent.setup();
    renderPoints();
    await user.click(screen.getByLabelText('Booking date range'));
    await user.type(screen.getByLabelText('From'), '2026-01-01');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('Please enter a date.')).toBeTruthy();
    expect(screen.getByLabelText('To').getAttribute('aria-invalid')).toBe('true');
    await user.type(screen.getByLabelText('To'), '03/31/2026');
    expect(
      await screen.findByText('Write the date as in 23 Jan 2026, or as YYYY-MM-DD.'),
    ).toBeTruthy();
    await user.clear(screen.getByLabelText('To'));
    await user.type(screen.getByLabelText('To'), '2026-02-30');
    expect(
      await screen.findByText('Write the date as in 23 Jan 2026, or as YYYY-MM-DD.'),
    ).toBeTruthy();
    await user.clear(screen.getByLabelText('To'));
    await user.type(screen.getByLabelText('To'), '2025-12-31');
    expect(await screen.findByText('The start date must not be after the end date.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(location()).toBe('/eng/points');
  });

  it('takes dates from 1900-01-01 to 2199-12-31 only, in the page language', async () => {
    const user = userEvent.setup();
    renderPoints(makePointsPage(), {
      layout: makeClientLayout({
        dictionary: {
          'points.message.dateRange': 'Ημερομηνία από 1900-01-01 έως 2199-12-31.',
        },
      }),
    });
    await user.click(screen.getByLabelText('Booking date range'));
    await user.type(screen.getByLabelText('From'), '0000-01-01');
    await user.type(screen.getByLabelText('To'), '9999-12-31');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findAllByText('Ημερομηνία από 1900-01-01 έως 2199-12-31.')).toHaveLength(2);
    expect(screen.getByLabelText('From').getAttribute('aria-invalid')).toBe('true');
    expect(location()).toBe('/eng/points');
    await user.clear(screen.getByLabelText('From'));
    await user.type(screen.getByLabelText('From'), '1900-01-01');
    await user.clear(screen.getByLabelText('To'));
    await user.type(screen.getByLabelText('To'), '2199-12-31');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() =>
      expect(location()).toBe('/eng/points?searchBy=date&fromDate=1900-01-01&toDate=2199-12-31'),
    );
  });

  it('shows the messages in the page language (points.message.*)', async () => {
    const user = userEvent.setup();
    renderPoints(makePointsPage(), {
      layout: makeClientLayout({ dictionary: { 'points.message.pnrRequired': 'Δώστε ένα PNR.' } }),
    });
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('Δώστε ένα PNR.')).toBeTruthy();
  });

  it("fills the form from the page's query", () => {
    renderPoints(makePointsPage(), {
      path: '/eng/points?searchBy=date&fromDate=2026-01-01&toDate=2026-03-31&details=1',
    });
    expect(screen.getByLabelText<HTMLInputElement>('Booking date range').checked).toBe(true);
    expect(screen.getByLabelText<HTMLInputElement>('From').value).toBe('1 Jan 2026');
    expect(screen.getByLabelText<HTMLInputElement>('To').value).toBe('31 Mar 2026');
    expect(screen.getByLabelText<HTMLInputElement>('Show segments').checked).toBe(true);
  });

  it("puts the server's validationMessages on the fields", async () => {
    renderPoints(
      makePointsPage({
        points: [],
        validationMessages: {
          fromDate: ['Use the format YYYY-MM-DD.'],
          toDate: ['Please enter a date.', 'Use the format YYYY-MM-DD.'],
          searchBy: ['Unknown search.'],
        },
      }),
      { path: '/eng/points?searchBy=date&fromDate=2026-13-01&toDate=' },
    );
    const from = screen.getByLabelText('From');
    await waitFor(() => expect(from.getAttribute('aria-invalid')).toBe('true'));
    expect(
      document.getElementById(from.getAttribute('aria-describedby')?.split(' ')[1] ?? '')
        ?.textContent,
    ).toBe('Use the format YYYY-MM-DD.');
    const to = screen.getByLabelText('To');
    const toMessages = document.getElementById(
      to.getAttribute('aria-describedby')?.split(' ')[1] ?? '',
    );
    expect(
      within(toMessages as HTMLElement)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Please enter a date.', 'Use the format YYYY-MM-DD.']);
    expect(screen.getByRole('alert').textContent).toBe('Unknown search.');
  });
});

describe('points tabs and tables (spec 2 §2.4 "Points screen")', () => {
  it('shows three tabs, the PNR points first, and moves between them by keyboard', async () => {
    const user = userEvent.setup();
    renderPoints();
    const tabs = within(
      screen.getByRole('tablist', { name: 'Your points in detail' }),
    ).getAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual([
      'PNR points',
      'Additional points',
      'Ordered gifts',
    ]);
    const [pnr, additional, gifts] = tabs as [HTMLElement, HTMLElement, HTMLElement];
    const panelOf = (tab: HTMLElement) =>
      document.getElementById(tab.getAttribute('aria-controls') ?? '') as HTMLElement;
    expect(pnr.getAttribute('aria-selected')).toBe('true');
    expect(panelOf(pnr).hidden).toBe(false);
    expect(panelOf(additional).hidden).toBe(true);
    expect(panelOf(pnr).getAttribute('aria-labelledby')).toBe(pnr.id);
    expect(additional.tabIndex).toBe(-1);

    pnr.focus();
    await user.keyboard('{ArrowRight}');
    expect(document.activeElement).toBe(additional);
    expect(additional.getAttribute('aria-selected')).toBe('true');
    expect(pnr.getAttribute('aria-selected')).toBe('false');
    expect(panelOf(additional).hidden).toBe(false);
    expect(panelOf(pnr).hidden).toBe(true);
    await user.keyboard('{End}');
    expect(document.activeElement).toBe(gifts);
    await user.keyboard('{ArrowRight}');
    expect(document.activeElement).toBe(pnr);
    await user.keyboard('{ArrowLeft}');
    expect(document.activeElement).toBe(gifts);
    await user.keyboard('{Home}');
    expect(document.activeElement).toBe(pnr);
  });

  it('shows the PNR tab again after a search made while another tab is open', async () => {
    const user = userEvent.setup();
    renderPoints();
    const tab = (name: string) => screen.getByRole('tab', { name });
    await user.click(tab('Additional points'));
    expect(tab('Additional points').getAttribute('aria-selected')).toBe('true');
    await user.type(screen.getByLabelText('Record locator (PNR)'), 'abc123');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(location()).toBe('/eng/points?searchBy=pnr&pnrSearch=ABC123'));
    await waitFor(() => expect(tab('PNR points').getAttribute('aria-selected')).toBe('true'));
  });

  it('shows an arrow at the end of the tab list while tabs lie out of sight, and at the start once scrolled', async () => {
    const sizes = { scrollWidth: 500, clientWidth: 300 };
    for (const [name, value] of Object.entries(sizes))
      Object.defineProperty(HTMLElement.prototype, name, {
        configurable: true,
        get(this: HTMLElement) {
          return this.getAttribute('role') === 'tablist' ? value : 0;
        },
      });
    try {
      renderPoints();
      const more = (side: string) => document.querySelector(`.points-tabs__more--${side}`);
      await waitFor(() => expect(more('end')).not.toBeNull());
      expect(more('start')).toBeNull();
      expect(more('end')?.getAttribute('aria-hidden')).toBe('true');
      const tablist = screen.getByRole('tablist');
      Object.defineProperty(tablist, 'scrollLeft', { configurable: true, value: 200 });
      tablist.dispatchEvent(new Event('scroll'));
      await waitFor(() => expect(more('start')).not.toBeNull());
      expect(more('end')).toBeNull();
    } finally {
      for (const name of Object.keys(sizes))
        delete (HTMLElement.prototype as unknown as Record<string, unknown>)[name];
    }
  });

  it('mirrors the arrow keys in right-to-left pages', async () => {
    const user = userEvent.setup();
    renderPoints(makePointsPage(), { layout: makeClientLayout({ isRtl: true }) });
    const [pnr, additional] = screen.getAllByRole('tab') as [HTMLElement, HTMLElement];
    pnr.focus();
    await user.keyboard('{ArrowLeft}');
    expect(document.activeElement).toBe(additional);
    expect(additional.getAttribute('aria-selected')).toBe('true');
  });

  it('lists the PNRs with their totals in a scrolling region', () => {
    renderPoints();
    const table = screen.getByRole('table', { name: 'Points per PNR' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual([
      'PNR',
      'Booked on',
      'Segments',
      'Validated segments',
      'Points when all validated',
      'Points',
      'Status',
    ]);
    const rows = within(table).getAllByRole('row');
    expect(rows[1]?.textContent).toBe('ABC12310 Jan 202621155Pending');
    expect(rows[2]?.textContent).toBe('XYZ7892 Nov 2025111010Validated');
    expect(rows.at(-1)?.textContent).toBe('Total215');
    expect(screen.getByRole('region', { name: 'Points per PNR' }).contains(table)).toBe(true);
    expect(screen.queryByRole('table', { name: 'Segments of PNR ABC123' })).toBeNull();
  });

  it('says beside each segment which earning rules gave its points', () => {
    const page = makePointsPage({ details: '1' });
    const [first] = page.points;
    first!.segments = [
      {
        ...first!.segments[1]!,
        status: 'OK',
        points: 20,
        rules: [
          { kind: 'base', name: '', points: 10, multiplier: null },
          { kind: 'campaign', name: 'March hotels', points: null, multiplier: 2 },
        ],
      },
      {
        ...first!.segments[0]!,
        rules: [
          { kind: 'base', name: '', points: 5, multiplier: null },
          // A campaign without a name in the page's language: the dictionary's word.
          { kind: 'campaign', name: '', points: 50, multiplier: null },
        ],
      },
    ];
    renderPoints(page);
    const segments = screen.getByRole('table', { name: 'Segments of PNR ABC123' });
    const cells = within(segments)
      .getAllByRole('row')
      .slice(1)
      .map((row) => row.lastElementChild?.textContent);
    expect(cells).toEqual(['Hotel 10 + March hotels ×2', 'Air 5 + Campaign +50']);
  });

  it("shows each PNR's segments below it with details=1", () => {
    renderPoints(makePointsPage({ details: '1' }));
    const segments = screen.getByRole('table', { name: 'Segments of PNR ABC123' });
    expect(
      within(segments)
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual([
      'KindService dateStatusPointsLapse onHow earned',
      'Air1 Feb 2026Validated51 Feb 2029—',
      'Hotel1 Jun 2026Pending0——',
    ]);
    // Right below its PNR's row.
    const pnrRow = screen.getByRole('rowheader', { name: 'ABC123' }).closest('tr');
    expect(pnrRow?.nextElementSibling?.contains(segments)).toBe(true);
    // The PNR reads left to right in the row and in the caption, in any page direction.
    expect(
      within(pnrRow as HTMLElement)
        .getByText('ABC123')
        .getAttribute('dir'),
    ).toBe('ltr');
    expect(within(segments).getByText('ABC123').getAttribute('dir')).toBe('ltr');
    expect(screen.queryByRole('table', { name: 'Segments of PNR XYZ789' })).toBeNull();
  });

  it('lists the additional points with their sum, and an empty gift list', async () => {
    const user = userEvent.setup();
    renderPoints();
    await user.click(screen.getByRole('tab', { name: 'Additional points' }));
    const table = screen.getByRole('table', { name: 'Additional points' });
    const rows = within(table).getAllByRole('row');
    expect(rows[1]?.textContent).toBe('15 Jan 2026Welcome bonus—50');
    expect(rows.at(-1)?.textContent).toBe('Total80');
    await user.click(screen.getByRole('tab', { name: 'Ordered gifts' }));
    expect(screen.getByText('You have not ordered any gifts yet.')).toBeTruthy();
  });

  it('lists each order with its number, gifts and timeline, its vouchers or why it was refunded', async () => {
    const user = userEvent.setup();
    renderPoints(
      makePointsPage({
        useArray: [{ id: 9, date: '2026-03-01', pnr: '', quantity: 2, points: 500 }],
        summUse: 500,
        orders: [
          {
            id: 9,
            points: 500,
            delivery: 'self',
            lines: [{ description: 'Voucher 25', quantity: 2, points: 250 }],
            state: 'fulfilled',
            timeline: [
              { state: 'placed', date: '2026-03-01' },
              { state: 'submitted', date: '2026-03-01' },
              { state: 'fulfilled', date: '2026-03-04' },
            ],
            vouchers: ['VC-1111', 'VC-2222'],
            refund: null,
          },
          {
            id: 8,
            points: 100,
            delivery: 'send',
            lines: [{ description: 'Mug', quantity: 1, points: 100 }],
            state: 'failed',
            timeline: [
              { state: 'placed', date: '2026-02-01' },
              { state: 'failed', date: '2026-02-02' },
            ],
            vouchers: [],
            refund: { cause: 'refused', reason: 'Out of stock' },
          },
        ],
      }),
    );
    await user.click(screen.getByRole('tab', { name: 'Ordered gifts' }));
    const cards = within(screen.getByRole('list', { name: 'Ordered gifts' })).getAllByRole(
      'listitem',
      { name: /^Order \d+$/ },
    );
    expect(cards).toHaveLength(2);
    const [fulfilled, refunded] = cards as [HTMLElement, HTMLElement];
    expect(
      within(fulfilled).getByText('Fulfilled', { selector: '.order-card__state' }),
    ).toBeTruthy();
    expect(within(fulfilled).getByText('2 × Voucher 25')).toBeTruthy();
    const steps = within(within(fulfilled).getByRole('list', { name: 'Progress of order 9' }))
      .getAllByRole('listitem')
      .map((step) => step.textContent);
    expect(steps).toEqual([
      'Placed 1 Mar 2026',
      'Sent to the provider 1 Mar 2026',
      'Fulfilled 4 Mar 2026',
    ]);
    expect(within(fulfilled).getByText('VC-2222', { selector: 'code' })).toBeTruthy();
    expect(
      within(refunded)
        .getAllByRole('listitem')
        .map((step) => step.textContent),
    ).toContain('Refunded 2 Feb 2026');
    expect(refunded.textContent).toContain(
      'The provider refused the order. Your points are back. (Out of stock)',
    );
    expect(screen.getByText('Total', { exact: false, selector: 'p' }).textContent).toBe(
      'Total: 500',
    );
  });

  it('copies a voucher code, says how to use it, and selects it where the clipboard is refused', async () => {
    const user = userEvent.setup();
    renderPoints(
      makePointsPage({
        orders: [
          {
            id: 31,
            points: 100,
            delivery: 'self',
            lines: [{ description: 'Voucher', quantity: 1, points: 100 }],
            state: 'fulfilled',
            timeline: [{ state: 'fulfilled', date: '2026-03-01' }],
            vouchers: ['AB12-CD34'],
            refund: null,
          },
        ],
      }),
    );
    await user.click(screen.getByRole('tab', { name: 'Ordered gifts' }));
    expect(screen.getByText(/Each code can be used once\./)).toBeTruthy();
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const copy = screen.getByRole('button', { name: 'Copy code AB12-CD34' });
    await user.click(copy);
    expect(writeText).toHaveBeenCalledWith('AB12-CD34');
    const status = () => within(copy.closest('li')!).getByRole('status');
    await waitFor(() => expect(status().textContent).toBe('Copied.'));
    Object.defineProperty(navigator, 'clipboard', {
      value: { writeText: () => Promise.reject(new Error('denied')) },
      configurable: true,
    });
    await user.click(copy);
    await waitFor(() =>
      expect(status().textContent).toBe(
        'The code is selected: copy it with your keyboard or menu.',
      ),
    );
    expect(window.getSelection()?.toString()).toBe('AB12-CD34');
  });

  it('opens on Ordered gifts when reached through #ordered-gifts (after a gift order)', () => {
    renderPoints(makePointsPage(), { path: '/eng/points#ordered-gifts' });
    expect(screen.getByRole('tab', { name: 'Ordered gifts' }).getAttribute('aria-selected')).toBe(
      'true',
    );
    expect(screen.getByText('You have not ordered any gifts yet.')).toBeTruthy();
  });

  it('opens on the order the thank-you links to (#order-{id}), brought into view and focused', () => {
    const order = (id: number) => ({
      id,
      points: 100,
      delivery: 'self' as const,
      lines: [{ description: 'Mug', quantity: 1, points: 100 }],
      state: 'placed' as const,
      timeline: [{ state: 'placed' as const, date: '2026-02-01' }],
      vouchers: [],
      refund: null,
    });
    const scrolled: string[] = [];
    const scrollIntoView = vi
      .spyOn(HTMLElement.prototype, 'scrollIntoView')
      .mockImplementation(function (this: HTMLElement) {
        scrolled.push(this.id);
      });
    try {
      renderPoints(makePointsPage({ orders: [order(12), order(11)] }), {
        path: '/eng/points#order-11',
      });
      expect(screen.getByRole('tab', { name: 'Ordered gifts' }).getAttribute('aria-selected')).toBe(
        'true',
      );
      const card = screen.getByRole('listitem', { name: 'Order 11' });
      expect(card.id).toBe('order-11');
      expect(scrolled).toEqual(['order-11']);
      expect(document.activeElement).toBe(card);
    } finally {
      scrollIntoView.mockRestore();
    }
  });

  it('shows the balance summary: available, expired, used', () => {
    renderPoints(makePointsPage({ refresh: 1935, expired: 15, summUse: 500 }));
    const summary = screen.getByRole('region', { name: 'Your balance' });
    const terms = within(summary)
      .getAllByRole('term')
      .map((term) => term.textContent);
    const values = within(summary)
      .getAllByRole('definition')
      .map((value) => value.textContent);
    expect(terms).toEqual(['Available', 'Expired', 'Used']);
    expect(values).toEqual(['1,935', '15', '500']);
  });

  it('heads the printed statement with the member, their number, the day and the search shown', () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-04-02T09:00:00Z') });
    try {
      renderPoints(makePointsPage(), {
        path: '/eng/points?searchBy=date&fromDate=2026-01-01&toDate=2026-03-31',
      });
      const header = document.querySelector('.points-print-header')!;
      expect([...header.querySelectorAll('p')].map((line) => line.textContent)).toEqual([
        'Points statement of Eleni Papadopoulou, member number 100200300',
        'Printed on 2 April 2026',
        'Search: PNRs booked from 1 January 2026 to 31 March 2026',
      ]);
      expect(
        within(header as HTMLElement)
          .getByText('100200300')
          .getAttribute('dir'),
      ).toBe('ltr');
    } finally {
      vi.useRealTimers();
    }
  });

  it('says when no PNR matches the search (noneDet)', () => {
    renderPoints(makePointsPage({ points: [], noneDet: true }));
    expect(screen.getByText('No PNR matches your search.')).toBeTruthy();
    expect(screen.queryByRole('table', { name: 'Points per PNR' })).toBeNull();
  });

  it('says when the search found only PNRs that earned nothing, not that none earned points yet', () => {
    renderPoints(
      makePointsPage({
        points: [],
        noneDet: false,
        queued: [{ pnr: 'QQQ111', date: '2026-02-02', officeId: 'ATHGR2101', reason: 'no-remark' }],
      }),
    );
    expect(
      screen.getByText(
        'The PNRs your search found earned no points; see why under “PNRs that earned no points”.',
      ),
    ).toBeTruthy();
    expect(screen.queryByText('No PNR has earned points yet.')).toBeNull();
    expect(screen.getByRole('heading', { name: 'PNRs that earned no points' })).toBeTruthy();
  });

  it('says when only the latest PNRs are listed (truncated)', () => {
    renderPoints(makePointsPage({ truncated: true }));
    expect(
      screen.getByText('Only your latest 200 PNRs are listed; search by date to see older ones.'),
    ).toBeTruthy();
  });

  it('does not say so when the list is complete', () => {
    renderPoints();
    expect(screen.queryByText(/Only your latest/)).toBeNull();
    expect(screen.queryByRole('heading', { name: 'PNRs that earned no points' })).toBeNull();
  });
});

describe('queued PNRs that earned nothing', () => {
  it('lists each with its reason, from the dictionary or the English text', () => {
    renderPoints(
      makePointsPage({
        queued: [
          {
            pnr: 'QQQ111',
            date: '2026-02-02',
            officeId: 'ATHGR2101',
            reason: 'remark-without-space',
          },
          {
            pnr: 'RRR222',
            date: '2026-02-03',
            officeId: 'VIEAT1101',
            reason: 'office-other-country',
          },
        ],
      }),
      {
        layout: makeClientLayout({
          dictionary: { 'pointsReason.remark-without-space': 'Λείπει το κενό μετά το RM*AMA.' },
        }),
      },
    );
    expect(screen.getByRole('heading', { name: 'PNRs that earned no points' })).toBeTruthy();
    const table = screen.getByRole('table', { name: 'PNRs that earned no points' });
    // One landmark of the name (axe landmark-unique): the scrolling table's region.
    const regions = screen.getAllByRole('region', { name: 'PNRs that earned no points' });
    expect(regions).toHaveLength(1);
    expect(regions[0]?.contains(table)).toBe(true);
    const rows = within(table).getAllByRole('row');
    // Each with its missing-points claim (claims-section.test.tsx).
    expect(rows[1]?.textContent).toBe(
      'QQQ1112 Feb 2026ATHGR2101Λείπει το κενό μετά το RM*AMA.Claim missing points for PNR QQQ111',
    );
    expect(rows[2]?.textContent).toBe(
      'RRR2223 Feb 2026VIEAT1101The booking was made in an office ID of another country.Claim missing points for PNR RRR222',
    );
    for (const code of ['QQQ111', 'ATHGR2101'])
      expect(within(table).getAllByText(code)[0]!.getAttribute('dir'), code).toBe('ltr');
  });
});
