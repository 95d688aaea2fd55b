import { readFile } from 'node:fs/promises';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { axeViolations, readableFindings } from './support/axe';
import { countryUrl } from './support/urls';
import { inMatrix } from './support/matrix';

/**
 * Seeing points at a glance (issue 17), on a left-to-right country in English
 * (gr) and the right-to-left one in Arabic (ae), at a desktop and a phone
 * width: the balance on the first screen, the charts with their tables, the
 * points tables as cards on a phone, the CSV statement and the printed one.
 */
type Site = { country: string; member: string; rtl: boolean; csvHeader: string };
const sites: Site[] = [
  {
    country: 'gr',
    member: '9000001',
    rtl: false,
    csvHeader: 'Record,Date,PNR,Kind,Status,Points,Lapse on,Description',
  },
  {
    country: 'ae',
    member: '9000003',
    rtl: true,
    csvHeader: 'السجل,التاريخ,الحجز (PNR),النوع,',
  },
];
const widths = [
  { name: 'desktop', viewport: { width: 1280, height: 800 } },
  { name: 'phone', viewport: { width: 390, height: 844 } },
];
const password = 'demo2026';

async function newMemberPage(
  browser: Browser,
  site: Site,
  viewport: { width: number; height: number },
) {
  const context = await browser.newContext({ viewport, acceptDownloads: true });
  const page = await context.newPage();
  // By the fields' names, so in any language.
  await page.goto(countryUrl(site.country, '/login'));
  const main = page.getByRole('main');
  await main.locator('input[name="number"]').fill(site.member);
  await main.locator('input[name="password"]').fill(password);
  await main.locator('button[type="submit"]').click();
  await expect(page).toHaveURL(countryUrl(site.country, '/'));
  await expect(main.locator('.points-home__summary')).toBeVisible();
  return { context, page };
}

/** The page is no wider than the window: nothing to scroll sideways. */
async function expectNoHorizontalOverflow(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
}

