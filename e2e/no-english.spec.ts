import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { messageCatalogue } from '@club/contract/message-catalogue';
import { countryUrl } from './support/urls';
import { inMatrix } from './support/matrix';
import { englishSentences } from './support/english-sentences';

/**
 * No English left on the Greek, German and Arabic sites (issue 17): every
 * form is walked as an agent of the country would, at a desktop and a phone
 * width; its validation messages (an empty submit, bad patterns) and the
 * server's answers (a wrong login, an unknown office, a wrong current
 * password, a broken agency link) are provoked, and none of the messages
 * shown may be an English wording of the message catalogue or of the error
 * catalogue. Fields are found by name: their labels are in the site's language.
 */

const englishWordings = [
  // `validation.sign`'s wording is the spec's German, not English.
  ...Object.entries(messageCatalogue)
    .filter(([key]) => key !== 'validation.sign')
    .map(([, wording]) => wording),
  'Services are unavailable. Try again later',
  'Unable to login (service unavailable)',
];

type Site = {
  country: string;
  /** The language's route prefix ('' for the country's default language). */
  prefix: string;
  /** The language of the pages walked (its demo file, content/countries/{country}/{language}.json). */
  language: string;
  /** The demo member of the country (content/demo), password `demo2026`. */
  member: string;
  office: string;
  /** The gr demo member is sent to the partner programme instead of the gift list. */
  gifts: boolean;
};

const sites: Site[] = [
  {
    country: 'gr',
    prefix: '/ell',
    language: 'ell',
    member: '9000001',
    office: 'ATHGR2101',
    gifts: false,
  },
  {
    country: 'at',
    prefix: '',
    language: 'deu',
    member: '9000002',
    office: 'VIEAT2101',
    gifts: true,
  },
  {
    country: 'ae',
    prefix: '',
    language: 'ara',
    member: '9000003',
    office: 'DXBAE2101',
    gifts: true,
  },
];

const viewports = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 390, height: 844 },
];

const messageSelector =
  'main :is(.field__error, .points-field__error, .alert, [role="alert"]), .alert--danger';

/** The lines of every message shown: field errors, form alerts, the error banner. */
function shownMessages(page: Page): Promise<string[]> {
  return page.locator(messageSelector).evaluateAll((elements) =>
    elements
      .flatMap((element) => (element as HTMLElement).innerText.split('\n'))
      .map((line) => line.trim())
      .filter((line) => line !== ''),
  );
}

/** Waits for messages (at least `atLeast` lines) and fails on any English wording among them. */
async function expectNoEnglish(page: Page, form: string, atLeast = 1): Promise<void> {
  await expect
    .poll(async () => (await shownMessages(page)).length, { message: `${form}: messages shown` })
    .toBeGreaterThanOrEqual(atLeast);
  const english = (await shownMessages(page)).filter((line) =>
    englishWordings.some((wording) => line.includes(wording)),
  );
  expect(english, `${form}: messages in English`).toEqual([]);
}

function field(page: Page, name: string) {
  return page.locator(`main [name="${name}"]`);
}

function submit(page: Page) {
  return page.locator('main form button[type="submit"]').first().click();
}

async function open(page: Page, site: Site, path: string) {
  await page.goto(countryUrl(site.country, `${site.prefix}${path}`));
}

async function logIn(page: Page, site: Site) {
  await open(page, site, '/login');
  await field(page, 'number').fill(site.member);
  await field(page, 'password').fill('demo2026');
  await submit(page);
  await expect(field(page, 'number')).toHaveCount(0);
}

// The legal pages the club words itself: no English sentence on them (issue 30).
for (const site of inMatrix(sites, sites.length - 1)) {
  test(`${site.country}${site.prefix}: the cookies policy reads in the language of the site`, async ({
    page,
  }) => {
    await open(page, site, '/cookies-policy');
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 2 }).first()).toBeVisible();
    const shown = await main.evaluate((element) => (element as HTMLElement).innerText);
    expect(englishSentences(shown)).toEqual([]);
    // The detector finds the English page's sentences: it is not blind.
    await page.goto(countryUrl(site.country, '/eng/cookies-policy'));
    await expect(main.getByRole('heading', { level: 2 }).first()).toBeVisible();
    const english = await main.evaluate((element) => (element as HTMLElement).innerText);
    expect(englishSentences(english).length).toBeGreaterThan(5);
  });
}

