import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { writeStoredValue } from '../../../lib/client-storage';
import { makePageAnswer } from '../../../testing/fake-content-api';
import { makeClientLayout } from '../../../testing/render-screen';
import {
  apiData,
  apiError,
  makeForecast,
  makeStatusReport,
  makeUser,
  renderPointsScreen,
  stubApi,
  type ApiCall,
} from '../testing/points-test-utils';
import type { ExpiryForecast, StatusReport } from '@club/contract/points';
import { MemberHome } from './member-home';

afterEach(() => vi.unstubAllGlobals());

const isStatus = (call: ApiCall) => call.path === '/s2c/auth/v1/agent-points';
const isForecast = (call: ApiCall) => call.path === '/s2c/auth/v1/agent-points/forecast';

/** The points API of a member: the status report and the forecast (or a status to fail with). */
function pointsApi(
  report: StatusReport | number = makeStatusReport(),
  forecast: ExpiryForecast | number = makeForecast(),
) {
  return stubApi((call) => {
    if (isStatus(call))
      return typeof report === 'number' ? apiError(report, 'ERROR') : apiData(report);
    if (isForecast(call))
      return typeof forecast === 'number' ? apiError(forecast, 'ERROR') : apiData(forecast);
    return undefined;
  });
}

function renderHome(layout = makeClientLayout()) {
  return renderPointsScreen(<MemberHome page={makePageAnswer('home')} />, {
    user: makeUser(),
    layout,
  });
}

/** The row of a table whose header cell starts with `label`, as [header, value]. */
function row(table: HTMLElement, label: string): [string, string] {
  const header = within(table)
    .getAllByRole('rowheader')
    .find((cell) => cell.textContent?.startsWith(label));
  const cells = header?.closest('tr')?.querySelectorAll('th, td');
  return [cells?.[0]?.textContent ?? '', cells?.[1]?.textContent ?? ''];
}

