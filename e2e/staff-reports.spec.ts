import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe';
import { openConsoleAs, staffToken } from './support/staff';

/** The report panel under its heading. */
const panel = (page: Page, title: string) => page.getByRole('region', { name: title, exact: true });

test.describe('staff console reports', () => {
  test('the manager of Austria sees the charts of Austria only, reads a table and downloads a CSV', async ({
    page,
  }) => {
    await openConsoleAs(page, 'manager', '/staff/reports');
    await expect(page.getByRole('heading', { level: 1, name: 'Reports' })).toBeVisible();
    const country = page.getByLabel('Country', { exact: true });
    await expect(country.getByRole('option')).toHaveText(['All my countries', 'Austria']);

    const outstanding = panel(page, 'Outstanding points per country');
    const chart = outstanding.getByRole('img');
    await expect(chart).toHaveAttribute(
      'aria-label',
      /^Bar chart of the programme's liability: AT \d/,
    );
    await expect(chart).not.toHaveAttribute('aria-label', /GR|AE|CY/);
    // Austria's two demo members at least (other journeys register more on the shared server).
    const membersChart = panel(page, 'Members by state').getByRole('img');
    await expect(membersChart).toHaveAttribute('aria-label', /Active \d+\b/);
    const members = await membersChart.getAttribute('aria-label');
    expect(Number(/Active (\d+)\b/.exec(members ?? '')?.[1])).toBeGreaterThanOrEqual(2);

    const toggle = outstanding.getByRole('button', { name: 'Show as table' });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await toggle.click();
    await expect(outstanding.getByRole('button', { name: 'Hide the table' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    const table = outstanding.getByRole('table', { name: 'Outstanding points per country' });
    await expect(table.getByRole('rowheader')).toHaveText(['AT']);
    await expectNoAxeViolations(page, 'console reports (manager, a table open)');

    const downloading = page.waitForEvent('download');
    await panel(page, 'Points earned, spent and expired per month')
      .getByRole('button', { name: 'Download CSV' })
      .click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe('points-by-month-all.csv');
    const csv = readFileSync(await download.path(), 'utf8');
    expect(csv.split('\r\n')[0]).toBe(
      '\uFEFFMonth,Earned,Earned from bookings,Earned from campaigns,Earned from claims,Earned from staff credits,Spent,Expired,Current month',
    );
    expect(csv.split('\r\n').filter(Boolean)).toHaveLength(25);
  });

  test('the manager of Austria cannot reach another country’s reports', async ({ page }) => {
    const token = await staffToken(page.request, 'manager');
    for (const path of ['outstanding', 'members-by-state.csv']) {
      const answer = await page.request.get(`/s2c/staff/v1/reports/${path}?country=gr`, {
        headers: { authorization: `Bearer ${token}` },
      });
      expect(answer.status()).toBe(404);
    }
    await openConsoleAs(page, 'manager', '/staff/reports?country=gr');
    await expect(page.getByRole('alert').first()).toHaveText(
      'This report could not be loaded. Reload the page to try again.',
    );
    await expect(page.getByRole('img', { name: /GR/ })).toHaveCount(0);
  });

  test('an admin sees every country, then switches to one country and a shorter range', async ({
    page,
  }) => {
    await openConsoleAs(page, 'admin', '/staff/reports');
    const country = page.getByLabel('Country', { exact: true });
    await expect(country.getByRole('option')).toHaveText([
      'All countries',
      'United Arab Emirates',
      'Austria',
      'Cyprus',
      'Greece',
    ]);
    const outstanding = panel(page, 'Outstanding points per country').getByRole('img');
    await expect(outstanding).toHaveAttribute('aria-label', /AE .*AT .*CY .*GR /);
    await expectNoAxeViolations(page, 'console reports (admin, every country)');

    await country.selectOption('gr');
    await expect(page).toHaveURL(/\/staff\/reports\?country=gr$/);
    await expect(outstanding).toHaveAttribute(
      'aria-label',
      /^Bar chart of the programme's liability: GR \d[^;]*\.$/,
    );
    await page.getByLabel('Months shown').selectOption('6');
    await expect(
      panel(page, 'Points earned, spent and expired per month').getByRole('img'),
    ).toHaveAttribute('aria-label', /^Grouped bar chart of 6 months/);
    await expectNoAxeViolations(page, 'console reports (admin, Greece)');
  });

  test('the charts work from the keyboard alone', async ({ page }) => {
    await openConsoleAs(page, 'manager', '/staff/reports');
    const lapse = panel(page, 'Points that lapse in the next 12 months');
    await expect(lapse.getByRole('img')).toBeVisible();
    await lapse.getByRole('button', { name: 'Show as table' }).focus();
    await page.keyboard.press('Enter');
    await expect(lapse.getByRole('table')).toBeVisible();
    await expect(lapse.getByRole('row')).toHaveCount(13);
  });
});
