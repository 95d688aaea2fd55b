import { expect, test, type Page } from '@playwright/test';
import { logInInEnglish } from './support/membership';
import { countryUrl } from './support/urls';
import { inMatrix } from './support/matrix';

/**
 * Every word in the member's language: counts with plural forms, dates with
 * the language's month names (also typed into the points search), and the
 * phone example of the member's country. On an LTR country (gr, English) and
 * the RTL one (ae, Arabic), at a desktop and a phone width.
 */
const eleni = { country: 'gr', number: '9000001', password: 'demo2026' };
const layla = { country: 'ae', number: '9000003', password: 'demo2026' };

/** A day relative to today, YYYY-MM-DD. */
function day(offset: number): string {
  const date = new Date();
  date.setUTCDate(date.getUTCDate() + offset);
  return date.toISOString().slice(0, 10);
}

/** A date as the page writes it in a locale, long or short. */
function written(iso: string, locale: string, month: 'long' | 'short'): string {
  return new Intl.DateTimeFormat(locale, {
    day: 'numeric',
    month,
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${iso}T00:00:00Z`));
}

const arabicMonth =
  /يناير|فبراير|مارس|أبريل|إبريل|مايو|يونيو|يوليو|أغسطس|سبتمبر|أكتوبر|نوفمبر|ديسمبر/;

/** Logs in where the header's Log Out button shows (the desktop header), then takes the test's width. */
async function logInAt(
  page: Page,
  member: typeof eleni,
  viewport: { width: number; height: number },
) {
  await page.setViewportSize({ width: 1280, height: 800 });
  await logInInEnglish(page, member.country, member.number, member.password);
  await page.setViewportSize(viewport);
}

async function phoneField(page: Page) {
  const phone = page.locator('main input[name="phone"]');
  await expect(phone).toBeVisible();
  return phone;
}

for (const [width, viewport] of inMatrix(
  [
    ['desktop', { width: 1280, height: 800 }],
    ['phone', { width: 390, height: 844 }],
  ] as const,
  1,
)) {
  test.describe(`the member's language at ${width} width`, () => {
    test.use({ viewport });

    test('gr in English: the forecast, written dates in the search, the Greek phone example', async ({
      page,
    }) => {
      await logInAt(page, eleni, viewport);
      await page.goto(countryUrl('gr', '/'));
      const main = page.getByRole('main');
      // "40 points lapse on 23 January 2027." – a plural form and the month's name, British order, not ISO.
      await expect(
        main.getByText(/\d points? lapses? on \d{1,2} [A-Z][a-z]+ \d{4}\./),
      ).toBeVisible();
      await expect(main.getByText(/\d{4}-\d{2}-\d{2}/)).toHaveCount(0);

      // The search takes a date as the page writes it, and sends ISO.
      await page.goto(countryUrl('gr', '/points'));
      await main.getByRole('radio', { name: 'Booking date range' }).check();
      await main.getByLabel('From', { exact: true }).fill(written(day(-400), 'en-GB', 'long'));
      await main.getByLabel('To', { exact: true }).fill(day(0));
      await main.getByRole('button', { name: 'Search' }).click();
      await expect(page).toHaveURL(new RegExp(`fromDate=${day(-400)}&toDate=${day(0)}`));
      await expect(main.getByLabel('From', { exact: true })).toHaveValue(
        written(day(-400), 'en-GB', 'short'),
      );

      await page.goto(countryUrl('gr', '/profile-update'));
      const phone = await phoneField(page);
      await expect(phone).toHaveAttribute('placeholder', '+30 2101234567');
      await phone.fill('12 ab');
      await phone.blur();
      // The example is isolated left to right (U+2066 … U+2069) inside the sentence.
      await expect(
        main.getByText(/^Wrong format, e\.g\. \u2066\+30 2101234567\u2069$/),
      ).toBeVisible();
    });

    test('ae in Arabic: plural forms, Arabic month names and the Emirates phone example', async ({
      page,
    }) => {
      await logInAt(page, layla, viewport);
      const main = page.getByRole('main');

      // The gift list words each gift's points with an Arabic plural form, no ICU syntax left.
      await page.goto(countryUrl('ae', '/gifts'));
      const points = main.locator('.gift-card__points').first();
      await expect(points).toHaveText(/نقطة|نقاط|نقطتان/);
      await expect(main.getByText(/plural|\{/)).toHaveCount(0);

      // The search's dates come back written with Arabic month names.
      await page.goto(
        countryUrl('ae', `/points?searchBy=date&fromDate=${day(-400)}&toDate=${day(0)}`),
      );
      await expect(main.locator('input[name="fromDate"]')).toHaveValue(arabicMonth);
      await main.locator('input[name="toDate"]').fill(written(day(-1), 'ar-AE', 'long'));
      await main.locator('form[role="search"] button[type="submit"]').click();
      await expect(page).toHaveURL(new RegExp(`toDate=${day(-1)}`));

      await page.goto(countryUrl('ae', '/profile-update'));
      const phone = await phoneField(page);
      await expect(phone).toHaveAttribute('placeholder', '+971 501234567');
      await expect(main.getByText('+971', { exact: true })).toBeVisible();
      await phone.fill('12 ab');
      await phone.blur();
      const message = main.getByText(/^صيغة غير صحيحة، مثال:/);
      await expect(message).toBeVisible();
      await expect(message).toContainText('+971 501234567');
    });
  });
}
