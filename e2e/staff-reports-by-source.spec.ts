import { readFileSync } from 'node:fs';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import type { PointsByMonth } from '@club/contract/staff-reports';
import { expectNoAxeViolations } from './support/axe';
import { OwnServer } from './support/own-server';
import { openOwnConsoleAs } from './support/staff';

/**
 * Reports split earned points by source (issue 31 §3), one journey: the
 * manager of Austria publishes a campaign, a booking earns under it through
 * the queue, a member is credited by staff, and the reports show each part
 * in its own series, this month labelled (also among the active members), in
 * a chart whose text is 12 px on the screen, and in the CSV.
 * On a server of its own: a running campaign changes what Austrian air
 * segments earn, which the shared server's other journeys must not meet.
 */

/** Demo member of Austria (content/demo/members.json). */
const jonas = '9000004';
const queueKey = 'e2e-reports-queue-key-0123456789abcdef';
const server = new OwnServer({ BOOKING_QUEUE_API_KEY: queueKey });

test.describe.configure({ mode: 'serial' });
test.beforeAll(async () => {
  test.setTimeout(120_000);
  await server.start();
});
test.afterAll(() => server.stop());

function day(offset: number): string {
  const date = new Date();
  date.setUTCDate(date.getUTCDate() + offset);
  return date.toISOString().slice(0, 10);
}

const panel = (page: Page, title: string) => page.getByRole('region', { name: title, exact: true });

/** This month's figures of Austria's points report, as the server answers them. */
async function thisMonth(api: APIRequestContext, token: string) {
  const answer = await api.get(
    server.rootUrl('/s2c/staff/v1/reports/points-by-month?country=at&months=6'),
    { headers: { authorization: `Bearer ${token}` } },
  );
  expect(answer.status()).toBe(200);
  const { data } = (await answer.json()) as { data: PointsByMonth };
  return data.months.find((row) => row.month === data.currentMonth)!;
}

/** Every text of the page's report charts is drawn at 12 px or more on the screen. */
async function smallestChartText(page: Page): Promise<number> {
  return page.locator('.report-chart__svg').evaluateAll((charts) =>
    Math.min(
      ...charts.flatMap((chart) => {
        const scale = (chart as SVGSVGElement).getScreenCTM()?.a ?? 0;
        return [...chart.querySelectorAll('text')].map(
          (text) => parseFloat(getComputedStyle(text).fontSize) * scale,
        );
      }),
    ),
  );
}