for (const width of inMatrix(widths)) {
  for (const site of inMatrix(sites, 1)) {
    test.describe(`${site.country} (${site.rtl ? 'Arabic, rtl' : 'English, ltr'}) at ${width.name} width`, () => {
      test.describe.configure({ timeout: 90_000 });

      test('the member home opens with the balance and "Spend my points" on the first screen, and the forecast chart calls out the nearest lapse', async ({
        browser,
      }) => {
        const { context, page } = await newMemberPage(browser, site, width.viewport);
        const main = page.getByRole('main');
        await page.evaluate(() => window.scrollTo(0, 0));
        // The banner as content says for members: a low strip in gr, none in ae.
        await expect(page.locator('.banner--small')).toHaveCount(site.country === 'gr' ? 1 : 0);
        await expect(page.locator('.banner')).toHaveCount(site.country === 'gr' ? 1 : 0);
        for (const part of ['.points-home__available-value', '.points-home__spend']) {
          const box = await main.locator(part).boundingBox();
          expect(box, part).not.toBeNull();
          expect(box!.y, part).toBeGreaterThanOrEqual(0);
          expect(box!.y + box!.height, `${part} ends within the first screen`).toBeLessThanOrEqual(
            width.viewport.height,
          );
        }

        // The nearest lapse, written out in the page's language ("… on 23 January 2027.").
        const next = main.locator('.points-forecast__next');
        await expect(next).toBeVisible();
        const written = await next.locator('time').textContent();
        expect(written).toMatch(
          site.rtl
            ? /^[0-9٠-٩]+ (يناير|فبراير|مارس|أبريل|مايو|يونيو|يوليو|أغسطس|سبتمبر|أكتوبر|نوفمبر|ديسمبر) [0-9٠-٩]{4}$/
            : // English outside the US writes the day first (British order), on every site.
              /^\d{1,2} (January|February|March|April|May|June|July|August|September|October|November|December) \d{4}$/,
        );
        const chart = main.locator('.points-home__section .points-chart__figure');
        await expect(chart).toHaveAttribute('role', 'img');
        // A summary sentence with the points in all (numbers in the page's digits).
        await expect(chart).toHaveAttribute('aria-label', /[0-9٠-٩]/);
        const toggle = main.locator('.points-home__section .points-chart__toggle');
        await expect(toggle).toHaveAttribute('aria-expanded', 'false');
        await toggle.click();
        await expect(toggle).toHaveAttribute('aria-expanded', 'true');
        const table = main.locator('.points-forecast__table');
        await expect(table).toBeVisible();
        await expect(table.locator('caption')).not.toBeEmpty();
        await expect(table.locator('tbody tr')).toHaveCount(12);
        await expectNoHorizontalOverflow(page);
        const findings = await axeViolations(
          page,
          `${site.country} member home, forecast table open`,
        );
        await context.close();
        expect(findings, readableFindings(findings)).toHaveLength(0);
      });

      test('the points page: the monthly history chart and its table, cards on a phone, scrolling tabs, no overflow', async ({
        browser,
      }) => {
        const { context, page } = await newMemberPage(browser, site, width.viewport);
        const main = page.getByRole('main');
        await page.goto(
          countryUrl(
            site.country,
            '/points?searchBy=date&fromDate=2020-01-01&toDate=2030-12-31&details=1',
          ),
        );
        const history = main.locator('.points-history');
        await expect(history.locator('.points-chart__figure')).toHaveAttribute('role', 'img');
        await expect(history.locator('.points-chart__figure')).toHaveAttribute('aria-label', /24/);
        await history.locator('.points-chart__toggle').click();
        const table = history.locator('table');
        await expect(table).toBeVisible();
        await expect(table.locator('caption')).not.toBeEmpty();
        await expect(table.locator('tbody tr')).toHaveCount(24);

        // Tabs: one row, scrolling sideways if need be, keyboard as before.
        const tablist = main.getByRole('tablist');
        await expect(tablist).toHaveCSS('overflow-x', 'auto');
        const tops = await tablist
          .getByRole('tab')
          .evaluateAll((tabs) => tabs.map((tab) => (tab as HTMLElement).offsetTop));
        expect(new Set(tops).size).toBe(1);
        // Tabs out of sight are shown by an arrow at the end they lie beyond (issue 30).
        const hiddenTabs = await tablist.evaluate(
          (list) => list.scrollWidth - list.clientWidth > 1,
        );
        const more = (side: string) => main.locator(`.points-tabs__more--${side}`);
        if (hiddenTabs) {
          await expect(more('end')).toBeVisible();
          await expect(more('start')).toHaveCount(0);
          await tablist.evaluate((list) => {
            list.scrollLeft =
              (list.scrollWidth - list.clientWidth) * (document.dir === 'rtl' ? -1 : 1);
          });
          await expect(more('start')).toBeVisible();
          await expect(more('end')).toHaveCount(0);
          await tablist.evaluate((list) => {
            list.scrollLeft = 0;
          });
        } else {
          await expect(main.locator('.points-tabs__more')).toHaveCount(0);
        }
        // Phones: no box that scrolls inside the page (the 600 px height is the desktop's).
        if (width.name === 'phone') {
          const boxes = await main
            .locator('.points-scroll')
            .evaluateAll((elements) =>
              elements.map((element) => element.scrollHeight - element.clientHeight),
            );
          expect(boxes.length).toBeGreaterThan(0);
          for (const hidden of boxes) expect(hidden).toBeLessThanOrEqual(1);
        }
        await tablist.getByRole('tab').first().focus();
        await page.keyboard.press('End');
        await expect(tablist.getByRole('tab').last()).toBeFocused();
        await expect(tablist.getByRole('tab').last()).toHaveAttribute('aria-selected', 'true');
        await page.keyboard.press('Home');

        // PNR cards (phone) or a table (desktop), each cell named by its column.
        const pnrTable = main
          .locator('[role="tabpanel"]:not([hidden]) table.points-table--cards')
          .first();
        await expect(pnrTable).toBeVisible();
        const cells = await pnrTable
          .locator(':scope > tbody > tr > :is(th, td)[data-label]')
          .evaluateAll((elements) =>
            elements.map((element) => ({
              label: element.getAttribute('data-label'),
              before: getComputedStyle(element, '::before').content,
              display: getComputedStyle(element).display,
              width: element.getBoundingClientRect().width,
            })),
          );
        expect(cells.length).toBeGreaterThan(0);
        const headerVisible = await pnrTable
          .locator(':scope > thead')
          .evaluate((element) => element.getBoundingClientRect().height > 1);
        if (width.name === 'phone') {
          expect(headerVisible).toBe(false);
          for (const cell of cells) {
            expect(cell.before).toBe(`"${cell.label}"`);
            expect(cell.display).toBe('grid');
            // No word per line: every line of a card spans most of the card.
            expect(cell.width).toBeGreaterThan(width.viewport.width * 0.6);
          }
        } else {
          expect(headerVisible).toBe(true);
          for (const cell of cells) expect(cell.display).toBe('table-cell');
        }
        await expectNoHorizontalOverflow(page);
        const findings = await axeViolations(page, `${site.country} points, history table open`);
        await context.close();
        expect(findings, readableFindings(findings)).toHaveLength(0);
      });
    });
  }
}