describe('member home (spec 2 §2.4)', () => {
  it('welcomes the member and shows the available points, asking for their own number', async () => {
    const calls = pointsApi();
    renderHome();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Welcome, Eleni!');
    expect((await screen.findByText('Available points')).nextElementSibling?.textContent).toBe(
      '935',
    );
    const status = calls.find(isStatus);
    expect(status?.query.get('number')).toBe('100200300');
    expect(calls.find(isForecast)?.query.get('number')).toBe('100200300');
  });

  it('shows the status panel: segments, points balance and points kinds', async () => {
    pointsApi();
    renderHome();
    const segments = await screen.findByRole('table', { name: 'Segments' });
    expect(row(segments, 'Pending')[1]).toBe('3');
    expect(row(segments, 'Validated')[1]).toBe('41');
    expect(row(segments, 'Total')[1]).toBe('44');
    const balance = screen.getByRole('table', { name: 'Points balance' });
    expect(row(balance, 'Accumulated')[1]).toBe('1,250');
    expect(row(balance, 'Used')[1]).toBe('300');
    expect(row(balance, 'Expired')[1]).toBe('15');
    expect(row(balance, 'Available')[1]).toBe('935');
    const kinds = screen.getByRole('table', { name: 'Points by kind' });
    expect(row(kinds, 'Regular')[1]).toBe('1,170');
    expect(row(kinds, 'Additional')[1]).toBe('80');
    // Every row has its info button.
    for (const table of [segments, balance, kinds])
      for (const header of within(table).getAllByRole('rowheader'))
        expect(within(header).getByRole('button').getAttribute('aria-describedby')).toBeTruthy();
  });

  it('shows the expiry forecast: the next lapse written out, a chart of the next 12 months and its table', async () => {
    pointsApi();
    renderHome();
    expect((await screen.findByText(/points lapse on/)).textContent).toBe(
      '120 points lapse on 14 May 2026.',
    );
    expect(
      screen.getByRole('img', {
        name: 'Bar chart of the points lapsing in each of the next 12 months: 165 in all.',
      }),
    ).toBeTruthy();
    // The table is behind the chart until asked for.
    expect(screen.queryByRole('table', { name: /lapsing in each/ })).toBeNull();
    const toggle = screen.getByRole('button', { name: 'Show as table' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    await userEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(toggle.textContent).toBe('Hide the table');
    const table = screen.getByRole('table', {
      name: 'Points lapsing in each of the next 12 months',
    });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(12);
    expect(rows[0]?.textContent).toBe('Mar 20260');
    expect(rows[2]?.textContent).toBe('May 2026120');
    expect(rows[6]?.textContent).toBe('Sep 202645');
  });

  it('says when no points lapse in the next 12 months', async () => {
    pointsApi(makeStatusReport(), makeForecast({ next: null }));
    renderHome();
    expect(await screen.findByText('No points lapse in the next 12 months.')).toBeTruthy();
  });

  it('reads its words from the dictionary: labels, month names, welcome', async () => {
    pointsApi();
    renderHome(
      makeClientLayout({
        languageShortCode: 'el',
        dictionary: {
          'memberHome.welcome': 'Καλώς ήρθες, {firstName}!',
          'pointsStatus.segments': 'Τμήματα',
          'pointsStatus.pending': 'Σε αναμονή',
          'month.may': 'Μάι',
          'pointsStatus.nextLapse': '{points} πόντοι λήγουν στις {date}.',
          'pointsStatus.showTable': 'Εμφάνιση ως πίνακας',
        },
      }),
    );
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Καλώς ήρθες, Eleni!');
    const segments = await screen.findByRole('table', { name: 'Τμήματα' });
    expect(row(segments, 'Σε αναμονή')[1]).toBe('3');
    expect(screen.getByText(/πόντοι λήγουν/).textContent).toBe(
      '120 πόντοι λήγουν στις 14 Μαΐου 2026.',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Εμφάνιση ως πίνακας' }));
    expect(await screen.findByRole('rowheader', { name: 'Μάι 2026' })).toBeTruthy();
  });

  it('links "Spend my points" to the gift list and "See all my points" to the points page', async () => {
    pointsApi();
    renderHome();
    const spend = await screen.findByRole('link', { name: 'Spend my points' });
    expect(spend.getAttribute('href')).toBe('/eng/gifts');
    expect(
      screen.getByRole('link', { name: 'See all my points and PNRs' }).getAttribute('href'),
    ).toBe('/eng/points');
  });

  it('disables "Spend my points" with the maintenance message while the order partner is off', async () => {
    pointsApi(makeStatusReport({ edenredIsOff: true }));
    renderHome();
    const spend = await screen.findByRole('button', { name: 'Spend my points' });
    expect(spend.getAttribute('aria-disabled')).toBe('true');
    expect(screen.queryByRole('link', { name: 'Spend my points' })).toBeNull();
    const message = document.getElementById(spend.getAttribute('aria-describedby') ?? '');
    expect(message?.textContent).toBe(
      "Sorry, we're doing some important maintenance and your gift store is temporarily unavailable. Please come back tomorrow to order a gift.",
    );
  });

  it('offers no "Spend my points" while ordering is closed, and says when it reopens in the page language', async () => {
    pointsApi(makeStatusReport({ orderingClosed: true, orderingReopensOn: '2027-01-07' }));
    renderHome(
      makeClientLayout({
        languageShortCode: 'ar',
        countryCode: 'ae',
        dictionary: {
          'memberHome.orderingClosed': 'طلب الهدايا مغلق حاليًا.',
          'memberHome.orderingReopens': 'يُعاد فتحه في {date}.',
        },
      }),
    );
    const closed = await screen.findByText(/طلب الهدايا مغلق حاليًا\./);
    expect(closed.textContent).toMatch(
      /^طلب الهدايا مغلق حاليًا\. يُعاد فتحه في (7 يناير 2027|٧ يناير ٢٠٢٧)\.$/,
    );
    expect(closed.querySelector('time')?.getAttribute('datetime')).toBe('2027-01-07');
    expect(screen.queryByRole('link', { name: 'Spend my points' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Spend my points' })).toBeNull();
  });

  it('says ordering is closed without a date when nobody knows when it reopens', async () => {
    pointsApi(makeStatusReport({ orderingClosed: true, orderingReopensOn: null }));
    renderHome();
    expect((await screen.findByText(/^Gift ordering is closed/)).textContent).toBe(
      'Gift ordering is closed at the moment.',
    );
    expect(screen.queryByRole('link', { name: 'Spend my points' })).toBeNull();
  });

  it('shows "Services are unavailable" when the status report fails', async () => {
    pointsApi(404, 404);
    renderHome();
    await waitFor(() =>
      expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toEqual([
        'Services are unavailable. Try again later',
        'Services are unavailable. Try again later',
      ]),
    );
    expect(screen.queryByRole('table', { name: 'Segments' })).toBeNull();
  });

  it('shows a loading status while the calls run', async () => {
    stubApi((call) =>
      isStatus(call) || isForecast(call) ? (new Promise(() => undefined) as never) : undefined,
    );
    renderHome();
    expect((await screen.findAllByRole('status')).map((status) => status.textContent)).toEqual([
      'Loading…',
      'Loading…',
    ]);
  });
});

describe('how to earn on the member home (issue 30)', () => {
  const earning = {
    segmentPoints: { air: 5, hotel: 10, car: 10, rail: 10 },
    creditLifetimeYears: 3,
  };
  const newMember = makeStatusReport({
    totalSegmentsPD: 0,
    totalSegmentsOk: 0,
    totalSegments: 0,
    accumulated: 0,
    used: 0,
    expired: 0,
    available: 0,
    regular: 0,
    additional: 0,
  });

  it('shows the booking remark card beside the points of a member who has them', async () => {
    pointsApi();
    renderHome(makeClientLayout({ earning }));
    await screen.findByRole('table', { name: 'Segments' });
    const card = screen.getByRole('region', { name: 'Your booking remark' });
    expect(card.querySelector('code')?.textContent).toBe('RM*AMA 100200300');
    expect(within(card).getByRole('button', { name: 'Copy the remark' })).toBeTruthy();
  });

  it('shows a member with no points yet how to start: the remark, what earns and how long points live', async () => {
    pointsApi(newMember);
    renderHome(makeClientLayout({ earning }));
    expect(await screen.findByText('You have no points yet.')).toBeTruthy();
    const card = screen.getByRole('region', { name: 'Your booking remark' });
    expect(card.querySelector('code')?.textContent).toBe('RM*AMA 100200300');
    expect(within(card).getByRole('table', { name: 'What each segment earns' })).toBeTruthy();
    const start = screen.getByRole('region', { name: 'How to start earning points' });
    expect(within(start).getAllByRole('listitem')).toHaveLength(3);
    expect(
      within(start).getByText('Points stay yours for 3 years from the day they are credited.'),
    ).toBeTruthy();
    // No empty status, no chart of nothing, nothing to spend.
    expect(screen.queryByRole('table', { name: 'Segments' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'When your points lapse' })).toBeNull();
    expect(screen.queryByRole('img')).toBeNull();
    expect(screen.queryByRole('link', { name: 'Spend my points' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Spend my points' })).toBeNull();
  });

  it('offers no "Spend my points" with 0 points while segments are on the way', async () => {
    pointsApi(makeStatusReport({ ...newMember, totalSegmentsPD: 2, totalSegments: 2 }));
    renderHome(makeClientLayout({ earning }));
    // The status shows the pending segments…
    const segments = await screen.findByRole('table', { name: 'Segments' });
    expect(row(segments, 'Pending')[1]).toBe('2');
    // …and there is nothing to spend yet.
    expect(screen.queryByRole('link', { name: 'Spend my points' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Spend my points' })).toBeNull();
  });

  it('words how to start in the page language, right to left', async () => {
    pointsApi(newMember);
    renderHome(
      makeClientLayout({
        isRtl: true,
        languageShortCode: 'ar',
        countryCode: 'ae',
        earning,
        dictionary: {
          'memberHome.noPointsYet': 'لا توجد لديك نقاط بعد.',
          'memberHome.startTitle': 'كيف تبدأ في كسب النقاط',
          'memberHome.lifetime':
            'تبقى النقاط لك لمدة {years, plural, zero {# سنة} one {سنة واحدة} two {سنتين} few {# سنوات} many {# سنة} other {# سنة}} من يوم إضافتها.',
        },
      }),
    );
    expect(await screen.findByText('لا توجد لديك نقاط بعد.')).toBeTruthy();
    const start = screen.getByRole('region', { name: 'كيف تبدأ في كسب النقاط' });
    expect(
      within(start).getByText(/^تبقى النقاط لك لمدة (3|٣) سنوات من يوم إضافتها\.$/),
    ).toBeTruthy();
    const isolated = [...document.querySelectorAll('main [dir="ltr"], section [dir="ltr"]')].map(
      (node) => node.textContent,
    );
    expect(isolated).toContain('RM*AMA 100200300');
    expect(isolated).not.toContain('100200300');
  });
});

describe('status panel tooltips', () => {
  const infoButton = () => screen.getByRole('button', { name: 'About: Pending' });
  const tooltipOf = (button: HTMLElement) =>
    document.getElementById(button.getAttribute('aria-describedby') ?? '') as HTMLElement;

  it('opens on keyboard focus and closes with Escape', async () => {
    pointsApi();
    const user = userEvent.setup();
    renderHome();
    await screen.findByRole('table', { name: 'Segments' });
    const button = infoButton();
    const tooltip = tooltipOf(button);
    expect(tooltip.getAttribute('role')).toBe('tooltip');
    expect(tooltip.hidden).toBe(true);
    expect(button.getAttribute('aria-expanded')).toBe('false');
    while (document.activeElement !== button) await user.tab();
    expect(button.getAttribute('aria-expanded')).toBe('true');
    expect(tooltip.hidden).toBe(false);
    expect(tooltip.textContent).toBe(
      'Booked segments not yet flown or used. They earn points once validated.',
    );
    await user.keyboard('{Escape}');
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(tooltip.hidden).toBe(true);
    // Enter shows it again; moving on hides it.
    await user.keyboard('{Enter}');
    expect(tooltip.hidden).toBe(false);
    await user.tab();
    expect(tooltip.hidden).toBe(true);
  });

  it('opens on hover and closes when the pointer leaves, or with Escape from anywhere', async () => {
    pointsApi();
    renderHome();
    await screen.findByRole('table', { name: 'Segments' });
    const button = infoButton();
    const tooltip = tooltipOf(button);
    fireEvent.mouseEnter(button.parentElement as HTMLElement);
    expect(tooltip.hidden).toBe(false);
    fireEvent.mouseLeave(button.parentElement as HTMLElement);
    expect(tooltip.hidden).toBe(true);
    fireEvent.mouseEnter(button.parentElement as HTMLElement);
    fireEvent.keyDown(document.body, { key: 'Escape' });
    expect(tooltip.hidden).toBe(true);
    expect(button.getAttribute('aria-expanded')).toBe('false');
  });
});

describe('member home without a user', () => {
  it('shows the unavailable text when the user check failed', async () => {
    stubApi((call) => (call.path === '/s2c/auth/v1/agents/7' ? apiError(404, 'ERROR') : undefined));
    writeStoredValue('userId', '7');
    renderPointsScreen(<MemberHome page={makePageAnswer('home')} />);
    expect(await screen.findByText('Services are unavailable. Try again later')).toBeTruthy();
  });
});
