import { expect, test } from '@playwright/test';
import { countryUrl } from './support/urls';
import { inMatrix } from './support/matrix';

/**
 * Losing the network shows a notice instead of a spinner and the page
 * recovers when it is back; the cookie notice offers refusing as plainly as
 * accepting and remembers either (issue 17). Left to right (gr, English) and
 * right to left (ae, Arabic), at a desktop and a phone width.
 */
const sites = [
  {
    country: 'gr',
    offline: 'You are offline',
    refuse: 'Refuse',
    accept: 'Accept',
    faq: 'Rules',
    tryAgain: 'Try again',
  },
  {
    country: 'ae',
    offline: 'أنت غير متصل بالإنترنت',
    refuse: 'رفض',
    accept: 'قبول',
    faq: 'القواعد',
    tryAgain: 'إعادة المحاولة',
  },
] as const;
const widths = [
  { name: 'desktop', viewport: { width: 1280, height: 800 } },
  { name: 'phone', viewport: { width: 390, height: 844 } },
] as const;

for (const site of inMatrix(sites, 1)) {
  for (const width of inMatrix(widths)) {
    test.describe(`${site.country} at ${width.name} width`, () => {
      test.use({ viewport: width.viewport });

      test('offline: a notice, an error answer with Try again, and the page once the network is back', async ({
        page,
        context,
      }) => {
        await page.goto(countryUrl(site.country, '/'));
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await context.setOffline(true);
        const notice = page.getByRole('status').filter({ hasText: site.offline });
        await expect(notice).toBeVisible();
        // A page asked for offline fails at once, with its error answer and Try again.
        if (width.name === 'phone') {
          await page.getByRole('banner').locator('.mobile-menu__toggle').click();
          await page.getByRole('dialog').getByRole('link', { name: site.faq }).click();
        } else {
          await page.getByRole('banner').getByRole('link', { name: site.faq }).click();
        }
        await expect(page.getByRole('button', { name: site.tryAgain })).toBeVisible();
        await expect(page.getByTestId('loading-overlay')).not.toHaveClass(/--active/);
        await context.setOffline(false);
        await expect(notice).toHaveCount(0);
        await expect(page).toHaveURL(/\/faq$/);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await expect(page.getByRole('button', { name: site.tryAgain })).toHaveCount(0);
      });

      test('the cookie notice: Refuse beside Accept, remembered, and nothing else stored', async ({
        page,
        context,
      }) => {
        await page.goto(countryUrl(site.country, '/'));
        const cookieNotice = page.locator('.cookie-notice');
        await expect(cookieNotice).toBeVisible();
        const refuse = cookieNotice.getByRole('button', { name: site.refuse });
        const accept = cookieNotice.getByRole('button', { name: site.accept });
        // The same weight: the same style and size.
        const look = (button: typeof refuse) =>
          button.evaluate((element) => {
            const style = getComputedStyle(element);
            return [style.backgroundColor, style.color, style.fontWeight, style.fontSize];
          });
        expect(await look(refuse)).toEqual(await look(accept));
        const storedBefore = await page.evaluate(() => Object.keys(localStorage));
        const cookiesBefore = (await context.cookies()).map((cookie) => cookie.name);
        await refuse.click();
        await expect(cookieNotice).toHaveCount(0);
        await page.reload();
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await expect(page.locator('.cookie-notice')).toHaveCount(0);
        // Only the answer itself is kept.
        const storedAfter = await page.evaluate(() => Object.keys(localStorage));
        const cookiesAfter = (await context.cookies()).map((cookie) => cookie.name);
        const added = [
          ...storedAfter.filter((name) => !storedBefore.includes(name)),
          ...cookiesAfter.filter((name) => !cookiesBefore.includes(name)),
        ];
        expect(added).toEqual(['cookiesAlertClosed']);
      });
    });
  }
}
