import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe';
import { accountMenuButton, expectLoggedIn } from './support/membership';
import { inMatrix } from './support/matrix';
import { countryUrl } from './support/urls';

/**
 * The header's points and gifts icons carry their names where there is room
 * (issue 30): from 768 to 991 px, where the menu links are in the mobile menu,
 * each name stands under its icon, the bar still one row; beside the menu
 * (1280 px) the names are the links' names, shown on hover; on a phone (390 px)
 * the account menu holds both. German (left to right) and Arabic (right to left).
 */

const sites = [
  { country: 'at', dir: 'ltr', member: '9000002', points: 'Statuspunkte', gifts: 'Prämienliste' },
  { country: 'ae', dir: 'rtl', member: '9000003', points: 'حالة النقاط', gifts: 'قائمة الهدايا' },
] as const;

/** The icon's visible name: its box, or null when it is clipped to nothing. */
async function shownName(page: Page, name: string) {
  const label = page
    .getByRole('banner')
    .getByRole('link', { name, exact: true })
    .locator('.icon-link__label');
  await expect(label).toHaveText(name);
  const box = await label.boundingBox();
  return box === null || box.width <= 1 ? null : box;
}

/** The bar is one row: its parts share a line, nothing overflows, no second line adds height. */
async function expectOneRow(page: Page, width: number) {
  const row = await page.locator('.site-header__bar').evaluate((bar) => {
    // The parts shown (the menu links are in the mobile menu below 992 px).
    const boxes = Array.from(bar.children, (part) => part.getBoundingClientRect()).filter(
      (box) => box.width > 0,
    );
    return {
      oneLine:
        Math.max(...boxes.map((box) => box.top)) < Math.min(...boxes.map((box) => box.bottom)),
      overflow: bar.scrollWidth > bar.clientWidth,
      height: bar.getBoundingClientRect().height,
    };
  });
  expect(row, `at ${width} px`).toMatchObject({ oneLine: true, overflow: false });
  expect(row.height, `at ${width} px`).toBeLessThanOrEqual(72);
}

for (const site of inMatrix(sites, 1)) {
  test(`${site.country} (${site.dir}): the points and gifts icons show their names where there is room`, async ({
    page,
  }) => {
    test.setTimeout(90_000);
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(countryUrl(site.country, '/login'));
    const main = page.getByRole('main');
    // The fields by name: their labels are in the site's language.
    await main.locator('[name="number"]').fill(site.member);
    await main.locator('[name="password"]').fill('demo2026');
    await main.locator('form button[type="submit"]').click();
    await expectLoggedIn(page);
    await expect(page.locator('html')).toHaveAttribute('dir', site.dir);
    const banner = page.getByRole('banner');

    // Where the menu links leave room: each name under its icon, in the page's language.
    for (const width of [768, 800, 991]) {
      await page.setViewportSize({ width, height: 800 });
      for (const name of [site.points, site.gifts]) {
        const label = await shownName(page, name);
        expect(label, `${name} at ${width} px`).not.toBeNull();
        const icon = await banner
          .getByRole('link', { name, exact: true })
          .locator('svg')
          .boundingBox();
        // Under its icon, and wholly inside the window.
        expect(label!.y, `${name} at ${width} px`).toBeGreaterThanOrEqual(
          icon!.y + icon!.height - 1,
        );
        expect(label!.x).toBeGreaterThanOrEqual(0);
        expect(label!.x + label!.width).toBeLessThanOrEqual(width);
      }
      await expectOneRow(page, width);
    }
    await page.setViewportSize({ width: 800, height: 800 });
    await expectNoAxeViolations(page, `${site.country} header with the icons' names (800 px)`);

    // Beside the menu there is no room: the names are the links' names, shown on hover.
    await page.setViewportSize({ width: 1280, height: 800 });
    for (const name of [site.points, site.gifts]) {
      expect(await shownName(page, name), `${name} at 1280 px`).toBeNull();
      await expect(banner.getByRole('link', { name, exact: true })).toHaveAccessibleName(name);
    }
    await banner.getByRole('link', { name: site.points, exact: true }).hover();
    expect(await shownName(page, site.points)).not.toBeNull();
    await expectOneRow(page, 1280);

    // A phone: the account menu holds points and gifts.
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(banner.getByRole('link', { name: site.points, exact: true })).toBeHidden();
    await accountMenuButton(page).click();
    await expect(banner.getByRole('link', { name: site.points })).toBeVisible();
    await expect(banner.getByRole('link', { name: site.gifts })).toBeVisible();
  });
}
