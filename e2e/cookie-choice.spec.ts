import { chromium, expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe';
import { chromiumPath, quietChromiumFlags } from './support/chromium';
import { inMatrix } from './support/matrix';
import { OwnServer } from './support/own-server';
import { countryUrl } from './support/urls';

/**
 * The cookie notice asks once for every country site and covers nothing a
 * member needs (issue 30, decision 044): below 768 px it stands in the page
 * under the header, so the login button is never under it; the answer is a
 * cookie of the parent domain, so the Austrian, Emirati and root sites do not
 * ask again what the Greek one was told; an answer a site kept in its own
 * storage before still counts.
 */

const widths = [
  { name: 'phone', viewport: { width: 390, height: 844 } },
  { name: 'desktop', viewport: { width: 1280, height: 800 } },
];
const sites = [
  { country: 'gr', dir: 'ltr', refuse: 'Refuse' },
  { country: 'ae', dir: 'rtl', refuse: 'رفض' },
] as const;

/** Whether the element at the centre of the login button is the button itself (nothing covers it). */
function loginButtonReachable(page: Page): Promise<boolean> {
  return page
    .getByRole('main')
    .locator('form button[type="submit"]')
    .evaluate((button) => {
      const box = button.getBoundingClientRect();
      const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
      return hit !== null && button.contains(hit);
    });
}

/** Whether two elements' boxes overlap on the screen. */
async function overlap(page: Page, a: string, b: string): Promise<boolean> {
  return page.evaluate(
    ([first, second]) => {
      const x = document.querySelector(first!)!.getBoundingClientRect();
      const y = document.querySelector(second!)!.getBoundingClientRect();
      return x.left < y.right && y.left < x.right && x.top < y.bottom && y.top < x.bottom;
    },
    [a, b],
  );
}

for (const width of inMatrix(widths)) {
  for (const site of inMatrix(sites, 1)) {
    test(`${site.country} (${site.dir}) at ${width.name} width: the cookie notice never covers the login button`, async ({
      page,
    }) => {
      await page.setViewportSize(width.viewport);
      await page.goto(countryUrl(site.country, '/login'));
      await expect(page.locator('html')).toHaveAttribute('dir', site.dir);
      const notice = page.locator('.cookie-notice');
      await expect(notice).toBeVisible();
      const button = page.getByRole('main').locator('form button[type="submit"]');
      await expect(button).toBeVisible();
      const form = 'main form button[type="submit"]';
      if (width.name === 'phone') {
        // In the page under the header: at no scroll position does it lie over the button.
        expect(await notice.evaluate((element) => getComputedStyle(element).position)).toBe(
          'static',
        );
        const header = await page.locator('.site-header').boundingBox();
        const box = await notice.boundingBox();
        expect(box!.y).toBeGreaterThanOrEqual(header!.y + header!.height - 1);
        for (const top of [0, 300, 10_000]) {
          await page.evaluate((y) => window.scrollTo(0, y), top);
          expect(await overlap(page, '.cookie-notice', form), `scrolled to ${top}`).toBe(false);
        }
      }
      // Brought into view (as Tab or a tap would), the button is the one reached.
      await button.evaluate((element) => element.scrollIntoView({ block: 'end' }));
      expect(await overlap(page, '.cookie-notice', form)).toBe(false);
      expect(await loginButtonReachable(page)).toBe(true);
      await expectNoAxeViolations(
        page,
        `${site.country} login with the cookie notice (${width.name})`,
      );
      await notice.getByRole('button', { name: site.refuse }).click();
      await expect(notice).toHaveCount(0);
    });
  }
}

test.describe('one answer for every country site', () => {
  // Browsers refuse a cookie for `localhost` itself: this server's root domain is one
  // the browser below maps to this machine, as a real root domain would be.
  const server = new OwnServer({ PUBLIC_ROOT_DOMAIN: 'club.test' });
  test.describe.configure({ mode: 'serial', timeout: 120_000 });
  test.beforeAll(async () => {
    test.setTimeout(120_000);
    await server.start();
  });
  test.afterAll(() => server.stop());

  for (const width of inMatrix(widths)) {
    test(`answered on the Greek site, the Austrian, Emirati and root sites do not ask again (${width.name})`, async () => {
      const origins = ['gr', 'at', 'ae'].map((country) => server.url(country, ''));
      const browser = await chromium.launch({
        executablePath: chromiumPath,
        args: [
          ...quietChromiumFlags,
          '--host-resolver-rules=MAP club.test 127.0.0.1, MAP *.club.test 127.0.0.1',
          // Plain http here, https in production: the cookie is `secure`.
          `--unsafely-treat-insecure-origin-as-secure=${[...origins, server.rootUrl('')].join(',')}`,
        ],
      });
      try {
        const context = await browser.newContext({ viewport: width.viewport });
        const page = await context.newPage();
        const notice = page.locator('.cookie-notice');
        await page.goto(server.url('gr', '/login'));
        await expect(notice).toBeVisible();
        await notice.getByRole('button', { name: 'Accept' }).click();
        await expect(notice).toHaveCount(0);
        const answer = (await context.cookies()).find(
          (cookie) => cookie.name === 'cookiesAlertClosed',
        );
        expect(answer).toMatchObject({ value: '1', domain: '.club.test', secure: true });
        // About a year (decision 044), not the session values' two days.
        expect(answer!.expires * 1000 - Date.now()).toBeGreaterThan(360 * 24 * 3600 * 1000);

        for (const [url, dir] of [
          [server.url('at', '/'), 'ltr'],
          [server.url('ae', '/'), 'rtl'],
          [server.rootUrl('/'), 'ltr'],
        ] as const) {
          await page.goto(url);
          await expect(page.locator('html')).toHaveAttribute('dir', dir);
          await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
          await expect(notice, url).toHaveCount(0);
        }
        await expectNoAxeViolations(page, `ae home, answered on gr (${width.name})`);

        // An answer kept before in one site's own storage still counts there (and only there).
        const before = await browser.newContext({ viewport: width.viewport });
        const earlier = await before.newPage();
        await earlier.goto(server.url('at', '/'));
        await expect(earlier.locator('.cookie-notice')).toBeVisible();
        await earlier.evaluate(() => localStorage.setItem('cookiesAlertClosed', 'refused'));
        await earlier.reload();
        await expect(earlier.getByRole('heading', { level: 1 })).toBeVisible();
        await expect(earlier.locator('.cookie-notice')).toHaveCount(0);
        await earlier.goto(server.url('gr', '/'));
        await expect(earlier.locator('.cookie-notice')).toBeVisible();
      } finally {
        await browser.close();
      }
    });
  }
});