for (const site of inMatrix(sites, sites.length - 1)) {
  for (const viewport of inMatrix(viewports, 1)) {
    test.describe(`${site.country}${site.prefix} at ${viewport.name} width`, () => {
      test.use({ viewport: { width: viewport.width, height: viewport.height } });

      test('the guest forms speak the language of the site', async ({ page }) => {
        test.setTimeout(120_000);

        // Login: empty, then a wrong number and password (the server's 401).
        await open(page, site, '/login');
        await submit(page);
        await expectNoEnglish(page, 'login, empty', 2);
        await field(page, 'number').fill('12345678');
        await field(page, 'password').fill('wrong-pass1');
        const loginAnswer = page.waitForResponse((response) =>
          response.url().includes('/s2c/auth/v1/token/agent'),
        );
        await submit(page);
        expect((await loginAnswer).status()).toBe(401);
        await expectNoEnglish(page, 'login, wrong number and password');

        // Registration: the country step when shown, the office step (empty, unknown
        // office: the server's 404), then the form (empty, bad patterns).
        await open(page, site, '/registration');
        const officeId = field(page, 'officeId');
        const countrySelect = page.locator('main select').first();
        await expect(officeId.or(countrySelect)).toBeVisible();
        if (!(await officeId.isVisible())) {
          await countrySelect.selectOption(site.country);
          await submit(page);
        }
        // Its button waits for a valid ID: a typed and erased ID shows the message.
        await officeId.fill('A');
        await officeId.fill('');
        await officeId.blur();
        await expectNoEnglish(page, 'registration office, empty');
        await officeId.fill('NOSUCH999');
        const lookup = page.waitForResponse((response) =>
          response.url().includes('/s2c/auth/v1/offices/NOSUCH999'),
        );
        await submit(page);
        expect((await lookup).status()).toBe(404);
        await expectNoEnglish(page, 'registration office, unknown');
        await officeId.fill(site.office);
        await submit(page);
        await field(page, 'agreeWithConditions').check();
        await submit(page);
        await expect(field(page, 'firstName')).toBeVisible();
        await submit(page);
        await expectNoEnglish(page, 'registration form, empty', 3);
        await field(page, 'firstName').fill('Ελένη 1');
        await field(page, 'email').fill('bad@');
        await field(page, 'password').fill('short');
        await field(page, 'passwordRepeat').fill('other');
        await field(page, 'phone').fill('abc');
        await submit(page);
        await expectNoEnglish(page, 'registration form, bad patterns', 4);

        // The emailed-link forms: empty, then bad patterns.
        for (const path of ['/retrieve-password', '/reconfirm', '/restore']) {
          await open(page, site, path);
          await expect(field(page, 'email')).toBeVisible();
          await submit(page);
          await expectNoEnglish(page, `${path}, empty`);
          await field(page, 'email').fill('bad@');
          if (path === '/restore') await field(page, 'number').fill('abc');
          await submit(page);
          await expectNoEnglish(page, `${path}, bad patterns`);
        }

        // The agency opt pages with a broken link: the server's answer.
        for (const path of ['/agency-opt-in', '/agency-opt-out']) {
          const answer = page.waitForResponse((response) =>
            response.url().includes('/s2c/auth/v1/agency/state-change-request'),
          );
          await open(page, site, `${path}?s=1&c=broken`);
          await answer;
          await expectNoEnglish(page, `${path}, broken link`);
        }
      });

      test('the member forms speak the language of the site', async ({ page }) => {
        test.setTimeout(120_000);
        await logIn(page, site);

        // Profile update: bad patterns, then a new email with a wrong current password (the server's 400).
        await open(page, site, '/profile-update');
        await expect(field(page, 'email')).toBeVisible();
        await field(page, 'email').fill('bad@');
        await field(page, 'phone').fill('abc');
        await field(page, 'password').fill('short');
        await submit(page);
        await expectNoEnglish(page, 'profile update, bad patterns', 2);
        await field(page, 'password').fill('');
        await field(page, 'phone').fill('');
        await field(page, 'email').fill(`new-${site.country}-${viewport.name}@example.com`);
        await field(page, 'oldPassword').fill('wrong-pass1');
        const update = page.waitForResponse(
          (response) =>
            response.url().includes('/s2c/auth/v1/agents/') &&
            response.request().method() === 'PUT',
        );
        await submit(page);
        expect((await update).status()).toBe(400);
        await expectNoEnglish(page, 'profile update, wrong current password');

        // Profile delete has no field to get wrong: its page shows no English message.
        await open(page, site, '/profile-delete');
        await expect(page.locator('main button').first()).toBeVisible();
        const deletePage = await page.locator('main').innerText();
        expect(englishWordings.filter((wording) => deletePage.includes(wording))).toEqual([]);

        // Points search: an empty PNR, a bad PNR, a date that is none.
        await open(page, site, '/points');
        await expect(field(page, 'pnrSearch')).toBeVisible();
        await submit(page);
        await expectNoEnglish(page, 'points search, empty PNR');
        await field(page, 'pnrSearch').fill('1');
        await submit(page);
        await expectNoEnglish(page, 'points search, bad PNR');
        await page.locator('main input[type="radio"][value="date"]').check();
        await field(page, 'fromDate').fill('abc');
        await submit(page);
        await expectNoEnglish(page, 'points search, bad date');

        // Gifts: ordering with nothing chosen (at), ordering closed (ae).
        if (site.gifts) {
          await open(page, site, '/redeem-points');
          await expectNoEnglish(page, 'redeem points, no gift');
          await open(page, site, '/gifts');
          await expect(page.locator('main select').first()).toBeVisible();
          if (site.country === 'ae') await expectNoEnglish(page, 'gifts, ordering closed');
        }
      });
    });
  }
}

