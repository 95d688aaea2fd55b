import { expect, test, type Browser, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe';
import { OwnServer } from './support/own-server';
import { inMatrix } from './support/matrix';

/**
 * The terms gate and the direct-access overlay with nothing mocked (spec 2 §4):
 * a country publishes new terms (a new `termsVersion` loaded by content:load),
 * an office turns to direct sales, staff mark a member. On a server of this
 * file's own, since each of these changes every member of a country.
 */

const widths = [
  { name: 'desktop', viewport: { width: 1280, height: 800 } },
  { name: 'phone', viewport: { width: 390, height: 844 } },
];

/** Demo members: Greek in English (left to right), Emirati in Arabic (right to left). */
const sites = [
  {
    country: 'gr',
    loginPath: '/login',
    homePath: '/',
    number: '9000001',
    direction: 'ltr',
    termsTitle: 'Terms and Conditions',
  },
  {
    country: 'ae',
    loginPath: '/eng/login',
    homePath: '/',
    number: '9000003',
    direction: 'rtl',
    termsTitle: 'الشروط والأحكام',
  },
];

const server = new OwnServer();
test.describe.configure({ mode: 'serial' });
test.beforeAll(async () => {
  test.setTimeout(120_000);
  await server.start();
});
test.afterAll(() => server.stop());

async function logIn(
  browser: Browser,
  viewport: { width: number; height: number },
  site: {
    country: string;
    loginPath: string;
    number: string;
  },
) {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  await page.goto(server.url(site.country, site.loginPath));
  const main = page.getByRole('main');
  await main.getByLabel('Member number').fill(site.number);
  await main.getByLabel('Password', { exact: true }).fill('demo2026');
  await main.getByRole('button', { name: 'Login' }).click();
  // Logged in: the login page hands over to the member's home.
  await expect(page).not.toHaveURL(/\/login$/);
  return { context, page };
}

/** The dialog lies within the viewport: nothing of it is cut off at the sides. */
async function expectWithinViewport(page: Page, dialogName: string) {
  const box = await page.getByRole('dialog', { name: dialogName }).boundingBox();
  const width = page.viewportSize()!.width;
  expect(box).not.toBeNull();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(width);
}

for (const [index, width] of inMatrix([...widths.entries()], 1)) {
  test(`new terms in gr and ae: their members meet the gate until they accept, at ${width.name} width`, async ({
    browser,
  }) => {
    // A content load by a staff command and two members' journeys: more than the default 30 s under load.
    test.setTimeout(120_000);
    const version = `2027-0${index + 1}`;
    for (const country of ['gr', 'ae']) {
      server.editContent(`countries/${country}/country.json`, (file) => {
        file.termsVersion = version;
      });
    }
    expect(await server.runCommand('staff-commands/content-load-command.js')).toContain(
      'Content loaded',
    );

    for (const site of sites) {
      const { context, page } = await logIn(browser, width.viewport, site);
      await page.goto(server.url(site.country, site.homePath));
      const terms = page.getByRole('dialog', { name: site.termsTitle });
      await expect(terms).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('dir', site.direction);
      await expectWithinViewport(page, site.termsTitle);
      await expectNoAxeViolations(page, `terms gate, ${site.country}, ${width.name}`);

      // The link opens the terms in a new tab, where the gate does not stand in front of them.
      const link = terms.getByRole('link');
      await expect(link).toHaveAttribute('target', '_blank');
      const [termsTab] = await Promise.all([context.waitForEvent('page'), link.click()]);
      await expect(termsTab).toHaveURL(/\/terms-and-conditions$/);
      await expect(termsTab.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible();
      await expect(termsTab.getByRole('dialog')).toHaveCount(0);
      await termsTab.close();

      await terms.getByRole('button').click();
      await expect(terms).toBeHidden();
      // For good: the next visit shows the member's home without the gate.
      await page.reload();
      await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.getByRole('dialog')).toHaveCount(0);
      await context.close();
    }
  });
}

test('a member whose office turned to direct sales, and one marked by staff, see the direct-access overlay at both widths', async ({
  browser,
}) => {
  test.setTimeout(150_000);
  // VIEAT2101 (members 9000002 and 9000004) turns to direct sales in the directory.
  server.editContent('offices/at.json', (file) => {
    for (const office of file.offices as { officeId: string; isAmadeusDirectOffice: boolean }[]) {
      if (office.officeId === 'VIEAT2101') office.isAmadeusDirectOffice = true;
    }
  });
  expect(await server.runCommand('staff-commands/content-load-command.js')).toContain(
    'Direct-access users: 2',
  );
  // Staff mark the Emirati member 9000003.
  expect(await server.runCommand('modules/agents/direct-access-command.js', ['9000003'])).toBe(
    'Member 9000003: now a direct-access user\n',
  );

  const members = [
    {
      country: 'at',
      loginPath: '/eng/login',
      number: '9000004',
      title: 'The club has moved to a new address',
      direction: 'ltr',
    },
    {
      country: 'ae',
      loginPath: '/eng/login',
      number: '9000003',
      title: 'The club has moved to a new address',
      direction: 'rtl',
    },
  ];
  for (const width of inMatrix(widths)) {
    for (const member of members) {
      const { context, page } = await logIn(browser, width.viewport, member);
      const overlay = page.getByRole('dialog', { name: member.title });
      await expect(overlay).toBeVisible();
      await expectWithinViewport(page, member.title);
      await expect(overlay.getByRole('button')).toHaveCount(2);
      await context.close();
    }
  }

  // In the member's own language on the right-to-left site.
  const { context, page } = await logIn(browser, widths[1]!.viewport, members[1]!);
  await page.goto(server.url('ae', '/'));
  const arabic = page.getByRole('dialog', { name: 'انتقل النادي إلى عنوان جديد' });
  await expect(arabic).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expectNoAxeViolations(page, 'direct-access overlay, ae, phone');
  // Cancel logs out.
  await arabic.getByRole('button', { name: 'إلغاء' }).click();
  await expect(arabic).toBeHidden();
  await context.close();

  // Staff take the mark away: the member is back in the club.
  await server.runCommand('modules/agents/direct-access-command.js', ['9000003', '--off']);
  const back = await logIn(browser, widths[0]!.viewport, members[1]!);
  await expect(back.page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible();
  await expect(back.page.getByRole('dialog')).toHaveCount(0);
  await back.context.close();
});
