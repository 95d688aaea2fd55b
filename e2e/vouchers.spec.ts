import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe';
import { inMatrix } from './support/matrix';
import { countryUrl } from './support/urls';

/**
 * A voucher in hand (issue 30): the demo's fulfilled orders (content/demo/orders.jsonl)
 * show their voucher code on the points page's Ordered gifts tab, with the line on
 * how to use it and a button that copies it; on the German site (left to right) and
 * the Arabic one (right to left, the code still reads left to right), at a phone's
 * width by default and at 1280 px too in the full matrix.
 */

const widths = [
  { name: 'phone', viewport: { width: 390, height: 844 } },
  { name: 'desktop', viewport: { width: 1280, height: 800 } },
];

const sites = [
  {
    country: 'at',
    dir: 'ltr',
    /** Lukas (content/demo), who reads the site in German. */
    member: '9000002',
    tab: 'Bestellte Prämien',
    order: /^Bestellung \d+$/,
    gift: '1 × Buchgutschein',
    code: 'BUCH-AT-7315-ZP2W',
    howTo: 'Geben Sie den Gutscheincode beim Bezahlen auf der Website des Anbieters ein',
    copy: 'Code kopieren',
    copied: 'Kopiert.',
    refunded: 'Der Anbieter hat die Bestellung nicht rechtzeitig bestätigt.',
  },
  {
    country: 'ae',
    dir: 'rtl',
    /** Layla (content/demo), who reads the site in Arabic. */
    member: '9000003',
    tab: 'الهدايا المطلوبة',
    order: /^الطلب [0-9٠-٩]+$/,
    gift: 'عشاء لشخصين',
    code: 'DINE-AE-5902-HT8R',
    howTo: 'أدخل رمز القسيمة عند الدفع في موقع المزوّد',
    copy: 'نسخ الرمز',
    copied: 'تم النسخ.',
    refunded: 'لم يؤكد المزوّد الطلب في الوقت المحدد.',
  },
] as const;

for (const width of inMatrix(widths)) {
  for (const site of inMatrix(sites, 1)) {
    test(`${site.country} (${site.dir}) at ${width.name} width: the fulfilled order's voucher code, how to use it, copied`, async ({
      page,
      context,
    }) => {
      test.setTimeout(90_000);
      await context.grantPermissions(['clipboard-read', 'clipboard-write'], {
        origin: countryUrl(site.country, '').replace(/\/$/, ''),
      });
      await page.setViewportSize(width.viewport);
      await page.goto(countryUrl(site.country, '/login'));
      const main = page.getByRole('main');
      // The fields by name: their labels are in the site's language.
      await main.locator('[name="number"]').fill(site.member);
      await main.locator('[name="password"]').fill('demo2026');
      await main.locator('form button[type="submit"]').click();
      await expect(main.locator('[name="number"]')).toHaveCount(0);

      await page.goto(countryUrl(site.country, '/points#ordered-gifts'));
      await expect(page.locator('html')).toHaveAttribute('dir', site.dir);
      await expect(main.getByRole('tab', { name: site.tab })).toHaveAttribute(
        'aria-selected',
        'true',
      );
      const panel = main.getByRole('tabpanel', { name: site.tab });
      const fulfilled = panel
        .getByRole('listitem')
        .filter({ has: page.getByRole('heading', { name: site.order }) })
        .filter({ hasText: site.code });
      await expect(fulfilled).toHaveCount(1);
      await expect(fulfilled).toContainText(site.gift);
      await expect(fulfilled.locator('.order-card__how-to')).toContainText(site.howTo);

      // The code reads left to right whatever the page's direction, and is not cut off.
      const code = fulfilled.locator('code', { hasText: site.code });
      await expect(code).toHaveText(site.code);
      expect(await code.evaluate((element) => getComputedStyle(element).direction)).toBe('ltr');
      const box = await code.boundingBox();
      expect(box).not.toBeNull();
      expect(box!.x).toBeGreaterThanOrEqual(0);
      expect(box!.x + box!.width).toBeLessThanOrEqual(width.viewport.width);

      // The demo's refunded order stands beside it, saying why the points came back.
      await expect(panel.getByText(site.refunded)).toBeVisible();

      // Copy: the code is on the clipboard, and the page says so.
      const copy = fulfilled.getByRole('button', { name: `${site.copy} ${site.code}` });
      await copy.click();
      await expect(fulfilled.getByRole('status')).toHaveText(site.copied);
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(site.code);

      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow).toBeLessThanOrEqual(0);
      await expectNoAxeViolations(page, `${site.country} ordered gifts, voucher (${width.name})`);
    });
  }
}