/** Every sentence of the page's main region that reads as English. */
async function englishOnPage(page: Page): Promise<string[]> {
  const shown = await page
    .getByRole('main')
    .evaluate((element) => (element as HTMLElement).innerText);
  return englishSentences(shown);
}

/** The site's own words (its demo language file), to find what the pages and the statement say. */
function wordsOf(site: Site): Record<string, string> {
  const file = `content/countries/${site.country}/${site.language}.json`;
  return (JSON.parse(readFileSync(file, 'utf8')) as { dictionary: Record<string, string> })
    .dictionary;
}

/** A worded template (`… {orderId} …`) as a pattern its filled wording matches. */
function wordingPattern(template: string): RegExp {
  const parts = template.split(/\{\w+\}/).map((part) => part.replace(/[.*+?^$()|[\]\\]/g, '\\$&'));
  return new RegExp(`^${parts.join('.+')}$`);
}

/** The CSV statement's rows: `;` or `,` as its header line says, quoted cells unquoted. */
function csvRows(csv: string): string[][] {
  const text = csv.replace(/^\uFEFF/, '');
  const separator = (text.split('\n')[0] ?? '').includes(';') ? ';' : ',';
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let index = 0; index < text.length; index++) {
    const char = text[index]!;
    if (quoted) {
      if (char !== '"') cell += char;
      else if (text[index + 1] === '"') {
        cell += '"';
        index++;
      } else quoted = false;
    } else if (char === '"') quoted = true;
    else if (char === separator) {
      row.push(cell);
      cell = '';
    } else if (char === '\n') {
      row.push(cell.replace(/\r$/, ''));
      rows.push(row);
      row = [];
      cell = '';
    } else cell += char;
  }
  if (cell !== '' || row.length > 0) rows.push([...row, cell]);
  return rows;
}

