import { expect, test, type Page } from '@playwright/test';
import { logInInEnglish } from './support/membership';
import { countryUrl } from './support/urls';

/**
 * The controls of the shown page whose font family is not the page's: a
 * browser gives buttons and fields a font of their own (13.33 px Arial in
 * Chromium) unless the style sheet says otherwise.
 */
async function controlsInAnotherFont(page: Page): Promise<string[]> {
  await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible();
  return page.evaluate(() => {
    const { fontFamily, fontSize } = getComputedStyle(document.body);
    return Array.from(document.querySelectorAll('button, input, select, textarea'))
      .filter((control) => getComputedStyle(control).fontFamily !== fontFamily)
      .map((control) => {
        const { fontFamily: family, fontSize: size } = getComputedStyle(control);
        return `${location.pathname} ${control.outerHTML.slice(0, 80)}: ${size} ${family} (page: ${fontSize} ${fontFamily.slice(0, 30)})`;
      });
  });
}

test.describe('page shell', () => {
  test('Greece in English: lang, direction, menu, and a switcher that keeps page and query', async ({
    page,
  }) => {
    await page.goto(countryUrl('gr', '/faq?category=books&utm=drop'));
    await expect(page.locator('html')).toHaveAttribute('lang', 'en-GR');
    await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
    await expect(page).toHaveTitle(/Amadeus\+Me/);
    const menu = page.getByRole('navigation', { name: /main/i });
    await expect(menu.getByRole('link', { name: 'Registration' })).toBeVisible();
    await expect(menu.getByRole('link', { name: 'Contact Us' })).toHaveAttribute(
      'href',
      /^mailto:/,
    );

    await page.getByRole('button', { name: /language/i }).click();
    const greek = page.getByRole('link', { name: 'Ελληνικά' });
    await expect(greek).toHaveAttribute('href', '/ell/faq?category=books');
    await expect(page.getByRole('link', { name: 'English', exact: true })).toHaveCount(0);
    await greek.click();
    await expect(page).toHaveURL(countryUrl('gr', '/ell/faq?category=books'));
    await expect(page.locator('html')).toHaveAttribute('lang', 'el-GR');
  });

  test('United Arab Emirates: right-to-left in Arabic, left-to-right in English', async ({
    page,
  }) => {
    await page.goto(countryUrl('ae', '/'));
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.locator('html')).toHaveAttribute('lang', 'ar-AE');
    // The header's logo sits at the inline start: the right edge in right-to-left.
    const logo = page.getByRole('banner').getByRole('link').first();
    const box = await logo.boundingBox();
    const width = page.viewportSize()!.width;
    expect(box!.x + box!.width).toBeGreaterThan(width / 2);

    await page.goto(countryUrl('ae', '/eng'));
    await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en-AE');
  });

  test('the header banner, a chunk of its own, shows with the first page', async ({ page }) => {
    await page.goto(countryUrl('gr', '/'));
    const banner = page.getByRole('region', { name: 'Highlights' });
    await expect(banner).toBeVisible();
    await expect(banner.locator('img').first()).toBeVisible();
  });

  test('the cookie notice stays closed once accepted, across reloads', async ({ page }) => {
    await page.goto(countryUrl('gr', '/news'));
    const notice = page.getByRole('region', { name: /cookie/i });
    await expect(notice).toBeVisible();
    await expect(notice.getByRole('link', { name: 'Cookies Policy' })).toBeVisible();
    await notice.getByRole('button', { name: 'Accept' }).click();
    await expect(notice).toBeHidden();
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('region', { name: /cookie/i })).toHaveCount(0);
  });

  test('a service alert closes, and stays closed on the next view and after a reload; a new session shows it again', async ({
    page,
    browser,
  }) => {
    await page.goto(countryUrl('gr', '/'));
    const alerts = page.locator('.service-alerts .alert');
    // The alerts come with the layout: counted once they are shown.
    await expect(alerts.first()).toBeVisible();
    const count = await alerts.count();
    await alerts.first().getByRole('button', { name: 'Close' }).click();
    await expect(alerts).toHaveCount(count - 1);
    await page
      .getByRole('navigation', { name: /main/i })
      .getByRole('link', { name: 'News' })
      .click();
    await expect(page).toHaveURL(countryUrl('gr', '/news'));
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(alerts).toHaveCount(count - 1);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(alerts).toHaveCount(count - 1);
    // Another browser session meets the alert again.
    const other = await browser.newContext();
    const fresh = await other.newPage();
    await fresh.goto(countryUrl('gr', '/news'));
    await expect(fresh.locator('.service-alerts .alert')).toHaveCount(count);
    await other.close();
  });

  test('mobile menu: slides in, locks scrolling, closes by overlay and close button', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 375, height: 700 });
    await page.goto(countryUrl('gr', '/'));
    const toggle = page.getByRole('button', { name: 'Open menu' });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await toggle.click();
    const panel = page.getByRole('dialog');
    await expect(panel).toBeVisible();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await expect(panel.getByRole('link', { name: 'Home' })).toBeVisible();
    const overflow = await page.evaluate(
      () =>
        getComputedStyle(document.body).overflow +
        getComputedStyle(document.documentElement).overflow,
    );
    expect(overflow).toContain('hidden');

    await panel.getByRole('button', { name: 'Close menu' }).click();
    await expect(panel).toBeHidden();
    await expect(toggle).toBeFocused();

    await toggle.click();
    await expect(page.getByRole('dialog')).toBeVisible();
    // The overlay covers the page beside the panel.
    await page.mouse.click(10, 650);
    await expect(page.getByRole('dialog')).toBeHidden();
  });

  test('every button and field is set in the page font, guest and member', async ({ page }) => {
    const found: string[] = [];
    for (const path of ['/', '/login', '/registration?countrySelected=1', '/faq']) {
      await page.goto(countryUrl('at', `/eng${path}`));
      found.push(...(await controlsInAnotherFont(page)));
    }
    await logInInEnglish(page, 'at', '9000002', 'demo2026');
    for (const path of ['/', '/gifts', '/points', '/profile-update']) {
      await page.goto(countryUrl('at', `/eng${path}`));
      found.push(...(await controlsInAnotherFont(page)));
    }
    expect(found).toEqual([]);
  });

  test('scroll-to-top appears past one window height and takes the page back up', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1200, height: 400 });
    await page.goto(countryUrl('gr', '/privacy-policy'));
    // The page is there (not only the loading overlay) before it is scrolled.
    await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible();
    const control = page.getByRole('button', { name: 'Back to top' });
    await expect(control).toBeHidden();
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await expect(control).toBeVisible();
    await control.click();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    await expect(control).toBeHidden();
  });
});
