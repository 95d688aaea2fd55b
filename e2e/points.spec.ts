import { expect, test, type APIRequestContext } from '@playwright/test';
import { expectLoggedIn, logIn } from './support/membership';

/** The demo member of `gr` (content/demo), loaded on the test server's first start. */
const demoMember = { number: '9000001', password: 'demo2026' };
const queueKey = 'e2e-booking-queue-key-0123456789';

/** A day relative to today, YYYY-MM-DD. */
function day(offset: number): string {
  const date = new Date();
  date.setUTCDate(date.getUTCDate() + offset);
  return date.toISOString().slice(0, 10);
}

/** A record locator no other run has used: 6 letters and digits. */
function newPnr(): string {
  return `E${Math.random().toString(36).slice(2, 7).toUpperCase().padEnd(5, '0')}`;
}

async function sendBookings(request: APIRequestContext, records: object[]) {
  // The reservation-system side calls the server directly (Node resolves no `*.localhost`).
  const port = process.env.E2E_PORT ?? '3100';
  const response = await request.post(`http://127.0.0.1:${port}/s2c/bookings/v1/queue`, {
    headers: { authorization: `ApiKey ${queueKey}`, 'content-type': 'application/x-ndjson' },
    data: records.map((record) => JSON.stringify(record)).join('\n'),
  });
  expect(response.status()).toBe(200);
  return (
    (await response.json()) as { data: { accepted: number; rejected: Record<string, number> } }
  ).data;
}

test.describe('points', () => {
  test('bookings from the queue show in the member home and the points page, with pending segments, reasons and the forecast', async ({
    page,
    request,
  }) => {
    const flown = newPnr();
    const pending = newPnr();
    const withoutSpace = newPnr();
    const summary = await sendBookings(request, [
      {
        pnr: flown,
        officeId: 'ATHGR2101',
        createdOn: day(-20),
        remarks: [`RM*AMA ${demoMember.number}`],
        segments: [
          { id: '1', kind: 'air', status: 'HK', serviceDate: day(-10) },
          { id: '2', kind: 'hotel', status: 'HK', serviceDate: day(-10), endDate: day(-8) },
        ],
      },
      {
        pnr: pending,
        officeId: 'ATHGR2101',
        createdOn: day(-2),
        remarks: [`RM*AMA ${demoMember.number}`],
        segments: [{ id: '1', kind: 'rail', status: 'HK', serviceDate: day(30) }],
      },
      {
        pnr: withoutSpace,
        officeId: 'ATHGR2101',
        createdOn: day(-3),
        remarks: [`RM*AMA${demoMember.number}`],
        segments: [{ id: '1', kind: 'air', status: 'HK', serviceDate: day(-1) }],
      },
    ]);
    expect(summary.accepted).toBe(2);
    expect(summary.rejected['remark-without-space']).toBe(1);

    await logIn(page, 'gr', demoMember.number, demoMember.password);
    await expectLoggedIn(page);
    const main = page.getByRole('main');

    // Member home: welcome, the status tables, the forecast of the moved balance.
    await expect(main.getByRole('heading', { level: 1, name: 'Welcome, Eleni!' })).toBeVisible();
    await expect(main.getByRole('table', { name: 'Segments' })).toBeVisible();
    await expect(main.getByRole('table', { name: 'Points balance' })).toBeVisible();
    await expect(main.getByRole('table', { name: 'Points by kind' })).toBeVisible();
    await expect(main.getByText(/points lapse on/)).toBeVisible();
    // The forecast is a chart; its table shows on demand.
    await expect(
      main.getByRole('img', { name: /lapsing in each of the next 12 months/ }),
    ).toBeVisible();
    await main.getByRole('button', { name: 'Show as table' }).click();
    await expect(
      main.getByRole('table', { name: 'Points lapsing in each of the next 12 months' }),
    ).toBeVisible();

    // Points page: search by PNR.
    await main.getByRole('link', { name: 'See all my points and PNRs' }).click();
    await expect(main.getByRole('heading', { level: 2, name: 'Search your PNRs' })).toBeVisible();
    await main.getByRole('radio', { name: 'PNR' }).check();
    await main.getByLabel('Record locator (PNR)').fill(flown);
    await main.getByRole('button', { name: 'Search' }).click();
    await expect(page).toHaveURL(new RegExp(`pnrSearch=${flown}`));
    const pnrRows = main.getByRole('tabpanel').getByRole('row');
    await expect(pnrRows.filter({ hasText: flown })).toBeVisible();
    await expect(pnrRows.filter({ hasText: pending })).toHaveCount(0);

    // By dates: both PNRs of the last three weeks, the pending one pending.
    await main.getByRole('radio', { name: 'Booking date range' }).check();
    await main.getByLabel('From', { exact: true }).fill(day(-21));
    await main.getByLabel('To', { exact: true }).fill(day(0));
    await main.getByRole('button', { name: 'Search' }).click();
    await expect(page).toHaveURL(/searchBy=date/);
    await expect(pnrRows.filter({ hasText: flown })).toBeVisible();
    await expect(pnrRows.filter({ hasText: pending })).toContainText('Pending');

    // The PNR without the space in its remark, with its reason.
    const queued = main.getByRole('region', { name: 'PNRs that earned no points' });
    await expect(queued.getByRole('row').filter({ hasText: withoutSpace })).toContainText(
      'no space between RM*AMA and the member number',
    );
  });
});