// The points tabs with ledger lines of every kind (the demo's refunded order and lapsed points
// among them), the gifts of a member who can order and the order history, on a phone: words the
// club writes itself, kept as keys (issue 30), in the site's language.
for (const site of inMatrix(sites, 1)) {
  test.describe(`${site.country}${site.prefix} at phone width`, () => {
    test.use({ viewport: { width: 390, height: 844 } });

    test(`the points tabs with ledger lines of every kind, the statement, the gifts and the order history speak the language of the site`, async ({
      page,
    }) => {
      test.setTimeout(120_000);
      const words = wordsOf(site);
      await logIn(page, site);
      if (site.gifts && site.country === 'at') {
        // An order on the site's own page: the gift list, then the order with self collection.
        await open(page, site, '/gifts');
        await expect(page.locator('main select').first()).toBeVisible();
        expect(await englishOnPage(page), 'gifts').toEqual([]);
        await open(page, site, '/redeem-points?sel_gifts[209]=1');
        await page.locator('main input[type="radio"][value="self"]').check();
        expect(await englishOnPage(page), 'redeem points').toEqual([]);
        await submit(page);
        await submit(page);
        // The thank-you: a region headed by its title.
        await expect(page.locator('main h2').first()).toBeVisible();
        expect(await englishOnPage(page), 'thank-you').toEqual([]);
      }
      // Every PNR of the demo, with their segments.
      await open(
        page,
        site,
        '/points?searchBy=date&fromDate=2000-01-01&toDate=2099-12-31&details=1',
      );
      const tabs = page.getByRole('tablist').getByRole('tab');
      await expect(tabs).toHaveCount(3);
      for (const tab of await tabs.all()) {
        await tab.click();
        await expect(tab).toHaveAttribute('aria-selected', 'true');
        const panel = page.locator('main [role="tabpanel"]:not([hidden])');
        await expect(panel).toBeVisible();
        const shown = await panel.evaluate((element) => (element as HTMLElement).innerText);
        expect(englishSentences(shown), `tab ${await tab.innerText()}`).toEqual([]);
        // The demo's additional points: the welcome bonus, worded in the site's language.
        if ((await panel.locator('table').count()) > 0)
          expect(shown, 'no English description').not.toMatch(/Welcome bonus|Points moved from/);
      }
      // The last tab, Ordered gifts: the demo's fulfilled order with its voucher code and how to
      // use it, and its refunded one saying why the points came back, in the site's words.
      const orders = page.locator('main [role="tabpanel"]:not([hidden])');
      await expect(orders.locator('.order-card__voucher code').first()).toBeVisible();
      await expect(orders.getByText(words['points.voucherHowTo']!).first()).toBeVisible();
      await expect(orders.getByText(words['points.refund.unconfirmed']!).first()).toBeVisible();
      // The lapsed points count in the balance.
      const expired = await page
        .locator('main .points-balance__item--expired dd')
        .evaluate((element) =>
          Number(
            (element.textContent ?? '')
              .replace(/[٠-٩]/g, (digit) => String('٠١٢٣٤٥٦٧٨٩'.indexOf(digit)))
              .replace(/\D/g, ''),
          ),
        );
      expect(expired).toBeGreaterThan(0);
      expect(await englishOnPage(page), 'points page').toEqual([]);

      // The CSV statement: every line's description (segments, bonuses, orders) in the language.
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.locator('main .points-statement button').first().click(),
      ]);
      const csv = (await readFile(await download.path())).toString('utf8');
      expect(csv).not.toMatch(
        /Welcome bonus|Points moved from|Order \d+:|PNR \S+ (air|hotel|car|rail) |given back|lapsed/,
      );
      expect(englishSentences(csv), 'statement').toEqual([]);
      // Ledger lines of every kind, each kind named and described in the site's words.
      const entries = csvRows(csv).filter((row) => row[0] === words['points.record.entry']);
      const kinds = new Set(entries.map((row) => row[3]));
      for (const kind of ['segment', 'additional', 'order', 'refund', 'expiry'])
        expect([...kinds], `a ${kind} line`).toContain(words[`points.entry.${kind}`]);
      for (const [kind, key] of [
        ['refund', 'orderRefund'],
        ['expiry', 'pointsLapsed'],
        ['order', 'order'],
      ] as const) {
        const line = entries.find((row) => row[3] === words[`points.entry.${kind}`]);
        expect(line?.[7], `the ${kind} line's description`).toMatch(
          wordingPattern(words[`points.entryText.${key}`]!),
        );
      }
    });
  });
}
