import { expect, test, type Locator, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe';
import { logInInEnglish } from './support/membership';
import { staffToken } from './support/staff';
import { countryUrl } from './support/urls';
import { inMatrix } from './support/matrix';

/**
 * Spending points with confidence: the gift list's affordability marks, its
 * order by points and running total; the order's confirmation step (going
 * back spends nothing, confirming spends exactly what it showed); the order
 * number and the order's timeline; and home while ordering is closed. On an
 * LTR country (at, and ae in English) and the RTL one (ae in Arabic), at a
 * desktop and a phone width.
 */

const widths = [
  { name: 'desktop', viewport: { width: 1280, height: 800 } },
  { name: 'phone', viewport: { width: 390, height: 844 } },
];

/** The demo member of `at` (content/demo): tax information verified, 1,000 bonus points. */
const austrian = { number: '9000002', password: 'demo2026' };
/** The demo member of `ae`: ae's demo ordering dates are past, so ordering is closed there. */
const emirati = { number: '9000003', password: 'demo2026' };
/**
 * When ae's ordering reopens: the demo content's date (content/gifts/ae.json)
 * passes with the calendar, so the journey sets it as staff do, always ahead
 * (3 January of next year), and no assertion depends on today's date.
 */
const aeReopensYear = new Date().getUTCFullYear() + 1;
const arabicDigits = (text: string) => text.replace(/\d/g, (d) => '٠١٢٣٤٥٦٧٨٩'[Number(d)]!);

async function setAeReopensOn(page: Page): Promise<void> {
  const token = await staffToken(page.request, 'admin');
  const headers = { authorization: `Bearer ${token}` };
  const current = await page.request.get('/s2c/staff/v1/gift-ordering/ae', { headers });
  expect(current.ok()).toBe(true);
  const { orderDisabled, ranges } = (
    (await current.json()) as {
      data: { orderDisabled: boolean; ranges: { from: string; to: string }[] };
    }
  ).data;
  const xsrf = (await page.request.storageState()).cookies.find((c) => c.name === 'XSRF-TOKEN');
  const set = await page.request.put('/s2c/staff/v1/gift-ordering/ae', {
    headers: { ...headers, ...(xsrf === undefined ? {} : { 'x-xsrf-token': xsrf.value }) },
    data: {
      orderDisabled,
      ranges,
      reopensOn: `${aeReopensYear}-01-03`,
      reason: 'e2e: reopening ahead',
    },
  });
  expect(set.ok(), await set.text()).toBe(true);
}

/** The number in a text like "Available points: 1,234" (any digit grouping). */
const pointsIn = async (locator: Locator) => Number((await locator.innerText()).replace(/\D/g, ''));

/** The page does not scroll sideways (nothing cut off at a phone's width). */
async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
}

