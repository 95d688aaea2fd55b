import { expect, test } from '@playwright/test';
import { accountMenuButton, expectLoggedIn } from './support/membership';
import { countryUrl } from './support/urls';
import { inMatrix } from './support/matrix';

/**
 * Members reach what is theirs (issue 17): the header's account menu with
 * their first name and number, its profile, points, gifts and log out, by
 * keyboard and by touch; the menu without Registration; the icons' labels.
 * Left to right (gr, English) and right to left (ae, Arabic), at a desktop
 * and a phone width.
 */
const sites = [
  {
    country: 'gr',
    direction: 'ltr',
    member: '9000001',
    firstName: 'Eleni',
    profile: 'Update Details',
    registration: 'Registration',
    points: 'Status Points',
    gifts: 'List of Gifts',
    archive: 'Archive points',
  },
  {
    country: 'ae',
    direction: 'rtl',
    member: '9000003',
    firstName: 'Layla',
    profile: 'تحديث البيانات',
    registration: 'التسجيل',
    points: 'حالة النقاط',
    gifts: 'قائمة الهدايا',
    archive: 'أرشيف النقاط',
  },
] as const;
const widths = [
  { name: 'desktop', viewport: { width: 1280, height: 800 } },
  { name: 'phone', viewport: { width: 390, height: 844 } },
] as const;

for (const site of inMatrix(sites, 1)) {
  for (const width of inMatrix(widths, 1)) {
    test.describe(`${site.country} (${site.direction}) at ${width.name} width`, () => {
      test.use({ viewport: width.viewport });

      test.beforeEach(async ({ page }) => {
        await page.goto(countryUrl(site.country, '/eng/login'));
        const main = page.getByRole('main');
        await main.getByLabel('Member number').fill(site.member);
        await main.getByLabel('Password', { exact: true }).fill('demo2026');
        await main.getByRole('button', { name: 'Login' }).click();
        await expectLoggedIn(page);
        await page.goto(countryUrl(site.country, '/'));
        await expect(page.locator('html')).toHaveAttribute('dir', site.direction);
      });

      test('the account menu opens by keyboard, lists what is theirs, and Escape closes it', async ({
        page,
      }) => {
        const button = accountMenuButton(page);
        await expect(button).toContainText(site.firstName);
        await expect(button).toHaveAccessibleName(new RegExp(`${site.firstName}.*${site.member}`));
        await button.focus();
        await page.keyboard.press('Enter');
        await expect(button).toHaveAttribute('aria-expanded', 'true');
        const panel = page.locator(`#${await button.getAttribute('aria-controls')}`);
        await expect(panel).toBeVisible();
        await expect(panel.getByRole('link')).toHaveText([
          site.profile,
          site.points,
          site.gifts,
          site.archive,
        ]);
        await expect(panel.getByRole('button')).toHaveCount(1);
        await page.keyboard.press('Tab');
        await expect(panel.getByRole('link', { name: site.profile })).toBeFocused();
        await page.keyboard.press('Escape');
        await expect(panel).toBeHidden();
        await expect(button).toBeFocused();
      });

      test('the account menu leads to the profile, and the menu has no Registration', async ({
        page,
      }) => {
        await accountMenuButton(page).click();
        await page.getByRole('banner').getByRole('link', { name: site.profile }).click();
        await expect(page).toHaveURL(/\/profile-update$/);
        await expect(
          page.getByRole('banner').getByRole('link', { name: site.registration }),
        ).toHaveCount(0);
        if (width.name === 'phone') {
          await page.getByRole('banner').locator('.mobile-menu__toggle').click();
          const panel = page.getByRole('dialog');
          await expect(panel.getByRole('link', { name: site.archive })).toBeVisible();
          await expect(panel.getByRole('link', { name: site.profile })).toBeVisible();
          await expect(panel.getByRole('link', { name: site.registration })).toHaveCount(0);
        }
      });

      test('logs out from the account menu', async ({ page }) => {
        await accountMenuButton(page).click();
        await page.getByRole('banner').locator('.account-menu__panel button').click();
        await expect(accountMenuButton(page)).toHaveCount(0);
      });
    });
  }

  test(`${site.country}: the points icon shows its label on hover, and Escape hides it`, async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(countryUrl(site.country, '/eng/login'));
    const main = page.getByRole('main');
    await main.getByLabel('Member number').fill(site.member);
    await main.getByLabel('Password', { exact: true }).fill('demo2026');
    await main.getByRole('button', { name: 'Login' }).click();
    await expectLoggedIn(page);
    await page.goto(countryUrl(site.country, '/'));
    const icon = page.getByRole('banner').getByRole('link', { name: site.points, exact: true });
    const label = icon.locator('.icon-link__label');
    await icon.hover();
    const shown = await label.boundingBox();
    expect(shown?.width).toBeGreaterThan(20);
    await page.keyboard.press('Escape');
    expect((await label.boundingBox())?.width ?? 0).toBeLessThanOrEqual(1);
    await expect(icon).toHaveAccessibleName(site.points);
  });
}
