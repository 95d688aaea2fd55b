import { expect, test, type Locator, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe';
import { linkTo, uniqueEmail, waitForMail } from './support/mail';
import { expectLoggedIn, logInInEnglish, register } from './support/membership';
import { inMatrix } from './support/matrix';
import { countryUrl } from './support/urls';

/**
 * The moments that tell a member how to earn and what they spent (issue 30):
 * the booking remark card on registration success and the member home, the
 * "how to start" home of a member with no points yet, and the order's
 * thank-you, on an LTR site (gr in English and Greek, at) and the Arabic one
 * (ae, right to left); at a phone's width by default, and at 1280 px too in
 * the full matrix.
 */

const widths = [
  { name: 'desktop', viewport: { width: 1280, height: 800 } },
  { name: 'phone', viewport: { width: 390, height: 844 } },
];
const desktop = widths[0]!.viewport;

/** The demo member of at who orders in the keyboard journey too (content/demo): 1,000 points. */
const jonas = { number: '9000004', password: 'demo2026' };
/** The demo member of ae: ae's ordering is closed, so home says when it reopens. */
const layla = { number: '9000003', password: 'demo2026' };

/** A password no common-password list holds. */
const password = 'Quokka4Orbit9';

/** The page does not scroll sideways (nothing cut off at a phone's width). */
async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
}

/** The remark of a card, as shown. */
const remarkOf = (card: Locator) => card.locator('code');

/**
 * Where `RM*AMA` and the number sit on the screen: the remark is typed as it
 * reads, so `RM*AMA` must be left of the number in any page direction.
 */
async function remarkReadsLeftToRight(card: Locator): Promise<boolean> {
  return remarkOf(card).evaluate((code) => {
    const node = document.createTreeWalker(code, NodeFilter.SHOW_TEXT).nextNode() as Text;
    const range = document.createRange();
    range.setStart(node, 0);
    range.setEnd(node, 'RM*AMA'.length);
    const prefix = range.getBoundingClientRect();
    range.setStart(node, 'RM*AMA '.length);
    range.setEnd(node, node.length);
    const number = range.getBoundingClientRect();
    return prefix.right <= number.left;
  });
}

/** The rows of the card's table of what each segment earns, as [segment, points]. */
async function earningRows(card: Locator): Promise<string[][]> {
  return card
    .getByRole('table')
    .locator('tbody tr')
    .evaluateAll((rows) =>
      rows.map((row) =>
        Array.from(row.querySelectorAll('th, td')).map((cell) => cell.textContent ?? ''),
      ),
    );
}

/** Every element of `box` lies inside it and inside the window, and none scrolls sideways. */
async function expectNothingClipped(box: Locator) {
  const problems = await box.evaluate((root) => {
    const outer = root.getBoundingClientRect();
    const found: string[] = [];
    for (const element of [root, ...Array.from(root.querySelectorAll('*'))]) {
      const rect = element.getBoundingClientRect();
      const name = `${element.tagName} "${(element.textContent ?? '').slice(0, 40)}"`;
      if (rect.left < outer.left - 1 || rect.right > outer.right + 1)
        found.push(`${name} outside the box`);
      if (rect.left < 0 || rect.right > window.innerWidth) found.push(`${name} outside the window`);
      if (element.scrollWidth > element.clientWidth + 1) found.push(`${name} cut off`);
    }
    return found;
  });
  expect(problems).toEqual([]);
}

/** The box's children stand one under the other: each starts below the one before. */
async function expectStacked(box: Locator) {
  const tops = await box.evaluate((root) =>
    Array.from(root.children).map((child) => {
      const rect = child.getBoundingClientRect();
      return { top: Math.round(rect.top), bottom: Math.round(rect.bottom) };
    }),
  );
  for (let index = 1; index < tops.length; index++)
    expect(tops[index]!.top).toBeGreaterThanOrEqual(tops[index - 1]!.bottom);
}

