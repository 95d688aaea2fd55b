import { expect, test, type Locator, type Page } from '@playwright/test';
import { countryUrl } from './support/urls';

/**
 * On a right-to-left page (ae, Arabic) emails and member numbers read left to
 * right, so "bad@" never shows as "@bad"; the page around them stays right to
 * left, and the value stays at the reader's starting edge (text-align: end of
 * a left-to-right input is its right side).
 */
const pageDirection = (page: Page) =>
  page.evaluate(() => getComputedStyle(document.documentElement).direction);

const style = (input: Locator) =>
  input.evaluate((element) => {
    const { direction, textAlign } = getComputedStyle(element);
    return { direction, textAlign };
  });

test('on the ae login page the member number reads left to right in a right-to-left page', async ({
  page,
}) => {
  await page.goto(countryUrl('ae', '/login'));
  const number = page.locator('main input[name="number"]');
  await expect(number).toBeVisible();
  expect(await pageDirection(page)).toBe('rtl');
  expect(await style(number)).toEqual({ direction: 'ltr', textAlign: 'end' });
  // The password is no code: it keeps the page's direction.
  expect((await style(page.locator('main input[name="password"]'))).direction).toBe('rtl');
});

test('on the ae restore page "bad@" stays "bad@" in the email field', async ({ page }) => {
  await page.goto(countryUrl('ae', '/restore'));
  const email = page.locator('main input[name="email"]');
  await expect(email).toBeVisible();
  expect(await pageDirection(page)).toBe('rtl');
  expect(await style(email)).toEqual({ direction: 'ltr', textAlign: 'end' });
  await email.pressSequentially('bad@');
  await expect(email).toHaveValue('bad@');
  expect((await style(page.locator('main input[name="number"]'))).direction).toBe('ltr');
});
