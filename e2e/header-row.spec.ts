import { expect, test, type Page } from '@playwright/test';
import { expectLoggedIn } from './support/membership';
import { countryUrl } from './support/urls';
import { inMatrix } from './support/matrix';

/**
 * The header fits one row from 1024 px up (issue 17), for guests and members,
 * in every demo language: Greek and English on gr, German on at, Arabic
 * (right to left) on ae. One row: the bar keeps its own height (the tallest
 * control, no second line) and every part of it sits on the same line.
 */
const widths = [1024, 1280, 1366, 1920];
const sites = [
  { country: 'gr', path: '/', language: 'English', member: '9000001' },
  { country: 'gr', path: '/ell', language: 'Greek', member: '9000001' },
  { country: 'at', path: '/', language: 'German', member: '9000002' },
  { country: 'ae', path: '/', language: 'Arabic', member: '9000003' },
];

async function logInAs(page: Page, country: string, number: string) {
  await page.goto(countryUrl(country, '/eng/login'));
  const main = page.getByRole('main');
  await main.getByLabel('Member number').fill(number);
  await main.getByLabel('Password', { exact: true }).fill('demo2026');
  await main.getByRole('button', { name: 'Login' }).click();
  await expectLoggedIn(page);
}

/** The bar's height and whether its parts share one line (each part's box overlaps every other's). */
async function headerRow(page: Page) {
  return page.locator('.site-header__bar').evaluate((bar) => {
    const boxes = Array.from(bar.children, (part) => part.getBoundingClientRect());
    const lowestTop = Math.max(...boxes.map((box) => box.top));
    const highestBottom = Math.min(...boxes.map((box) => box.bottom));
    return {
      height: bar.getBoundingClientRect().height,
      oneLine: lowestTop < highestBottom,
      parts: boxes.length,
      overflow: bar.scrollWidth > bar.clientWidth,
    };
  });
}

for (const site of inMatrix(sites)) {
  for (const role of ['guest', 'member'] as const) {
    test(`${site.country} in ${site.language}, ${role}: the header is one row at ${widths.join(', ')} px`, async ({
      page,
    }) => {
      if (role === 'member') await logInAs(page, site.country, site.member);
      await page.goto(countryUrl(site.country, site.path));
      await expect(page.locator('.site-header__bar')).toBeVisible();
      if (role === 'member') await expectLoggedIn(page);
      for (const width of widths) {
        await page.setViewportSize({ width, height: 800 });
        // Menu, language switcher and the login link or account menu: all there.
        await expect(page.getByRole('navigation', { name: /./ }).first()).toBeVisible();
        const row = await headerRow(page);
        expect(row, `at ${width} px`).toMatchObject({ oneLine: true, overflow: false });
        expect(row.parts, `at ${width} px`).toBeGreaterThanOrEqual(3);
        // 4.5rem, the bar's minimum: a second line would add at least one control's height.
        expect(row.height, `at ${width} px`).toBeLessThanOrEqual(72);
      }
    });
  }
}