test('earned points read by source, this month labelled, in 12 px chart text and in the CSV', async ({
  page,
  playwright,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await openOwnConsoleAs(page, server, 'manager', '/staff/reports?country=at&months=6');
  await expect(page.getByRole('heading', { level: 1, name: 'Reports' })).toBeVisible();
  const token = (await page.evaluate(() => sessionStorage.getItem('staff-token')))!;
  // The calls with the token, as a script would make them.
  const api = await playwright.request.newContext();
  const before = await thisMonth(api, token);
  const staffPost = async (path: string, data: Record<string, unknown>) => {
    // A context that holds the XSRF cookie (the server set it on an answer) echoes it.
    const xsrf = (await api.storageState()).cookies.find((c) => c.name === 'XSRF-TOKEN');
    const answer = await api.post(server.rootUrl(path), {
      headers: {
        authorization: `Bearer ${token}`,
        ...(xsrf === undefined ? {} : { 'x-xsrf-token': xsrf.value }),
      },
      data,
    });
    expect(answer.ok(), await answer.text()).toBe(true);
  };

  // A campaign: +50 on air segments booked from a fortnight ago.
  await staffPost('/s2c/staff/v1/earning-rules', {
    country: 'at',
    kind: 'campaign',
    name: 'Air bonus weeks',
    memberNames: { deu: 'Flugbonus-Wochen', eng: 'Air bonus weeks' },
    segmentTypes: ['air'],
    points: 50,
    from: day(-14),
    to: day(30),
    basis: 'booking',
  });
  // A flown air segment arrives through the queue: air 5 + 50.
  const pnr = `S${Math.random().toString(36).slice(2, 7).toUpperCase().padEnd(5, '0')}`;
  // The reservation system calls the server directly (a context of its own).
  const queue = await playwright.request.newContext();
  const answer = await queue.post(server.rootUrl('/s2c/bookings/v1/queue'), {
    headers: { authorization: `ApiKey ${queueKey}`, 'content-type': 'application/x-ndjson' },
    data: JSON.stringify({
      pnr,
      officeId: 'VIEAT2101',
      createdOn: day(-7),
      remarks: [`RM*AMA ${jonas}`],
      segments: [{ id: '1', kind: 'air', status: 'HK', serviceDate: day(-2), used: true }],
    }),
  });
  expect(answer.status()).toBe(200);
  await queue.dispose();
  // Staff credit the member.
  await staffPost(`/s2c/staff/v1/members/${jonas}/adjustments`, {
    points: 40,
    reason: 'Goodwill after a complaint',
  });
  await api.dispose();

  await page.reload();
  const sources = panel(page, 'Points earned by source per month');
  const chart = sources.getByRole('img');
  await expect(chart).toHaveAttribute(
    'aria-label',
    /^Grouped bar chart of 6 months from .* \(this month, so far\): [\d,]+ points from bookings, [\d,]+ points from campaigns, [\d,]+ points from claims, [\d,]+ points from staff credits in all\.$/,
  );
  await expect(chart.getByText('This month (so far)')).toBeVisible();
  await expect(sources.getByRole('listitem')).toHaveText([
    'Bookings',
    'Campaigns',
    'Claims',
    'Staff credits',
  ]);
  await sources.getByRole('button', { name: 'Show as table' }).click();
  const row = sources
    .getByRole('table', { name: 'Points earned by source per month' })
    .getByRole('row', { name: /\(this month, so far\)/ });
  const figure = (value: number) => value.toLocaleString('en-GB');
  await expect(row.getByRole('cell')).toHaveText([
    figure(before.fromBookings + 5),
    figure(before.fromCampaigns + 50),
    figure(before.fromClaims),
    figure(before.fromStaff + 40),
    figure(before.earned + 95),
  ]);
  await expect(
    panel(page, 'Points earned, spent and expired per month').getByRole('img'),
  ).toHaveAttribute('aria-label', /\(this month, so far\)/);
  // Jonas earned this month: one active member of Austria at least.
  const members = panel(page, 'Enrolments and active members per month');
  await members.getByRole('button', { name: 'Show as table' }).click();
  const memberRow = members.getByRole('row', { name: /\(this month, so far\)/ });
  await expect(memberRow.getByRole('cell').nth(1)).not.toHaveText('0');
  await expect(panel(page, 'Gifts redeemed').getByRole('img')).toHaveAttribute(
    'aria-label',
    /since /,
  );
  await expectNoAxeViolations(page, 'console reports by source (manager of Austria)');

  // Chart text is 12 px on the screen, on a wide screen and a narrow one.
  expect(await smallestChartText(page)).toBeGreaterThanOrEqual(12);
  await page.setViewportSize({ width: 700, height: 900 });
  await expect
    .poll(() => smallestChartText(page), { message: 'chart text at 700 px' })
    .toBeGreaterThanOrEqual(12);

  const downloading = page.waitForEvent('download');
  await sources.getByRole('button', { name: 'Download CSV' }).click();
  const lines = readFileSync(await (await downloading).path(), 'utf8').split('\r\n');
  expect(lines[0]).toBe(
    '\uFEFFMonth,Earned,Earned from bookings,Earned from campaigns,Earned from claims,Earned from staff credits,Spent,Expired,Current month',
  );
  expect(lines.filter(Boolean)).toHaveLength(7);
  expect(lines.filter((line) => line.endsWith(',yes'))).toHaveLength(1);
});
