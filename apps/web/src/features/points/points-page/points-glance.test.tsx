import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { makeClientLayout } from '../../../testing/render-screen';
import {
  apiData,
  apiError,
  makeHistory,
  makePointsPage,
  makeUser,
  renderPointsScreen,
  stubApi,
  type ApiCall,
} from '../testing/points-test-utils';
import { PointsScreen } from './points-screen';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const isHistory = (call: ApiCall) => call.path === '/s2c/auth/v1/agent-points/history';
const isStatement = (call: ApiCall) => call.path === '/s2c/auth/v1/agent-points/statement';
const csv = 'Record,Date\r\nPNR,2026-09-01\r\n';

function renderPoints({ layout = makeClientLayout(), statement = 200 } = {}) {
  const calls = stubApi((call) => {
    if (isHistory(call)) return apiData(makeHistory());
    // The page's claims section: none (claims-section.test.tsx).
    if (call.path === '/s2c/auth/v1/agent-points/claims') return apiData({ items: [] });
    if (isStatement(call))
      return statement === 200
        ? new Response(`\uFEFF${csv}`, { headers: { 'content-type': 'text/csv; charset=utf-8' } })
        : apiError(statement, 'ERROR');
    return undefined;
  });
  renderPointsScreen(<PointsScreen page={makePointsPage()} />, {
    path: '/eng/points',
    layout,
    user: makeUser(),
  });
  return calls;
}

describe('points at a glance: the monthly history', () => {
  it('charts the last 24 months with a summary, and shows its table on demand', async () => {
    renderPoints();
    const chart = await screen.findByRole('img', {
      name: 'Bar chart of the last 24 months: 35 points earned, 12 spent and 28 lapsed.',
    });
    expect(chart.querySelectorAll('rect')).toHaveLength(3);
    expect(screen.queryByRole('table', { name: /each of the last 24 months/ })).toBeNull();
    const section = screen.getByRole('region', { name: 'Your points month by month' });
    await userEvent.click(within(section).getByRole('button', { name: 'Show as table' }));
    const table = screen.getByRole('table', {
      name: 'Points earned, spent and lapsed in each of the last 24 months',
    });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(25);
    expect(rows[0]?.textContent).toBe('MonthEarnedSpentLapsed');
    // Newest first.
    expect(rows[1]?.textContent).toBe('Nov 20260028');
  });

  it('reads the chart words from the dictionary', async () => {
    renderPoints({
      layout: makeClientLayout({
        dictionary: {
          'points.historyTitle': 'Οι πόντοι σας ανά μήνα',
          'points.historyChart': '{earned} κερδήθηκαν, {spent} εξαργυρώθηκαν, {expired} έληξαν.',
        },
      }),
    });
    expect(
      await screen.findByRole('img', { name: '35 κερδήθηκαν, 12 εξαργυρώθηκαν, 28 έληξαν.' }),
    ).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Οι πόντοι σας ανά μήνα' })).toBeTruthy();
  });
});

describe('points at a glance: the statement', () => {
  it('downloads the statement in the page language as a CSV file with its byte-order mark', async () => {
    const created: Blob[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      created.push(blob as Blob);
      return 'blob:statement';
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    const clicked: HTMLAnchorElement[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicked.push(this);
    });
    const calls = renderPoints({ layout: makeClientLayout({ languageCode: 'ell' }) });
    await userEvent.click(screen.getByRole('button', { name: 'Download statement (CSV)' }));
    await waitFor(() => expect(clicked).toHaveLength(1));
    const call = calls.find(isStatement);
    expect(call?.query.get('number')).toBe(makeUser().number);
    expect(call?.query.get('languageCode')).toBe('ell');
    expect(clicked[0]?.download).toMatch(/^points-statement-\d+-\d{4}-\d{2}-\d{2}\.csv$/);
    expect(clicked[0]?.getAttribute('href')).toBe('blob:statement');
    const bytes = new Uint8Array(await created[0]!.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(new TextDecoder().decode(bytes.slice(3))).toBe(csv);
  });

  it('says the services are unavailable when the download fails', async () => {
    renderPoints({ statement: 403 });
    await userEvent.click(screen.getByRole('button', { name: 'Download statement (CSV)' }));
    expect(await screen.findByRole('alert')).toBeTruthy();
  });

  it('prints the page with "Print statement"', async () => {
    const print = vi.fn();
    vi.stubGlobal('print', print);
    renderPoints();
    await userEvent.click(screen.getByRole('button', { name: 'Print statement' }));
    expect(print).toHaveBeenCalledOnce();
  });
});

describe('points tables on a phone', () => {
  it("labels every cell of the PNR table with its column's name, for its card on a phone", () => {
    renderPoints();
    const table = screen.getByRole('table', { name: 'Points per PNR' });
    expect(table.classList.contains('points-table--cards')).toBe(true);
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((header) => header.textContent);
    const firstRow = within(table).getAllByRole('row')[1]!;
    const labels = [...firstRow.querySelectorAll('th, td')].map((cell) =>
      cell.getAttribute('data-label'),
    );
    expect(labels).toEqual(headers);
  });
});
