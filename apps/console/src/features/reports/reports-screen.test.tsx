import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { App } from '../../app/app';

function answer(body: unknown, type = 'application/json') {
  return new Response(type === 'application/json' ? JSON.stringify(body) : String(body), {
    status: 200,
    headers: { 'content-type': type },
  });
}

const scope = (country: string | null) => ({ country, countries: ['at', 'gr'] });

/** A month's earned points by source (bookings, campaigns, claims, staff) and their sum. */
const earned = (bookings: number, campaigns: number, claims: number, staff: number) => ({
  earned: bookings + campaigns + claims + staff,
  fromBookings: bookings,
  fromCampaigns: campaigns,
  fromClaims: claims,
  fromStaff: staff,
});

/** The server's answers, by path; every call is recorded. */
function fakeServer() {
  const calls: string[] = [];
  const fetchMock = vi.fn((input: string) => {
    const url = new URL(input, 'http://localhost:3000');
    calls.push(`${url.pathname}${url.search}`);
    const country = url.searchParams.get('country');
    const path = url.pathname.replace('/s2c/staff/v1/', '');
    if (path === 'session') {
      return Promise.resolve(
        answer({ data: { email: 'a@example.com', role: 'admin', countries: [] } }),
      );
    }
    if (path.endsWith('.csv')) return Promise.resolve(answer('\uFEFFMonth,Earned\r\n', 'text/csv'));
    const data = {
      'reports/points-by-month': {
        ...scope(country),
        currentMonth: '2026-11',
        months: [
          { month: '2026-10', ...earned(0, 0, 0, 25), spent: 10, expired: 0 },
          { month: '2026-11', ...earned(400, 100, 30, 10), spent: 0, expired: 5 },
        ],
      },
      'reports/lapse-forecast': {
        ...scope(country),
        currentMonth: '2026-11',
        months: [
          { month: '2026-11', points: 0 },
          { month: '2026-12', points: 40 },
        ],
      },
      'reports/outstanding': {
        ...scope(country),
        items: [
          { countryCode: 'at', available: 565, pending: 5 },
          { countryCode: 'gr', available: 1055, pending: 15 },
        ].filter((item) => country === null || item.countryCode === country),
      },
      'reports/members-by-state': {
        ...scope(country),
        items: [
          { state: 'active', count: 2 },
          { state: 'deletion_requested', count: 1 },
        ],
      },
      'reports/members-by-month': {
        ...scope(country),
        currentMonth: '2026-11',
        months: [
          { month: '2026-10', enrolments: 3, active: 5 },
          { month: '2026-11', enrolments: 1, active: 7 },
        ],
      },
      'reports/redemptions-by-gift': {
        ...scope(country),
        from: '2024-12',
        items: [
          { giftId: 11, name: 'Coffee mug', orders: 2, quantity: 3, points: 300 },
          { giftId: 12, name: 'Tote bag', orders: 1, quantity: 1, points: 40 },
        ],
      },
      'reports/offices-by-state': { ...scope(country), items: [{ state: 'active', count: 4 }] },
      'reports/orders-by-state': {
        ...scope(country),
        items: [
          { state: 'fulfilled', count: 1 },
          { state: 'failed', count: 2 },
        ],
      },
    }[path];
    return Promise.resolve(answer({ data }));
  });
  vi.stubGlobal('fetch', fetchMock);
  return calls;
}

beforeEach(() => {
  sessionStorage.setItem('staff-token', 'stf_token');
  window.history.pushState({}, '', '/staff/reports');
});
afterEach(() => vi.unstubAllGlobals());

