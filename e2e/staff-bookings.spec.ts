import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe';
import { logInInEnglish } from './support/membership';
import { openConsoleAs } from './support/staff';

/** The bookings area of the staff console: uploads with their progress, and the import history. */

/** A record locator no other run has used: 6 letters and digits. */
const newPnr = () => `S${Math.random().toString(36).slice(2, 7).toUpperCase().padEnd(5, '0')}`;

function day(offset: number): string {
  const date = new Date();
  date.setUTCDate(date.getUTCDate() + offset);
  return date.toISOString().slice(0, 10);
}

const booking = (pnr: string, number: string, officeId = 'VIEAT2101', extra = {}) => ({
  pnr,
  officeId,
  createdOn: day(-10),
  remarks: [`RM*AMA ${number}`],
  segments: [{ id: '1', kind: 'hotel', status: 'HK', serviceDate: day(-5), endDate: day(-3) }],
  ...extra,
});

test.describe('staff console: bookings', () => {
  test('the manager of Austria uploads a file, watches it upload, sees each rejected line and finds the import in the history', async ({
    page,
  }) => {
    const credited = newPnr();
    const otherCountry = newPnr();
    const lines = [
      JSON.stringify(booking(credited, '9000004')),
      'not json',
      JSON.stringify(booking(newPnr(), '9000004', 'VIEAT2101', { remarks: ['RM*AMA9000004'] })),
      JSON.stringify(booking(otherCountry, '9000001', 'ATHGR2101')),
    ];
    await openConsoleAs(page, 'manager', '/staff/bookings');
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 1, name: 'Bookings' })).toBeVisible();
    await expectNoAxeViolations(page, 'console bookings');

    await main.getByLabel('Bookings file (JSON Lines)').setInputFiles({
      name: 'vienna-e2e.jsonl',
      mimeType: 'application/x-ndjson',
      buffer: Buffer.from(`${lines.join('\n')}\n`),
    });
    await main.getByRole('button', { name: 'Upload and import' }).click();
    const progress = main.getByRole('progressbar', { name: 'Upload' });
    await expect(progress).toHaveAttribute('aria-valuenow', '100');
    await expect(progress).toHaveAttribute('aria-valuetext', '100% uploaded');

    const result = main.getByRole('region', { name: /Imported vienna-e2e.jsonl/ });
    await expect(result.getByRole('definition').nth(1)).toHaveText('1');
    const rejected = result.getByRole('table', { name: 'Rejected lines (3)' });
    await expect(rejected.getByRole('row', { name: /^2 / })).toContainText('not valid JSON');
    await expect(rejected.getByRole('row', { name: /^3 / })).toContainText('remark-without-space');
    await expect(rejected.getByRole('row', { name: /^4 / })).toContainText('not in your countries');
    await expectNoAxeViolations(page, 'console bookings upload result');

    const history = main.getByRole('table', { name: 'Booking imports, newest first' });
    const row = history.getByRole('row', { name: /vienna-e2e\.jsonl/ }).first();
    await expect(row).toContainText('manager.at@example.com');
    await row.getByRole('link').click();
    await expect(main.getByRole('heading', { level: 1, name: /Booking import \d+/ })).toBeVisible();
    await expect(main.getByRole('table', { name: 'Rejected lines (3)' })).toBeVisible();
    await expectNoAxeViolations(page, 'console booking import');

    // The credited member sees the booking on their points page.
    await logInInEnglish(page, 'at', '9000004', 'demo2026');
    const member = page.getByRole('main');
    await member.getByRole('link', { name: 'See all my points and PNRs' }).click();
    await member.getByRole('radio', { name: 'PNR' }).check();
    await member.getByLabel('Record locator (PNR)').fill(credited);
    await member.getByRole('button', { name: 'Search' }).click();
    await expect(
      member.getByRole('tabpanel').getByRole('row').filter({ hasText: credited }),
    ).toBeVisible();
  });

  test("an admin's upload stores lines of every country, and the manager does not see it in the history", async ({
    page,
  }) => {
    const pnr = newPnr();
    await openConsoleAs(page, 'admin', '/staff/bookings');
    const main = page.getByRole('main');
    await main.getByLabel('Bookings file (JSON Lines)').setInputFiles({
      name: 'admin-e2e.jsonl',
      mimeType: 'application/x-ndjson',
      buffer: Buffer.from(`${JSON.stringify(booking(pnr, '9000001', 'ATHGR2101'))}\n`),
    });
    await main.getByRole('button', { name: 'Upload and import' }).click();
    const result = main.getByRole('region', { name: /Imported admin-e2e.jsonl/ });
    await expect(result.getByRole('definition').nth(1)).toHaveText('1');

    await openConsoleAs(page, 'manager', '/staff/bookings');
    const history = page.getByRole('table', { name: 'Booking imports, newest first' });
    await expect(history).toBeVisible();
    await expect(history.getByRole('row', { name: /admin-e2e\.jsonl/ })).toHaveCount(0);
  });
});
