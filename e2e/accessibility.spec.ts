import { expect, test, type Browser, type Page } from '@playwright/test';
import { memberPageNames, publicPageNames } from '@club/contract/routes';
import { axeViolations, readableFindings, type AxeFinding } from './support/axe';
import { linkTo, mailsTo, waitForMail } from './support/mail';
import { countryUrl } from './support/urls';
import { inMatrix } from './support/matrix';

/**
 * WCAG 2.2 AA with axe on every page of the route table (spec 2 §2.1), as a
 * guest and as a logged-in member, left to right (gr, English) and right to
 * left (ae, Arabic), at a desktop and a mobile width. One browser context per
 * country, width and role visits all its pages; a failure lists every
 * violation of every page with its targets.
 */
const widths = [
  { name: 'desktop', viewport: { width: 1280, height: 800 } },
  // WCAG 1.4.10 (reflow) asks for 320 CSS pixels without scrolling sideways.
  { name: 'mobile', viewport: { width: 320, height: 720 } },
] as const;

type Site = {
  country: string;
  /** Language prefix of the paths ('' for the country's default language). */
  prefix: string;
  direction: 'ltr' | 'rtl';
  member: string;
  /** A cheap gift of the country's catalogue, for redeem-points. */
  giftId: number;
};
const gr: Site = { country: 'gr', prefix: '', direction: 'ltr', member: '9000001', giftId: 109 };
const ae: Site = { country: 'ae', prefix: '', direction: 'rtl', member: '9000003', giftId: 304 };
/**
 * gr is a partner-programme country on the test server (start-server.mjs):
 * its members' gifts and redeem-points lead to the partner. The gift pages
 * are checked left to right in at, in English, with the demo member 9000004
 * (looking only: the keyboard journey orders with that member).
 */
const at: Site = {
  country: 'at',
  prefix: '/eng',
  direction: 'ltr',
  member: '9000004',
  giftId: 209,
};
const password = 'demo2026';
const partnerUrl = 'https://partner.example/club';

/** An inactive gr office that no other journey opts in (agencies.spec.ts uses ATHGR2102). */
const inactiveOffice = { id: 'HERGR2104', manager: 'manager.hergr2104@example.com' };

const api = `http://127.0.0.1:${process.env.E2E_PORT ?? '3100'}/s2c/auth/v1`;

/**
 * The query of the opt-in link mailed to an inactive office's decision maker
 * when an agent asks for access. The server mails it once per quiet period,
 * so every test reads that first mail; opening the link does not use it,
 * only submitting the form.
 */
async function optInQuery(office: { id: string; manager: string }): Promise<string> {
  const answer = await fetch(`${api}/offices/${office.id}/gr/enroll/push`, { method: 'POST' });
  expect(answer.status).toBe(200);
  return new URL(linkTo(await waitForMail(office.manager), 'agency-opt-in')).search;
}

/** An inactive gr office that only this suite opts in, for a real opt-out link. */
const optOutOffice = { id: 'RHOGR2105', manager: 'manager.rhogr2105@example.com' };

/**
 * The query of an opt-out link: the office is opted in once through the
 * calls a decision maker's browser makes, and the decision maker's
 * confirmation (their second mail: the office mails its decision maker one
 * request per quiet period) carries the link. Later tests (and retries) read
 * that same confirmation.
 */
async function optOutQuery(): Promise<string> {
  if ((await mailsTo(optOutOffice.manager)).length < 2) {
    const change = await fetch(
      `${api}/agency/state-change-request${await optInQuery(optOutOffice)}`,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          firstName: 'Rodi',
          lastName: 'Manager',
          email: optOutOffice.manager,
          agree: true,
        }),
      },
    );
    // Tests run in two workers: the other one may have used the link first.
    const answer = JSON.stringify(await change.json());
    expect(answer).toMatch(/"active":true|not valid any more/);
  }
  return new URL(linkTo(await waitForMail(optOutOffice.manager, 2), 'agency-opt-out')).search;
}

type Visit = { name: string; path: string };

const pathOf = (name: string, query = '') => `/${name === 'home' ? '' : name}${query}`;

