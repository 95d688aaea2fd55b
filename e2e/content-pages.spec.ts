import { expect, test } from '@playwright/test';
import { countryUrl } from './support/urls';

test.describe('content pages and routing', () => {
  test('FAQ accordion keeps one item open at a time', async ({ page }) => {
    await page.goto(countryUrl('gr', '/faq'));
    const questions = page.getByRole('main').locator('button[aria-expanded]');
    await expect(questions.first()).toBeVisible();
    expect(await questions.count()).toBeGreaterThanOrEqual(9);
    await questions.nth(0).click();
    await expect(questions.nth(0)).toHaveAttribute('aria-expanded', 'true');
    await questions.nth(2).click();
    await expect(questions.nth(2)).toHaveAttribute('aria-expanded', 'true');
    await expect(questions.nth(0)).toHaveAttribute('aria-expanded', 'false');
    await expect(page.getByRole('main').locator('button[aria-expanded="true"]')).toHaveCount(1);
  });

  test('an unknown path shows the 404 page', async ({ page }) => {
    // The server answers HTTP 404 for a path that fits no route, with the web app as the body.
    const unknown = await page.goto(countryUrl('gr', '/no-such-page'));
    expect(unknown?.status()).toBe(404);
    await expect(page.getByText('This page is not available')).toBeVisible();
    expect((await page.goto(countryUrl('gr', '/ell/faq')))?.status()).toBe(200);
    await expect(page.getByRole('main').locator('button[aria-expanded]').first()).toBeVisible();
    // A language the country does not offer falls back to its default language (issue 30).
    await page.goto(countryUrl('gr', '/xyz/faq'));
    await expect(page).toHaveURL(countryUrl('gr', '/faq'));
    await expect(page.getByRole('main').locator('button[aria-expanded]').first()).toBeVisible();
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

  test('a country with its subdomain disabled sends the visitor to the root site under its prefix', async ({
    page,
  }) => {
    await page.goto(countryUrl('cy', '/faq'));
    await expect(page).toHaveURL(/^http:\/\/localhost:\d+\/cy\/faq$/);
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
    const arrowTransform = () =>
      page
        .locator('.guest-home__arrow')
        .first()
        .evaluate((el) => getComputedStyle(el).transform);
    await page.goto(countryUrl('gr', '/'));
    await expect(page.getByRole('link', { name: /Register as a new user/ })).toHaveAttribute(
      'href',
      '/registration',
    );
    await expect(page.getByRole('main').getByRole('link', { name: /Login/ })).toHaveAttribute(
      'href',
      '/login',
    );
    expect(await arrowTransform()).toBe('none');
    await page.goto(countryUrl('ae', '/'));
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    expect(await arrowTransform()).toBe('matrix(-1, 0, 0, 1, 0, 0)');
  });

  test('a custom home text replaces the default description', async ({ page }) => {
    await page.goto(countryUrl('gr', '/'));
    await expect(page.getByText(/earns points|earn points/i).first()).toBeVisible();
    const defaultIntro = await page.locator('.guest-home__intro').innerText();
    await page.goto(countryUrl('at', '/'));
    const customIntro = page.locator('.guest-home__intro');
    await expect(customIntro).toBeVisible();
    expect(await customIntro.innerText()).not.toBe(defaultIntro);
    expect(await customIntro.evaluate((el) => el.tagName)).toBe('DIV');
  });

  test('content HTML is sanitised: a script in an alert never runs', async ({ page }) => {
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    await page.route('**/s2c/content/v1/layout/**', async (route) => {
      // The test runner cannot resolve *.localhost; the query names the country.
      const answer = await route.fetch({
        url: route.request().url().replace('//gr.localhost', '//localhost'),
      });
      const body = (await answer.json()) as { data: { headerAlerts: unknown[] } };
      body.data.headerAlerts = [
        {
          hash: 'xss',
          type: 'danger',
          text: 'Injected <img src="x" onerror="alert(1)"><script>alert(2)</script>',
        },
      ];
      await route.fulfill({ response: answer, json: body });
    });
    await page.goto(countryUrl('gr', '/'));
    await expect(page.getByText('Injected')).toBeVisible();
    await page.waitForTimeout(300);
    expect(dialogs).toEqual([]);
    await expect(page.locator('.service-alerts img')).not.toHaveAttribute('onerror', /.*/);
  });
});
