import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe';
import { openConsoleAs } from './support/staff';

/** The offices area of the staff console, on the demo directory (content/offices). */

test.describe('staff console: offices', () => {
  test('the manager of Austria finds VIEAT2101, sees its state history and members, and makes an opt-in link', async ({
    page,
  }) => {
    await openConsoleAs(page, 'manager', '/staff/offices');
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 1, name: 'Offices' })).toBeVisible();
    await expectNoAxeViolations(page, 'console offices search');

    // Only Austria's offices, even for a search that would match elsewhere.
    await main.getByLabel('Office ID, agency, city or zip').fill('vieat21');
    await main.getByRole('button', { name: 'Search' }).click();
    const results = main.getByRole('table');
    await expect(results.getByRole('link', { name: 'VIEAT2101' })).toBeVisible();
    await main.getByLabel('Office ID, agency, city or zip').fill('ATHGR2101');
    await main.getByRole('button', { name: 'Search' }).click();
    await expect(results.getByRole('caption')).toHaveText('0 offices');
    await main.getByLabel('Office ID, agency, city or zip').fill('wien');
    await main.getByRole('button', { name: 'Search' }).click();
    await results.getByRole('link', { name: 'VIEAT2101' }).click();

    await expect(
      main.getByRole('heading', { level: 1, name: 'Office VIEAT2101: Donau Reisen' }),
    ).toBeVisible();
    const history = main.getByRole('region', { name: 'State history' });
    await expect(history.getByRole('listitem').first()).toContainText(
      'Added to the directory: taking part',
    );
    await expect(history).toContainText('directory file offices/at.json');
    const members = main.getByRole('region', { name: 'Members' });
    await expect(members.getByRole('row', { name: /9000002/ })).toBeVisible();
    await expect(members.getByRole('row', { name: /9000004/ })).toBeVisible();
    await expectNoAxeViolations(page, 'console office page');

    await main.getByRole('button', { name: 'Make an opt-in link' }).click();
    const url = main.getByRole('status', { name: 'The opt-in link' });
    await expect(url).toContainText('/agency-opt-in?s=');
    await expect(main.getByRole('button', { name: 'Copy the link' })).toBeVisible();
    await expectNoAxeViolations(page, 'console office page with a link');

    // The link opens the agency's opt-in form on Austria's site (in German).
    const opened = await url.textContent();
    await page.goto(opened!.trim());
    await expect(page.getByRole('main').getByLabel('Office-ID')).toHaveValue('VIEAT2101');
  });

  test("a manager cannot open another country's office", async ({ page }) => {
    await openConsoleAs(page, 'manager', '/staff/offices/ATHGR2101');
    const main = page.getByRole('main');
    await expect(main.getByRole('alert')).toHaveText('There is no such office in your countries.');
    await expectNoAxeViolations(page, 'console office not found');
  });

  test("an admin sees every country's offices and imports an office directory file with its report", async ({
    page,
  }) => {
    await openConsoleAs(page, 'admin', '/staff/offices');
    const main = page.getByRole('main');
    const results = main.getByRole('table');
    for (const officeId of ['ATHGR2101', 'VIEAT2101', 'DXBAE2101']) {
      await main.getByLabel('Office ID, agency, city or zip').fill(officeId);
      await main.getByRole('button', { name: 'Search' }).click();
      await expect(results.getByRole('link', { name: officeId })).toBeVisible();
    }

    await main.getByRole('link', { name: 'Import an office directory file' }).click();
    await expect(
      main.getByRole('heading', { level: 1, name: 'Import an office directory file' }),
    ).toBeVisible();
    await expectNoAxeViolations(page, 'console office import');
    const officeId = `E2E${Date.now().toString(36).toUpperCase()}`.slice(0, 20);
    await main.getByLabel('Office directory file (JSON)').setInputFiles({
      name: 'cy-offices.json',
      mimeType: 'application/json',
      buffer: Buffer.from(
        JSON.stringify({
          countryCode: 'cy',
          offices: [
            {
              officeId,
              agencyName: 'Harbour Travel',
              address: '3 Harbour Road, Larnaca',
              zip: '6023',
              active: false,
            },
            { officeId: 'not valid', agencyName: '' },
          ],
        }),
      ),
    });
    await main.getByRole('button', { name: 'Import the file' }).click();
    await expect(
      main.getByText(/2 offices read for CY: 1 added, 0 changed, 0 unchanged, 1 refused/),
    ).toBeVisible();
    const refused = main.getByRole('table', { name: 'Refused entries' });
    await expect(refused.getByRole('row', { name: /not valid/ })).toContainText('officeId');
    await expectNoAxeViolations(page, 'console office import report');

    await main.getByRole('link', { name: officeId }).click();
    await expect(main.getByRole('region', { name: 'State history' })).toContainText(
      'admin@example.com: directory file cy-offices.json (uploaded in the console',
    );
  });
});
