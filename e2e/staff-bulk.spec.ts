import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe';
import { mailsTo } from './support/mail';
import {
  memberToken,
  placeOrder,
  pointsPage,
  waitUntilSubmitted,
  xsrfHeader,
} from './support/gift-orders';
import { openConsoleAs, staffToken } from './support/staff';

/**
 * Bulk changes from a file in the staff console: adjustments (checked line by
 * line, applied whole after a confirmation, never twice), fulfilment of
 * several orders with the partner's codes, and the member export.
 */

/** Demo members (content/demo/members.json): Lukas and Jonas of Austria, Eleni of Greece. */
const lukas = { number: '9000002', password: 'demo2026' };
const jonas = { number: '9000004', password: 'demo2026', email: 'jonas@demo.example' };
const eleni = { number: '9000001' };

/** Text no other run wrote. */
const unique = (what: string) => `${what} ${Math.random().toString(36).slice(2, 8)}`;

const csvFile = (name: string, text: string) => ({
  name,
  mimeType: 'text/csv',
  buffer: Buffer.from(text, 'utf8'),
});

test.describe.configure({ timeout: 90_000 });

test('the manager of Austria checks a file of adjustments, corrects it, applies it once, and Lukas reads the reason', async ({
  page,
  request,
}) => {
  const reason = unique('Autumn fair bonus');
  await openConsoleAs(page, 'manager', '/staff/members');
  const main = page.getByRole('main');
  await main.getByRole('link', { name: 'Bulk adjustments from a file' }).click();
  await expect(
    main.getByRole('heading', { level: 1, name: 'Bulk adjustments from a file' }),
  ).toBeVisible();
  await expectNoAxeViolations(page, 'bulk adjustments');

  // Eleni is a member of Greece: this manager's file may not name her.
  const file = main.getByLabel('Adjustments file (CSV)');
  await file.setInputFiles(
    csvFile(
      'adjustments.csv',
      `member number;points;reason\r\n${lukas.number};40;${reason}\r\n${eleni.number};10;${reason}\r\n`,
    ),
  );
  await main.getByRole('button', { name: 'Check the file' }).click();
  const table = main.getByRole('table', { name: 'Every line of the file and what it does' });
  await expect(table.getByRole('row').filter({ hasText: 'Lukas Demo' })).toContainText('Ready');
  await expect(table.getByRole('row').filter({ hasText: eleni.number })).toContainText(
    `Refused: No member ${eleni.number} in your countries`,
  );
  await expect(main.getByRole('button', { name: 'Apply the adjustments' })).toBeDisabled();
  await expectNoAxeViolations(page, 'bulk adjustments with a refused line');

  const corrected = `member number;points;reason\r\n${lukas.number};40;${reason}\r\n${lukas.number};-5;${reason} (correction)\r\n`;
  await file.setInputFiles(csvFile('adjustments.csv', corrected));
  await main.getByRole('button', { name: 'Check the file' }).click();
  await expect(main.getByText('2 lines ready: 40 points credited and 5 debited.')).toBeVisible();
  await main.getByRole('button', { name: 'Apply the adjustments' }).click();
  const dialog = page.getByRole('dialog', { name: 'Apply the adjustments' });
  await expect(dialog).toContainText('Apply 2 adjustments: 40 points credited and 5 debited?');
  await expectNoAxeViolations(page, 'bulk adjustments confirmation');
  await dialog.getByRole('button', { name: 'Apply the adjustments' }).click();
  await expect(
    main
      .getByRole('status')
      .filter({ hasText: 'Applied 2 adjustments: 40 points credited and 5 debited.' }),
  ).toBeVisible();

  // The same file again: the preview says who applied it, and it cannot be applied.
  await file.setInputFiles(csvFile('adjustments-again.csv', corrected));
  await main.getByRole('button', { name: 'Check the file' }).click();
  await expect(
    main.getByText(/A file with these lines was applied on .* by manager\.at@/),
  ).toBeVisible();
  await expect(main.getByRole('button', { name: 'Apply the adjustments' })).toBeDisabled();

  // Lukas reads the reasons on his points page.
  const token = await memberToken(request, lukas);
  const response = await request.get('/s2c/content/v1/pages/points/?countryCode=at', {
    headers: { authorization: `Bearer ${token}` },
  });
  const points = (await response.json()) as {
    data: { addArray: { description: string; points: number }[] };
  };
  expect(
    points.data.addArray
      .filter((row) => row.description.startsWith(reason))
      .map((row) => row.points)
      .sort((a, b) => a - b),
  ).toEqual([-5, 40]);
});

