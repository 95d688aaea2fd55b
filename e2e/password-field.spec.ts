import { expect, test, type Locator } from '@playwright/test';
import { countryUrl } from './support/urls';

/** The box of an element on the page. */
const boxOf = async (locator: Locator) => (await locator.boundingBox())!;

/**
 * The password's show/hide control is an icon button inside the field, at its
 * end in either direction (issue 30), and its name is read out.
 */
for (const site of [
  { country: 'gr', path: '/eng/login', name: 'Show password', rtl: false },
  { country: 'ae', path: '/ara/login', name: 'إظهار كلمة المرور', rtl: true },
]) {
  test(`${site.country}: the eye sits inside the password field, at its end`, async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(countryUrl(site.country, site.path));
    const field = page.locator('main input[name="password"]');
    const toggle = page.getByRole('main').getByRole('button', { name: site.name });
    await expect(toggle).toBeVisible();
    const input = await boxOf(field);
    const eye = await boxOf(toggle);
    expect(eye.y).toBeGreaterThanOrEqual(input.y - 1);
    expect(eye.y + eye.height).toBeLessThanOrEqual(input.y + input.height + 1);
    expect(eye.x).toBeGreaterThanOrEqual(input.x - 1);
    expect(eye.x + eye.width).toBeLessThanOrEqual(input.x + input.width + 1);
    // At the field's end: the right on a left-to-right page, the left on a right-to-left one.
    if (site.rtl) expect(eye.x - input.x).toBeLessThan(4);
    else expect(input.x + input.width - (eye.x + eye.width)).toBeLessThan(4);
    await field.fill('secret-1');
    await toggle.click();
    await expect(field).toHaveAttribute('type', 'text');
    await expect(toggle).toHaveAttribute('aria-pressed', 'true');
  });
}
