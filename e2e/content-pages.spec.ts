import { expect, test } from '@playwright/test';
import { countryUrl } from './support/urls';

test.describe('content pages and routing', () => {
  test('FAQ accordion keeps one item open at a time', async ({ page }) => {
    await page.goto(countryUrl('gr', '/faq'));
    const questions = page.getByRole('main').locator('button[aria-expanded]');
    expect(await questions.count()).toBeGreaterThanOrEqual(9);
    await questions.nth(0).click();
    await expect(questions.nth(0)).toHaveAttribute('aria-expanded', 'true');
    await questions.nth(2).click();
    await expect(questions.nth(2)).toHaveAttribute('aria-expanded', 'true');
    await expect(questions.nth(0)).toHaveAttribute('aria-expanded', 'false');
    await expect(page.getByRole('main').locator('button[aria-expanded="true"]')).toHaveCount(1);
  });

  test('an unknown path shows the 404 page', async ({ page }) => {
    await page.goto(countryUrl('gr', '/no-such-page'));
    await expect(page.getByText('This page is not available')).toBeVisible();
    await page.goto(countryUrl('gr', '/xyz/faq'));
    await expect(page.getByText('This page is not available')).toBeVisible();
  });

  test('a legacy ?mode= address is redirected to its page', async ({ page }) => {
    await page.goto(countryUrl('gr', '/?mode=terms'));
    await expect(page).toHaveURL(countryUrl('gr', '/faq'));
    await page.goto(countryUrl('gr', '/ell?mode=cookies'));
    await expect(page).toHaveURL(countryUrl('gr', '/ell/cookies-policy'));
  });

  test('a country is reached by its subdomain, and the bare host serves the default country', async ({
    page,
  }) => {
    await page.goto(countryUrl('at', '/'));
    await expect(page.locator('html')).toHaveAttribute('lang', 'de-AT');
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en-GR');
  });

  test('a country with its subdomain disabled sends the visitor to the root site', async ({
    page,
  }) => {
    await page.goto(countryUrl('cy', '/faq'));
    await expect(page).toHaveURL(/^http:\/\/localhost:\d+\/faq$/);
  });

  test('in-text links stay inside the app with the language prefix', async ({ page }) => {
    await page.goto(countryUrl('gr', '/ell/privacy-policy'));
    const faqLink = page.getByRole('main').locator('a[href="/ell/faq"]').first();
    await expect(faqLink).toBeVisible();
    await faqLink.click();
    await expect(page).toHaveURL(countryUrl('gr', '/ell/faq'));
  });

  test('guest home offers registration and login; its arrows flip in right-to-left', async ({
    page,
  }) => {
    await page.goto(countryUrl('gr', '/'));
    await expect(page.getByRole('link', { name: /Register as a new user/ })).toBeVisible();
    await expect(page.getByRole('main').getByRole('link', { name: /Login/ })).toBeVisible();
  });
});