describe('the reports screen', () => {
  it('shows each report as a chart named by its summary', async () => {
    fakeServer();
    render(<App />);
    expect(await screen.findByRole('heading', { name: 'Reports', level: 1 })).toBeDefined();
    expect(
      await screen.findByRole('img', {
        name: 'Grouped bar chart of 2 months from Oct 2026 to Nov 2026 (this month, so far): 565 points earned, 10 spent and 5 expired in all.',
      }),
    ).toBeDefined();
    expect(
      await screen.findByRole('img', {
        name: 'Bar chart of the next 2 months: 40 points lapse in all, most in Dec 2026 (40).',
      }),
    ).toBeDefined();
    expect(
      await screen.findByRole('img', {
        name: "Bar chart of the programme's liability: AT 565 points available and 5 pending; GR 1,055 points available and 15 pending.",
      }),
    ).toBeDefined();
    expect(
      await screen.findByRole('img', {
        name: 'Bar chart of members by state: Active 2, Deletion requested 1.',
      }),
    ).toBeDefined();
  });

  it('splits earned points by source, and labels this month in the chart and the table', async () => {
    fakeServer();
    render(<App />);
    const chart = await screen.findByRole('img', {
      name: 'Grouped bar chart of 2 months from Oct 2026 to Nov 2026 (this month, so far): 400 points from bookings, 100 points from campaigns, 30 points from claims, 35 points from staff credits in all.',
    });
    expect(within(chart).getByText('This month (so far)')).toBeDefined();
    const panel = screen.getByRole('heading', { name: 'Points earned by source per month' })
      .parentElement!;
    expect(
      within(panel)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Bookings', 'Campaigns', 'Claims', 'Staff credits']);
    await userEvent.setup().click(within(panel).getByRole('button', { name: 'Show as table' }));
    const table = within(panel).getByRole('table', { name: 'Points earned by source per month' });
    const row = within(table).getByRole('rowheader', { name: 'Nov 2026 (this month, so far)' })
      .parentElement!;
    expect(within(row).getAllByRole('cell').map((cell) => cell.textContent)).toEqual([
      '400',
      '100',
      '30',
      '10',
      '540',
    ]);
    expect(within(table).getByRole('rowheader', { name: 'Oct 2026' })).toBeDefined();
  });

  it('shows enrolments and active members per month, and the gifts redeemed', async () => {
    const calls = fakeServer();
    render(<App />);
    expect(
      await screen.findByRole('img', {
        name: 'Grouped bar chart of 2 months from Oct 2026 to Nov 2026 (this month, so far): 4 enrolments in all; most active members in Nov 2026 (7).',
      }),
    ).toBeDefined();
    expect(
      await screen.findByRole('img', {
        name: 'Bar chart of points redeemed per gift since Dec 2024: Coffee mug 300, Tote bag 40.',
      }),
    ).toBeDefined();
    const panel = screen.getByRole('heading', { name: 'Gifts redeemed' }).parentElement!;
    await userEvent.setup().click(within(panel).getByRole('button', { name: 'Show as table' }));
    const table = within(panel).getByRole('table', { name: 'Gifts redeemed since Dec 2024' });
    const row = within(table).getByRole('rowheader', { name: 'Coffee mug' }).parentElement!;
    expect(within(row).getAllByRole('cell').map((cell) => cell.textContent)).toEqual([
      '2',
      '3',
      '300',
    ]);
    expect(calls).toContain('/s2c/staff/v1/reports/redemptions-by-gift?months=24');
    expect(calls).toContain('/s2c/staff/v1/reports/members-by-month?months=24');
  });

  it('shows a chart’s figures as a real table behind its toggle', async () => {
    fakeServer();
    render(<App />);
    const panel = (await screen.findByRole('heading', { name: 'Outstanding points per country' }))
      .parentElement!;
    const toggle = await within(panel).findByRole('button', { name: 'Show as table' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(within(panel).queryByRole('table')).toBeNull();
    await userEvent.setup().click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(toggle.textContent).toBe('Hide the table');
    const table = within(panel).getByRole('table', { name: 'Outstanding points per country' });
    expect(within(table).getByRole('rowheader', { name: 'GR' })).toBeDefined();
    expect(within(table).getByRole('cell', { name: '1,055' })).toBeDefined();
  });

  it('asks every report for the chosen country and points by month for the chosen months', async () => {
    const calls = fakeServer();
    render(<App />);
    const user = userEvent.setup();
    const country = await screen.findByLabelText('Country');
    await screen.findByRole('option', { name: 'Greece' });
    await user.selectOptions(country, 'gr');
    await user.selectOptions(screen.getByLabelText('Months shown'), '12');
    await screen.findByRole('img', { name: /GR 1,055 points available/ });
    expect(calls).toContain('/s2c/staff/v1/reports/members-by-state?country=gr');
    expect(calls).toContain('/s2c/staff/v1/reports/points-by-month?country=gr&months=12');
    expect(window.location.search).toBe('?country=gr&months=12');
  });

  it('names order states in the queue’s words: a failed order reads Refunded, never Failed', async () => {
    fakeServer();
    render(<App />);
    const chart = await screen.findByRole(
      'img',
      { name: /^Bar chart of orders by state/ },
      { timeout: 15_000 },
    );
    expect(chart.getAttribute('aria-label')).toMatch(/Fulfilled 1, Refunded 2\.$/);
    expect(chart.getAttribute('aria-label')).not.toMatch(/Failed/);
    expect(within(chart).getByText('Refunded')).toBeDefined();
  });

  it('downloads a report’s CSV with the staff token', async () => {
    const calls = fakeServer();
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:report');
    vi.spyOn(URL, 'revokeObjectURL').mockReturnValue(undefined);
    render(<App />);
    const panel = (await screen.findByRole('heading', { name: 'Orders by state' })).parentElement!;
    await userEvent
      .setup()
      .click(await within(panel).findByRole('button', { name: 'Download CSV of orders by state' }));
    await vi.waitFor(() => expect(calls).toContain('/s2c/staff/v1/reports/orders-by-state.csv'));
  });
});