test('the manager of Austria fulfils two orders from a file of the partner’s codes, and Jonas gets them', async ({
  page,
  request,
}) => {
  // Jonas's welcome points serve other journeys too: this one brings its own.
  const staff = await staffToken(request, 'manager');
  const credit = await request.post(`/s2c/staff/v1/members/${jonas.number}/adjustments`, {
    headers: { authorization: `Bearer ${staff}`, ...(await xsrfHeader(request)) },
    form: { points: '300', reason: unique('Points for the bulk fulfilment journey') },
  });
  expect(credit.status()).toBe(200);
  const token = await memberToken(request, jonas);
  const first = await placeOrder(request, token, 'at', '203:1');
  const second = await placeOrder(request, token, 'at', '203:1');
  await waitUntilSubmitted(request, first);
  await waitUntilSubmitted(request, second);
  const codeA = `BULK-${first}-${Math.random().toString(36).slice(2, 7).toUpperCase()}`;
  const codeB = `BULK-${second}-${Math.random().toString(36).slice(2, 7).toUpperCase()}`;

  await openConsoleAs(page, 'manager', '/staff/orders');
  const main = page.getByRole('main');
  await main.getByRole('link', { name: 'Bulk fulfilment from a file' }).click();
  await expect(
    main.getByRole('heading', { level: 1, name: 'Bulk fulfilment from a file' }),
  ).toBeVisible();
  await main
    .getByLabel('Fulfilment file (CSV)')
    .setInputFiles(
      csvFile('codes.csv', `order,voucher codes\r\n${first},${codeA}\r\n${second},${codeB}\r\n`),
    );
  await main.getByRole('button', { name: 'Check the file' }).click();
  const table = main.getByRole('table', { name: 'Every line of the file and what it does' });
  await expect(table.getByRole('row').filter({ hasText: codeA })).toContainText('Jonas Demo');
  await expect(main.getByText('2 orders ready to fulfil.')).toBeVisible();
  await expectNoAxeViolations(page, 'bulk fulfilment preview');
  await main.getByRole('button', { name: 'Fulfil the orders' }).click();
  const dialog = page.getByRole('dialog', { name: 'Fulfil the orders' });
  await expect(dialog).toContainText('Fulfil 2 orders and mail each member their codes?');
  await dialog.getByRole('button', { name: 'Fulfil the orders' }).click();
  await expect(
    main
      .getByRole('status')
      .filter({ hasText: 'Fulfilled 2 orders; each member is mailed their codes.' }),
  ).toBeVisible();

  // Each order's mail carries its code; the order page shows it.
  for (const code of [codeA, codeB]) {
    await expect
      .poll(async () => (await mailsTo(jonas.email)).some((mail) => mail.text.includes(code)), {
        timeout: 20_000,
      })
      .toBe(true);
  }
  await page.goto(`/staff/orders/${first}`);
  await expect(main.getByText(`${codeA} (not opened by the member yet)`)).toBeVisible();
  const orders = (await pointsPage(request, token, 'at')).orders;
  expect(orders.find((order) => order.id === second)).toMatchObject({
    state: 'fulfilled',
    vouchers: [codeB],
  });
});

test('the manager of Austria exports the active members of Austria with points as CSV', async ({
  page,
}) => {
  await openConsoleAs(page, 'manager', '/staff/members');
  const main = page.getByRole('main');
  await main.getByRole('link', { name: 'Export members as CSV' }).click();
  await expect(main.getByRole('heading', { level: 1, name: 'Export members' })).toBeVisible();
  await main.getByLabel('State').selectOption({ label: 'Active' });
  await main.getByLabel('Available points, at least').fill('1');
  await expectNoAxeViolations(page, 'member export');
  const downloading = page.waitForEvent('download');
  await main.getByRole('button', { name: 'Download CSV' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^members-at-\d{4}-\d{2}-\d{2}\.csv$/);
  const lines = readFileSync(await download.path(), 'utf8').split('\r\n');
  expect(lines[0]).toBe(
    '\uFEFFmember,first name,last name,email,country,language,state,office ID,registered,available points',
  );
  const numbers = lines.slice(1).map((line) => line.split(',')[0]);
  expect(numbers).toContain(lukas.number);
  expect(numbers).not.toContain(eleni.number);
  expect(lines.slice(1, -1).every((line) => line.includes(',at,'))).toBe(true);
  await expect(
    main.getByRole('status').filter({ hasText: 'The export is downloaded.' }),
  ).toBeVisible();
});
