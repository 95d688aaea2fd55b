import { expect, test, type Browser, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe';
import { OwnServer } from './support/own-server';
import { openOwnConsoleAs } from './support/staff';

/**
 * The console's terms area: a manager of Austria and an admin require the
 * terms again for a whole country, and that country's demo member meets the
 * terms gate at their next page. On a server of this file's own, since the
 * change reaches every member of the country (the shared server's other
 * journeys must not meet the gate).
 */

const server = new OwnServer();
test.describe.configure({ mode: 'serial' });
test.beforeAll(async () => {
  test.setTimeout(120_000);
  await server.start();
});
test.afterAll(() => server.stop());

/** A demo member logs in on their country's English pages and opens their home. */
async function memberMeetsTermsGate(browser: Browser, country: string, number: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(server.url(country, '/eng/login'));
  const main = page.getByRole('main');
  await main.getByLabel('Member number').fill(number);
  await main.getByLabel('Password', { exact: true }).fill('demo2026');
  await main.getByRole('button', { name: 'Login' }).click();
  await expect(page).not.toHaveURL(/\/login$/);
  await expect(page.getByRole('dialog', { name: 'Terms and Conditions' })).toBeVisible();
  await context.close();
}

async function requireTermsAgain(page: Page, country: string, reason: string) {
  await page.getByRole('button', { name: `Require the terms again in ${country}` }).click();
  const dialog = page.getByRole('dialog', { name: `Require the terms again: ${country}` });
  await expect(dialog).toBeVisible();
  await expectNoAxeViolations(page, `terms dialog, ${country}`);
  await dialog.getByLabel('Reason').fill(reason);
  await dialog.getByRole('button', { name: 'Require the terms again' }).click();
  await expect(dialog).toBeHidden();
  await expect(
    page.getByRole('status').filter({ hasText: `${country} now publishes` }),
  ).toBeVisible();
}

test('the manager of Austria requires the terms again: an Austrian member meets the gate', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  await openOwnConsoleAs(page, server, 'manager', '/staff/terms');
  const table = page.getByRole('table', { name: 'Terms version per country' });
  await expect(table).toBeVisible();
  // Only the manager's own country.
  await expect(table.getByRole('rowheader')).toHaveText(['Austria (AT)']);
  await expectNoAxeViolations(page, 'terms area, manager');

  await requireTermsAgain(page, 'Austria', 'New clause on gift vouchers');
  await expect(table.getByRole('row', { name: /Austria/ })).toContainText('manager.at@example.com');
  await expect(table.getByRole('row', { name: /Austria/ })).toContainText(
    'New clause on gift vouchers',
  );

  await memberMeetsTermsGate(browser, 'at', '9000002');
});

test('an admin sees every country and requires the terms again in Greece', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  await openOwnConsoleAs(page, server, 'admin', '/staff/terms');
  const table = page.getByRole('table', { name: 'Terms version per country' });
  await expect(table.getByRole('rowheader')).toHaveCount(4);
  await expectNoAxeViolations(page, 'terms area, admin');
  await requireTermsAgain(page, 'Greece', 'New privacy clause');
  await expect(table.getByRole('row', { name: /Greece/ })).toContainText('admin@example.com');
  await memberMeetsTermsGate(browser, 'gr', '9000001');
});