/** Every page name; the agency forms with a valid link of their purpose. */
function guestVisits(links: { optIn: string; optOut: string }): Visit[] {
  const queries: Record<string, string> = {
    'agency-opt-in': links.optIn,
    'agency-opt-out': links.optOut,
    'registration-email-confirm': '?token=not-a-valid-token',
    'restore-confirm': '?token=not-a-valid-token',
    'forgot-password': '?token=not-a-valid-token',
  };
  return [...publicPageNames, ...memberPageNames].map((name) => ({
    name,
    path: pathOf(name, queries[name]),
  }));
}

/** The member home, the archive and every member page; redeem-points with a chosen gift and with none. */
function memberVisits(site: Site): Visit[] {
  const visits = ['home', 'archive-points', ...memberPageNames].map((name) => ({
    name,
    path: pathOf(name, name === 'redeem-points' ? `?sel_gifts[${site.giftId}]=1` : ''),
  }));
  return [...visits, { name: 'redeem-points (no gift)', path: '/redeem-points' }];
}

/** Waits until the page has loaded and shows its level-1 heading, with nothing inside still busy. */
async function pageReady(page: Page): Promise<void> {
  const main = page.locator('main#main');
  await expect(main).toHaveAttribute('aria-busy', 'false');
  await expect(main.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await expect(main.locator('[aria-busy="true"]')).toHaveCount(0);
}

async function newPage(browser: Browser, viewport: { width: number; height: number }) {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  await page.route(`${partnerUrl}**`, (route) =>
    route.fulfill({ contentType: 'text/html', body: '<title>Partner</title><h1>Partner</h1>' }),
  );
  return { context, page };
}

/**
 * WCAG 3.1.2 (language of parts), which axe cannot see: on an Arabic page the
 * heading and the document title are Arabic, not an English fallback of a
 * text missing from the content.
 */
async function languageFindings(page: Page, label: string): Promise<AxeFinding[]> {
  const heading = await page
    .getByRole('main')
    .getByRole('heading', { level: 1 })
    .first()
    .innerText();
  const arabic = /[\u0600-\u06FF]/;
  const texts: [what: string, text: string][] = [
    ['heading', heading],
    ['document title', await page.title()],
  ];
  return texts
    .filter(([, text]) => !arabic.test(text))
    .map(([what, text]) => ({
      page: label,
      report: `${what} "${text}" is not in Arabic (WCAG 3.1.2)`,
    }));
}

/**
 * WCAG 1.4.10 (reflow), which axe cannot see: the page is no wider than the
 * window. Wide data tables scroll inside their own region, not the page.
 */
async function reflowFindings(page: Page, label: string): Promise<AxeFinding[]> {
  const { pageWidth, windowWidth } = await page.evaluate(() => ({
    pageWidth: document.documentElement.scrollWidth,
    windowWidth: document.documentElement.clientWidth,
  }));
  return pageWidth > windowWidth
    ? [
        {
          page: label,
          report: `the page is ${pageWidth} px wide in a ${windowWidth} px window (WCAG 1.4.10)`,
        },
      ]
    : [];
}

async function visitAndAudit(page: Page, site: Site, visit: Visit): Promise<AxeFinding[]> {
  await page.goto(countryUrl(site.country, `${site.prefix}${visit.path}`));
  await expect(page.locator('html')).toHaveAttribute('dir', site.direction);
  await pageReady(page);
  const label = `${site.country}${site.prefix} ${visit.name}`;
  const findings = await axeViolations(page, label);
  findings.push(...(await reflowFindings(page, label)));
  if (site.direction === 'rtl') findings.push(...(await languageFindings(page, label)));
  return findings;
}

/** Logs in by the fields' names, so in any language, and waits for the member home. */
async function logIn(page: Page, site: Site): Promise<void> {
  await page.goto(countryUrl(site.country, `${site.prefix}/login`));
  const main = page.getByRole('main');
  await main.locator('input[name="number"]').fill(site.member);
  await main.locator('input[name="password"]').fill(password);
  await main.locator('button[type="submit"]').click();
  await expect(page).toHaveURL(countryUrl(site.country, site.prefix || '/'));
  await expect(main.locator('.points-home__spend')).toBeVisible();
}

async function auditAll(page: Page, site: Site, visits: Visit[]): Promise<AxeFinding[]> {
  const findings: AxeFinding[] = [];
  for (const visit of visits) findings.push(...(await visitAndAudit(page, site, visit)));
  return findings;
}

// A step that cannot happen fails in seconds, not at the end of the long test.
test.use({ actionTimeout: 15_000 });

for (const width of inMatrix(widths, 1)) {
  test.describe(`accessibility at ${width.name} width`, () => {
    test.describe.configure({ timeout: 300_000 });

    for (const site of inMatrix([gr, ae], 1)) {
      // The guest's pages in two halves and the open menu with the invalid forms
      // in a third test, so that two workers share the longest walk of the suite.
      for (const half of [0, 1] as const) {
        test(`${site.country} (${site.direction}): every page as a guest (${half === 0 ? 'first' : 'second'} half), no WCAG 2.2 AA violations`, async ({
          browser,
        }) => {
          const links = { optIn: await optInQuery(inactiveOffice), optOut: await optOutQuery() };
          const visits = guestVisits(links);
          const middle = Math.ceil(visits.length / 2);
          const { context, page } = await newPage(browser, width.viewport);
          const findings = await auditAll(
            page,
            site,
            half === 0 ? visits.slice(0, middle) : visits.slice(middle),
          );
          await context.close();
          expect(findings, readableFindings(findings)).toHaveLength(0);
        });
      }

      test(`${site.country} (${site.direction}): the open menu and the invalid forms as a guest, no WCAG 2.2 AA violations`, async ({
        browser,
      }) => {
        const { context, page } = await newPage(browser, width.viewport);
        const findings: AxeFinding[] = [];

        // The open mobile menu, or the open language list.
        await page.goto(countryUrl(site.country, '/faq'));
        await pageReady(page);
        const toggle = page.locator(
          width.name === 'mobile' ? '.mobile-menu__toggle' : '.language-switcher__button',
        );
        await toggle.first().click();
        await expect(toggle.first()).toHaveAttribute('aria-expanded', 'true');
        findings.push(
          ...(await axeViolations(
            page,
            `${site.country} faq, ${width.name === 'mobile' ? 'menu' : 'languages'} open`,
          )),
        );

        // Forms showing their validation messages; registration with an unknown office ID.
        for (const name of ['login', 'retrieve-password', 'restore', 'registration']) {
          const query = name === 'registration' ? '?countrySelected=1' : '';
          await page.goto(countryUrl(site.country, pathOf(name, query)));
          await pageReady(page);
          const main = page.getByRole('main');
          if (name === 'registration')
            await main.locator('input[name="officeId"]').fill('NOSUCH9999');
          await main.locator('button[type="submit"]').first().click();
          await expect(main.locator('[aria-invalid="true"]').first()).toBeVisible();
          findings.push(...(await axeViolations(page, `${site.country} ${name}, invalid`)));
        }
        await context.close();
        expect(findings, readableFindings(findings)).toHaveLength(0);
      });

      test(`${site.country} (${site.direction}): every member page as a member, no WCAG 2.2 AA violations`, async ({
        browser,
      }) => {
        const { context, page } = await newPage(browser, width.viewport);
        await logIn(page, site);
        const partnerPages = new Set(['gifts', 'redeem-points', 'redeem-points (no gift)']);
        const visits = memberVisits(site).filter(
          (visit) => site !== gr || !partnerPages.has(visit.name),
        );
        const findings = await auditAll(page, site, visits);
        if (site === gr) {
          // The partner's site is not ours to check.
          await page.goto(countryUrl(site.country, '/gifts'));
          await expect(page).toHaveURL(partnerUrl);
        }
        await context.close();
        expect(findings, readableFindings(findings)).toHaveLength(0);
      });
    }

    test('at (ltr, English): the gift list and redeem-points as a member, no WCAG 2.2 AA violations', async ({
      browser,
    }) => {
      const { context, page } = await newPage(browser, width.viewport);
      await logIn(page, at);
      const findings = await auditAll(page, at, [
        { name: 'gifts', path: '/gifts' },
        { name: 'redeem-points', path: `/redeem-points?sel_gifts[${at.giftId}]=1` },
        // More points than the member has.
        { name: 'redeem-points (not enough points)', path: '/redeem-points?sel_gifts[205]=1' },
        { name: 'redeem-points (no gift)', path: '/redeem-points' },
      ]);
      await context.close();
      expect(findings, readableFindings(findings)).toHaveLength(0);
    });
  });
}