for (const { name, viewport } of inMatrix(widths, 1)) {
  test.describe(`how to earn (${name})`, () => {
    // Whole journeys: registration, mail, several page loads and axe runs each.
    test.describe.configure({ timeout: 150_000 });

    test('gr (ltr, English and Greek): the remark card after registration, copied as typed; a new member starts on "how to start"', async ({
      page,
      context,
    }) => {
      await context.grantPermissions(['clipboard-read', 'clipboard-write'], {
        origin: countryUrl('gr', '').replace(/\/$/, ''),
      });
      const email = uniqueEmail('remark-gr');
      await page.setViewportSize(desktop);
      await register(page, {
        country: 'gr',
        path: '/eng/registration',
        officeId: 'ATHGR2101',
        email,
        password,
        firstName: 'Eleni',
      });
      await expect(page).toHaveURL(/\/registration-success/);
      await page.setViewportSize(viewport);
      const main = page.getByRole('main');

      // Registration success: the remark as it must be typed, with its space.
      const card = main.getByRole('region', { name: 'Your booking remark' });
      await expect(remarkOf(card)).toHaveText(/^RM\*AMA \d+$/);
      const remark = (await remarkOf(card).textContent()) ?? '';
      const number = remark.slice('RM*AMA '.length);
      expect(await remarkReadsLeftToRight(card)).toBe(true);
      await expect(card).toContainText('Type it in the remarks of every booking');
      expect(await earningRows(card)).toEqual([
        ['Air', '5'],
        ['Hotel', '10'],
        ['Car', '10'],
        ['Rail', '10'],
      ]);
      // Copied exactly, and said so.
      await card.getByRole('button', { name: 'Copy the remark' }).click();
      await expect(card.getByRole('status')).toHaveText('Copied');
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(remark);
      await expectNoSidewaysScroll(page);
      await expectNoAxeViolations(page, `gr registration-success (${name})`);

      // The confirmation mail carries the same remark, whole in one left-to-right span.
      const mail = await waitForMail(email);
      expect(mail.text).toContain(`RM*AMA ${number}`);
      expect(mail.html).toContain(`<span dir="ltr">RM*AMA <span dir="ltr">${number}</span></span>`);
      await page.goto(linkTo(mail, 'registration-email-confirm'));
      await expect(main.getByRole('link', { name: 'Log in' })).toBeVisible();

      // The first home: how to start, not an empty status and nothing to spend.
      await page.setViewportSize(desktop);
      await logInInEnglish(page, 'gr', number, password);
      await page.setViewportSize(viewport);
      await page.goto(countryUrl('gr', '/eng/'));
      await expect(main.getByText('You have no points yet.')).toBeVisible();
      const start = main.getByRole('region', { name: 'How to start earning points' });
      await expect(start.getByRole('listitem')).toHaveCount(3);
      await expect(start).toContainText(
        'Points stay yours for 3 years from the day they are credited.',
      );
      const homeCard = main.getByRole('region', { name: 'Your booking remark' });
      await expect(remarkOf(homeCard)).toHaveText(remark);
      await expect(main.getByRole('link', { name: 'Spend my points' })).toHaveCount(0);
      await expect(main.getByRole('button', { name: 'Spend my points' })).toHaveCount(0);
      await expect(main.getByRole('region', { name: 'When your points lapse' })).toHaveCount(0);
      await expect(main.getByRole('table', { name: 'Segments' })).toHaveCount(0);
      await expectNoSidewaysScroll(page);
      await expectNoAxeViolations(page, `gr home, how to start, English (${name})`);

      // The same in Greek, every word in Greek (by its prefix: the site remembers English).
      await page.goto(countryUrl('gr', '/ell/'));
      await expect(
        main.getByRole('region', { name: 'Πώς να αρχίσετε να κερδίζετε πόντους' }),
      ).toBeVisible();
      const greekCard = main.getByRole('region', { name: 'Η παρατήρηση κράτησής σας' });
      await expect(remarkOf(greekCard)).toHaveText(remark);
      expect(await earningRows(greekCard)).toEqual([
        ['Πτήση', '5'],
        ['Ξενοδοχείο', '10'],
        ['Αυτοκίνητο', '10'],
        ['Τρένο', '10'],
      ]);
      await expect(
        greekCard.getByRole('button', { name: 'Αντιγραφή της παρατήρησης' }),
      ).toBeVisible();
      await expectNoSidewaysScroll(page);
      await expectNoAxeViolations(page, `gr home, how to start, Greek (${name})`);
    });

    test('ae (rtl Arabic): the remark reads RM*AMA first on registration success and on "how to start"', async ({
      page,
    }) => {
      await page.setViewportSize(desktop);
      // No double opt-in in ae: the new member is logged in at once.
      await register(page, {
        country: 'ae',
        path: '/eng/registration',
        officeId: 'DXBAE2101',
        email: uniqueEmail('remark-ae'),
        password,
        firstName: 'Amal',
      });
      await expect(page).toHaveURL(/\/registration-success/);
      await expectLoggedIn(page);
      await page.setViewportSize(viewport);
      const main = page.getByRole('main');

      // In Arabic by its prefix: the site remembers the English of the registration.
      await page.goto(countryUrl('ae', '/ara/registration-success'));
      await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
      const card = main.getByRole('region', { name: 'ملاحظة الحجز الخاصة بك' });
      await expect(remarkOf(card)).toHaveText(/^RM\*AMA \d+$/);
      const remark = (await remarkOf(card).textContent()) ?? '';
      // Not "1000003 RM*AMA": the one string an agent copies into the booking.
      expect(await remarkReadsLeftToRight(card)).toBe(true);
      expect(await earningRows(card)).toEqual([
        ['طيران', '5'],
        ['فندق', '10'],
        ['سيارة', '10'],
        ['قطار', '10'],
      ]);
      await expect(card.getByRole('button', { name: 'نسخ الملاحظة' })).toBeVisible();
      await expectNoSidewaysScroll(page);
      await expectNoAxeViolations(page, `ae registration-success, Arabic (${name})`);

      await page.goto(countryUrl('ae', '/ara/'));
      await expect(main.getByText('لا توجد لديك نقاط بعد.')).toBeVisible();
      const start = main.getByRole('region', { name: 'كيف تبدأ في كسب النقاط' });
      await expect(start.getByRole('listitem')).toHaveCount(3);
      await expect(start).toContainText(/تبقى النقاط لك لمدة (3|٣) سنوات/);
      const homeCard = main.getByRole('region', { name: 'ملاحظة الحجز الخاصة بك' });
      await expect(remarkOf(homeCard)).toHaveText(remark);
      expect(await remarkReadsLeftToRight(homeCard)).toBe(true);
      await expect(main.getByRole('link', { name: 'استبدل نقاطي' })).toHaveCount(0);
      await expect(main.getByRole('img')).toHaveCount(0);
      await expectNoSidewaysScroll(page);
      await expectNoAxeViolations(page, `ae home, how to start, Arabic (${name})`);
    });

    test('ae (rtl Arabic): a member with points sees the remark card beside them, and the closed-ordering notice as one sentence', async ({
      page,
    }) => {
      await page.setViewportSize(desktop);
      await logInInEnglish(page, 'ae', layla.number, layla.password);
      await page.setViewportSize(viewport);
      await page.goto(countryUrl('ae', '/ara/'));
      await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
      const main = page.getByRole('main');
      const card = main.getByRole('region', { name: 'ملاحظة الحجز الخاصة بك' });
      await expect(remarkOf(card)).toHaveText(`RM*AMA ${layla.number}`);
      expect(await remarkReadsLeftToRight(card)).toBe(true);
      // The notice's words and its date flow as one paragraph, not as boxes side by side.
      const closed = main.locator('.points-home__spend .alert');
      await expect(closed).toContainText('طلب الهدايا مغلق حاليًا.');
      expect(await closed.evaluate((notice) => getComputedStyle(notice).display)).toBe('block');
      await expectNothingClipped(closed);
      await expectNoSidewaysScroll(page);
      await expectNoAxeViolations(page, `ae home with points, Arabic (${name})`);
    });

    test('at (ltr): the thank-you after an order stands in one column, nothing cut off, with a link to the order', async ({
      page,
    }) => {
      await page.setViewportSize(desktop);
      await logInInEnglish(page, 'at', jonas.number, jonas.password);
      await page.setViewportSize(viewport);
      await page.goto(countryUrl('at', '/eng/gifts?sort=points-asc'));
      const main = page.getByRole('main');
      await main.getByLabel('Quantity Club mug').selectOption('1');
      await main.getByRole('button', { name: 'Order' }).click();
      await main.getByRole('radio', { name: 'Collect personally' }).check();
      await main.getByRole('button', { name: 'Continue' }).click();
      const cost = (await main.getByTestId('redeem-cost').innerText()).replace(/\D/g, '');
      await main.getByRole('button', { name: 'Confirm order' }).click();

      const thanks = main.getByRole('region', { name: 'Thank you for your order!' });
      await expect(thanks).toBeVisible();
      const orderId = (await thanks.getByText(/^Order number: /).innerText()).replace(/\D/g, '');
      await expect(thanks.getByRole('list', { name: 'What you ordered' })).toHaveText(
        '1 × Club mug',
      );
      const figure = (label: string) =>
        thanks.locator('dl > div').filter({ hasText: label }).locator('dd');
      expect((await figure('Points spent').innerText()).replace(/\D/g, '')).toBe(cost);
      await expect(figure('Points remaining')).toHaveText(/^\d[\d,]*$/);
      await expectStacked(thanks);
      await expectNothingClipped(thanks);
      await expectNoSidewaysScroll(page);
      await expectNoAxeViolations(page, `at redeem-points, thank-you (${name})`);

      // The link leads to this order on the points page, in view.
      await thanks.getByRole('link', { name: 'See this order and how it progresses' }).click();
      await expect(page).toHaveURL(new RegExp(`/points#order-${orderId}$`));
      await expect(main.getByRole('tab', { name: 'Ordered gifts' })).toHaveAttribute(
        'aria-selected',
        'true',
      );
      const card = main.getByRole('listitem', { name: `Order ${orderId}` });
      await expect(card).toBeFocused();
      await expect(card).toBeInViewport();
    });
  });
}