for (const site of inMatrix(sites)) {
  test(`${site.country}: the statement downloads as UTF-8 CSV in the page's language, and prints without navigation`, async ({
    browser,
  }) => {
    const { context, page } = await newMemberPage(browser, site, widths[0]!.viewport);
    const main = page.getByRole('main');
    await page.goto(countryUrl(site.country, '/points'));
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      main.locator('.points-statement button').first().click(),
    ]);
    expect(download.suggestedFilename()).toMatch(
      new RegExp(`^points-statement-${site.member}-\\d{4}-\\d{2}-\\d{2}\\.csv$`),
    );
    const bytes = await readFile(await download.path());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = bytes.subarray(3).toString('utf8').split('\r\n');
    expect(lines[0]).toContain(site.csvHeader);
    // The demo member's PNRs and ledger entries, with the lines' own words.
    expect(lines.length).toBeGreaterThan(3);
    expect(lines.some((line) => /^[^,]+,\d{4}-\d{2}-\d{2},[A-Z0-9]{5,8},/.test(line))).toBe(true);

    // On screen the page says whose and which it is; the heading is for paper only.
    const printHeader = main.locator('.points-print-header');
    await expect(printHeader).toBeHidden();
    // Printed: the balance and the tables, no header, menus, banner, footer or buttons.
    await page.emulateMedia({ media: 'print' });
    // Printed: whose statement, their number, the day and the search (issue 30).
    await expect(printHeader).toBeVisible();
    await expect(printHeader).toContainText(site.member);
    await expect(printHeader.locator('p')).toHaveCount(3);
    await expect(main.locator('.points-balance')).toBeVisible();
    await expect(main.locator('table.points-table--cards').first()).toBeVisible();
    await expect(page.locator('.site-header')).toBeHidden();
    await expect(page.locator('.site-footer')).toBeHidden();
    await expect(page.locator('.banner')).toBeHidden();
    for (const nav of await page.getByRole('navigation').all()) await expect(nav).toBeHidden();
    for (const button of await main.getByRole('button').all()) await expect(button).toBeHidden();
    await expect(main.getByRole('tablist')).toBeHidden();
    // Every tab's table prints, not only the selected one.
    for (const panel of await main.getByRole('tabpanel', { includeHidden: true }).all())
      await expect(panel).toBeVisible();
    await context.close();
  });
}