for (const { name, viewport } of inMatrix(widths, 1)) {
  test.describe(`spending points with confidence (${name})`, () => {
    test.use({ viewport: widths[0]!.viewport });
    // Whole journeys with several page loads and axe runs each.
    test.describe.configure({ timeout: 120_000 });

    /** Logs in (at desktop width, where the header shows Log Out), then takes the width of the test. */
    async function logInAt(
      page: Page,
      country: string,
      member: { number: string; password: string },
    ) {
      await logInInEnglish(page, country, member.number, member.password);
      await page.setViewportSize(viewport);
    }

    test('at (ltr): marks, sorts and totals the gifts; confirms before spending; shows the order number and timeline', async ({
      page,
    }) => {
      await logInAt(page, 'at', austrian);
      await page.goto(countryUrl('at', '/eng/gifts'));
      const main = page.getByRole('main');
      const available = await pointsIn(main.locator('.gifts-available strong'));
      expect(available).toBeLessThan(1500);

      // The headphones (1,500 points) are beyond the member's points: marked, with what is missing.
      const headphones = main
        .getByRole('listitem')
        .filter({ has: page.getByRole('heading', { name: 'Noise-cancelling headphones' }) });
      await expect(headphones).toHaveClass(/gift-card--unaffordable/);
      expect(await pointsIn(headphones.locator('.gift-card__needed'))).toBe(1500 - available);

      // Sorted by points, in the URL; the cheapest first.
      await main.getByLabel('Sort by points').selectOption('points-asc');
      await expect(page).toHaveURL(/sort=points-asc/);
      await expect(main.locator('.gift-card__name').first()).toHaveText('Club mug');

      // The running total of the selection against the available points.
      await main.getByLabel('Quantity Club mug').selectOption('2');
      const total = main.getByRole('status').filter({ hasText: 'Selected:' });
      await expect(total).toContainText('Selected: 120 of your');
      await main.getByRole('button', { name: 'Order' }).click();

      // Nothing preselected: continuing without a delivery asks for one.
      await expect(main.getByRole('radio', { name: 'Collect personally' })).not.toBeChecked();
      await expect(main.getByRole('radio', { name: 'Send to my address' })).not.toBeChecked();
      await main.getByRole('button', { name: 'Continue' }).click();
      await expect(
        main.getByText('Please choose how you want to receive your gifts.'),
      ).toBeVisible();
      await main.getByRole('radio', { name: 'Collect personally' }).check();
      await main.getByRole('button', { name: 'Continue' }).click();

      // The confirmation: delivery, the cost and what remains.
      const review = main.getByRole('region', { name: 'Confirm your order' });
      await expect(review).toContainText('Collect personally');
      expect(await pointsIn(review.getByTestId('redeem-cost'))).toBe(120);
      expect(await pointsIn(review.getByTestId('redeem-remaining-after'))).toBe(available - 120);
      await expectNoSidewaysScroll(page);
      await expectNoAxeViolations(page, `at redeem-points, confirmation (${name})`);

      // Going back spends nothing.
      await review.getByRole('button', { name: 'Go back and change' }).click();
      await expect(main.getByRole('button', { name: 'Continue' })).toBeVisible();
      await page.goto(countryUrl('at', '/eng/gifts?sort=points-asc'));
      expect(await pointsIn(main.locator('.gifts-available strong'))).toBe(available);

      // Confirming spends exactly the points shown.
      await main.getByLabel('Quantity Club mug').selectOption('2');
      await main.getByRole('button', { name: 'Order' }).click();
      await main.getByRole('radio', { name: 'Collect personally' }).check();
      await main.getByRole('button', { name: 'Continue' }).click();
      const shownCost = await pointsIn(main.getByTestId('redeem-cost'));
      await main.getByRole('button', { name: 'Confirm order' }).click();
      const number = main.getByText(/^Order number: /);
      await expect(number).toBeVisible();
      const orderId = await pointsIn(number);
      await expect(main.getByRole('list', { name: 'What you ordered' })).toHaveText('2 × Club mug');
      await page.goto(countryUrl('at', '/eng/gifts'));
      expect(await pointsIn(main.locator('.gifts-available strong'))).toBe(available - shownCost);

      // The order's timeline: placed, then sent to the provider (the manual provider takes it at once).
      await page.goto(countryUrl('at', '/eng/points#ordered-gifts'));
      const steps = main
        .getByRole('list', { name: `Progress of order ${orderId}` })
        .getByRole('listitem');
      await expect(async () => {
        await page.reload();
        await expect(steps).toHaveText([/^Placed \d{1,2} \w+ \d{4}$/, /^Sent to the provider /], {
          timeout: 1_000,
        });
      }).toPass({ timeout: 15_000 });
      const card = main
        .getByRole('listitem')
        .filter({ has: page.getByRole('heading', { name: `Order ${orderId}` }) });
      // The lines name the gifts in the page's language (issue 30): English here, German there.
      await expect(card).toContainText('2 × Club mug');
      await expectNoSidewaysScroll(page);
      await expectNoAxeViolations(page, `at points, ordered gifts (${name})`);
      await page.goto(countryUrl('at', '/points#ordered-gifts'));
      await expect(card).toHaveCount(0);
      await expect(
        main
          .getByRole('listitem')
          .filter({ has: page.getByRole('heading', { name: `Bestellung ${orderId}` }) }),
      ).toContainText('2 × Club-Tasse');
    });

    test('ae: home offers no "Spend my points" while ordering is closed, and says when it reopens (ltr English, rtl Arabic)', async ({
      page,
    }) => {
      await setAeReopensOn(page);
      await logInAt(page, 'ae', emirati);
      const main = page.getByRole('main');

      await page.goto(countryUrl('ae', '/eng'));
      await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
      const closed = main.getByText(/^Gift ordering is closed at the moment\./);
      await expect(closed).toBeVisible();
      await expect(closed).toContainText(`It reopens on 3 January ${aeReopensYear}.`);
      await expect(main.getByRole('link', { name: 'Spend my points' })).toHaveCount(0);
      await expect(main.getByRole('button', { name: 'Spend my points' })).toHaveCount(0);

      await page.goto(countryUrl('ae', '/'));
      await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
      const closedAr = main.getByText(/^طلب الهدايا مغلق حاليًا\./);
      await expect(closedAr).toBeVisible();
      const year = String(aeReopensYear);
      await expect(closedAr).toContainText(
        new RegExp(`يُعاد فتحه في (3|٣) يناير (${year}|${arabicDigits(year)})\\.`),
      );
      await expect(main.getByRole('link', { name: 'استبدل نقاطي' })).toHaveCount(0);
      await expectNoSidewaysScroll(page);
      await expectNoAxeViolations(page, `ae home, ordering closed (${name})`);
    });

    test('ae (rtl Arabic): marks, sorts and totals the gifts; the confirmation step reads right to left', async ({
      page,
    }) => {
      await logInAt(page, 'ae', emirati);
      const main = page.getByRole('main');
      await page.goto(countryUrl('ae', '/gifts'));
      await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
      const available = await pointsIn(main.locator('.gifts-available strong'));

      const headphones = main
        .getByRole('listitem')
        .filter({ has: page.getByRole('heading', { name: 'سماعات عازلة للضوضاء' }) });
      await expect(headphones).toHaveClass(/gift-card--unaffordable/);
      await expect(headphones.locator('.gift-card__needed')).toContainText('تحتاج إلى');
      expect(await pointsIn(headphones.locator('.gift-card__needed'))).toBe(1500 - available);

      await main.getByLabel('الترتيب حسب النقاط').selectOption('points-desc');
      await expect(page).toHaveURL(/sort=points-desc/);
      await expect(main.locator('.gift-card__name').first()).toHaveText('سماعات عازلة للضوضاء');
      await main.getByLabel('الترتيب حسب النقاط').selectOption('points-asc');
      await expect(main.locator('.gift-card__name').first()).toHaveText('كوب النادي');
      await main.getByLabel(/^الكمية كوب النادي/).selectOption('3');
      const total = main.getByRole('status').filter({ hasText: 'المحدد:' });
      await expect(total).toHaveAttribute('aria-live', 'polite');
      expect(await pointsIn(total)).toBe(Number(`180${available}`));
      await expectNoSidewaysScroll(page);
      await expectNoAxeViolations(page, `ae gifts, marked and sorted (${name})`);

      // ae's demo ordering window is closed, so the order is not offered for real: the
      // steps' right-to-left wording and layout are checked on answers opened for the test,
      // and no order ever reaches the server.
      const posts: string[] = [];
      await page.route('**/s2c/content/v1/pages/redeem-points/**', async (route) => {
        if (route.request().method() === 'POST') {
          posts.push(route.request().postData() ?? '');
          return route.fulfill({
            json: {
              data: {
                ordered: true,
                orderId: 4242,
                Refresh: available - 60,
                noOrder: false,
                noneDet: false,
                order_disabled: false,
                disabled: false,
                partnerUrl: null,
                errorText: '',
              },
            },
          });
        }
        // Node does not resolve *.localhost as the browser does: ask the loopback for the same host.
        const url = new URL(route.request().url());
        const host = url.host;
        url.hostname = '127.0.0.1';
        const response = await route.fetch({
          url: url.toString(),
          headers: { ...route.request().headers(), host },
        });
        const body = (await response.json()) as { data: Record<string, unknown> };
        return route.fulfill({
          response,
          json: { ...body, data: { ...body.data, order_disabled: false } },
        });
      });
      await page.goto(countryUrl('ae', '/redeem-points?sel_gifts[304]=1'));
      await main.getByRole('button', { name: 'متابعة' }).click();
      await expect(main.getByText('يرجى اختيار طريقة استلام هداياك.')).toBeVisible();
      await main.getByRole('radio', { name: 'الاستلام شخصيًا' }).check();
      await main.getByRole('button', { name: 'متابعة' }).click();
      const review = main.getByRole('region', { name: 'تأكيد طلبك' });
      await expect(review).toBeVisible();
      expect(await pointsIn(review.getByTestId('redeem-cost'))).toBe(60);
      expect(await pointsIn(review.getByTestId('redeem-remaining-after'))).toBe(available - 60);
      // Right to left: on one row, the confirm button sits right of the way back.
      const confirm = await review.getByRole('button', { name: 'تأكيد الطلب' }).boundingBox();
      const back = await review.getByRole('button', { name: 'الرجوع للتعديل' }).boundingBox();
      if (Math.abs(confirm!.y - back!.y) < 4) expect(confirm!.x).toBeGreaterThan(back!.x);
      else expect(confirm!.y).toBeLessThan(back!.y);
      await expectNoSidewaysScroll(page);
      await expectNoAxeViolations(page, `ae redeem-points, confirmation (${name})`);
      await review.getByRole('button', { name: 'الرجوع للتعديل' }).click();
      expect(posts).toHaveLength(0);
      await main.getByRole('button', { name: 'متابعة' }).click();
      await main.getByRole('button', { name: 'تأكيد الطلب' }).click();
      await expect(main.getByText(/^رقم الطلب: /)).toHaveText('رقم الطلب: 4242');
      expect(posts).toHaveLength(1);
    });
  });
}
