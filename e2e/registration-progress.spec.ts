import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe';
import { countryUrl } from './support/urls';
import { inMatrix } from './support/matrix';

/**
 * The registration's step indicator (issue 30): one line at 1280 px in the
 * longest demo languages, and on a phone one line too, the numbers of the
 * steps with the name of the current one, the other names kept for screen
 * readers.
 */
const sites = [
  { country: 'at', path: '/registration', office: 'VIEAT2101' },
  { country: 'gr', path: '/registration', office: 'ATHGR2101' },
  { country: 'ae', path: '/registration', office: 'DXBAE2101' },
];

/** The tops of the steps' boxes: one value, one line. */
function stepTops(page: Page) {
  return page
    .locator('main .registration-progress__step')
    .evaluateAll((steps) => steps.map((step) => Math.round(step.getBoundingClientRect().top)));
}

for (const site of inMatrix(sites)) {
  for (const viewport of [
    { name: 'desktop', width: 1280, height: 800 },
    { name: 'phone', width: 390, height: 844 },
  ]) {
    test(`${site.country} at ${viewport.name} width: the registration steps keep one line`, async ({
      browser,
    }) => {
      const context = await browser.newContext({ viewport: viewport });
      const page = await context.newPage();
      await page.goto(countryUrl(site.country, site.path));
      const main = page.getByRole('main');
      // The country step where there is one, the office step, then the conditions:
      // steps done, one current and one to come.
      const officeId = main.locator('input[name="officeId"]');
      const countrySelect = main.locator('select').first();
      await expect(officeId.or(countrySelect)).toBeVisible();
      if (!(await officeId.isVisible())) {
        await countrySelect.selectOption(site.country);
        await main.locator('form button[type="submit"]').first().click();
      }
      await officeId.fill(site.office);
      await main.locator('form button[type="submit"]').first().click();
      await expect(main.locator('input[name="agreeWithConditions"]')).toBeVisible();
      const steps = main.locator('.registration-progress__step');
      expect((await steps.count()) >= 3).toBe(true);
      expect(new Set(await stepTops(page)).size).toBe(1);
      const current = main.locator('.registration-progress__step[aria-current="step"]');
      await expect(current.locator('.registration-progress__name')).toBeVisible();
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow).toBeLessThanOrEqual(0);
      if (viewport.name === 'phone') {
        // The other names are not shown, but the list still names every step.
        const others = main.locator(
          '.registration-progress__step:not([aria-current]) .registration-progress__name',
        );
        for (const name of await others.all()) {
          expect(
            await name.evaluate((element) => element.getBoundingClientRect().width),
          ).toBeLessThanOrEqual(1);
          expect((await name.textContent())?.trim()).not.toBe('');
        }
      } else {
        for (const name of await main.locator('.registration-progress__name').all())
          await expect(name).toBeVisible();
      }
      await expectNoAxeViolations(page, `${site.country} registration steps, ${viewport.name}`);
      await context.close();
    });
  }
}
