import { expect, test, type Locator, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe';
import { linkTo, uniqueEmail, waitForMail } from './support/mail';
import { expectLoggedIn } from './support/membership';
import { countryUrl } from './support/urls';

/**
 * Keyboard-only journeys (WCAG 2.1.1, 2.4.3, 2.4.7, 2.4.11): after the page
 * is opened, only Tab, Shift+Tab, Enter, Space, arrows and typing. Every
 * link and button that takes the focus on the way must show a visible focus
 * indicator and must not be hidden behind the fixed parts of the page.
 */

type FocusState = {
  /** The element being looked for has the focus. */
  onTarget: boolean;
  description: string;
  /** A link, button or tab: it must draw a focus indicator. */
  control: boolean;
  indicator: boolean;
  obscuredBy: string | null;
};

/**
 * Runs in the page: what has the focus, whether it draws a focus indicator
 * (a 2 px outline or a box shadow while `:focus-visible`), and what covers it.
 */
function inspectFocus(target: Element): FocusState | null {
  const element = document.activeElement;
  if (!(element instanceof HTMLElement) || element === document.body) return null;
  const style = getComputedStyle(element);
  const outline =
    style.outlineStyle !== 'none' &&
    parseFloat(style.outlineWidth) >= 2 &&
    style.outlineColor !== 'rgba(0, 0, 0, 0)';
  const shadow = style.boxShadow !== 'none';
  // Hidden when no line box of the element shows the element itself at its middle.
  const hits = Array.from(element.getClientRects(), (box) => {
    const x = Math.min(Math.max(box.left + box.width / 2, 0), window.innerWidth - 1);
    const y = Math.min(Math.max(box.top + box.height / 2, 0), window.innerHeight - 1);
    return document.elementFromPoint(x, y);
  });
  const shows = (hit: Element | null) => hit !== null && (hit === element || element.contains(hit));
  const top = hits.find((hit) => hit !== null && !shows(hit)) ?? null;
  const describe = (node: Element) =>
    `<${node.tagName.toLowerCase()}${node.className ? ` class="${String(node.className)}"` : ''}> "${(node.textContent ?? '').trim().slice(0, 40)}"`;
  return {
    onTarget: element === target,
    description: describe(element),
    control: element.matches('a[href], button, [role="button"], [role="tab"]'),
    indicator: element.matches(':focus-visible') && (outline || shadow),
    obscuredBy: top !== null && !hits.some(shows) ? describe(top) : null,
  };
}

/** Checks the focused element: links and buttons show a focus indicator; nothing covers it. */
function expectVisibleFocus(state: FocusState | null): void {
  if (state === null) return;
  if (state.control) expect(state.indicator, `focus indicator on ${state.description}`).toBe(true);
  expect(state.obscuredBy, `${state.description} is covered`).toBeNull();
}

/** Presses Tab (or Shift+Tab) until `target` has the focus, checking the focus at every stop. */
async function tabTo(page: Page, target: Locator, { back = false, max = 80 } = {}): Promise<void> {
  await expect(target).toBeVisible();
  if ((await target.evaluate(inspectFocus))?.onTarget) return;
  for (let presses = 0; presses < max; presses++) {
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
    const state = await target.evaluate(inspectFocus);
    expectVisibleFocus(state);
    if (state?.onTarget) return;
  }
  throw new Error(
    `${max} presses of ${back ? 'Shift+Tab' : 'Tab'} did not reach ${String(target)}`,
  );
}

async function typeInto(page: Page, field: Locator, value: string): Promise<void> {
  await tabTo(page, field);
  await page.keyboard.type(value);
  await expect(field).toHaveValue(value);
}

/** Starts at the top of a freshly opened page: the skip link is the first stop. */
async function skipToContent(page: Page): Promise<void> {
  await page.keyboard.press('Tab');
  const state = await page.locator('.skip-link').evaluate(inspectFocus);
  expect(state?.onTarget, 'the skip link is the first stop').toBe(true);
  expectVisibleFocus(state);
  await page.keyboard.press('Enter');
  await expect(page.locator('main#main')).toBeFocused();
}

test.describe('keyboard only', () => {
  // Long journeys with a check at every key press; nothing in them waits on time.
  test.describe.configure({ timeout: 120_000 });

  test('log in with the keyboard: skip link, fields, Shift+Tab back, Enter', async ({ page }) => {
    await page.goto(countryUrl('gr', '/login'));
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 1 })).toBeVisible();
    await skipToContent(page);

    await typeInto(page, main.getByLabel('Member number'), '9000001');
    await typeInto(page, main.getByLabel('Password', { exact: true }), 'demo2026');
    const login = main.getByRole('button', { name: 'Login' });
    await tabTo(page, login);
    // Back to the number and forward again: the order is the visual one.
    await tabTo(page, main.getByLabel('Member number'), { back: true });
    await tabTo(page, login);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(countryUrl('gr', '/'));
    await expectLoggedIn(page);
    await expect(main.getByRole('heading', { level: 1, name: 'Welcome, Eleni!' })).toBeVisible();
  });

  test('register a new member with the keyboard, then confirm', async ({ page }) => {
    const email = uniqueEmail('keyboard');
    await page.goto(countryUrl('gr', '/registration'));
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 1 })).toBeVisible();
    await skipToContent(page);

    // Country (the club has several): type-ahead in the select, then Select.
    const country = main.getByLabel('Country', { exact: true });
    await tabTo(page, country);
    await page.keyboard.type('Greece');
    await expect(country).toHaveValue('gr');
    await tabTo(page, main.getByRole('button', { name: 'Select' }));
    await page.keyboard.press('Enter');

    // Office ID, submitted with Enter in the field.
    const office = main.getByLabel('Office ID');
    await expect(office).toBeVisible();
    await typeInto(page, office, 'ATHGR2101');
    await page.keyboard.press('Enter');

    // The agreement: Space ticks the box, Space presses Continue.
    const agree = main.getByRole('checkbox', { name: /I agree/ });
    await tabTo(page, agree);
    await page.keyboard.press('Space');
    await expect(agree).toBeChecked();
    await tabTo(page, main.getByRole('button', { name: 'Continue' }));
    await page.keyboard.press('Space');

    // The form.
    await typeInto(page, main.getByLabel('First name'), 'Nikos');
    await typeInto(page, main.getByLabel('Last name'), 'Keyboard');
    const title = main.getByLabel('Title');
    await tabTo(page, title);
    await page.keyboard.press('ArrowDown');
    await expect(title).not.toHaveValue('');
    await typeInto(page, main.getByLabel('Password', { exact: true }), 'Keyboard2026');
    await typeInto(page, main.getByLabel('Repeat the password'), 'Keyboard2026');
    await typeInto(page, main.getByLabel('Email'), email);
    await tabTo(page, main.getByRole('button', { name: 'Continue' }));
    await page.keyboard.press('Enter');

    await expect(page).toHaveURL(/\/registration-success/);
    await expect(main.getByRole('heading', { level: 1 })).toBeVisible();
    await expectNoAxeViolations(page, 'registration-success with the member number');
    const mail = await waitForMail(email);
    await page.goto(linkTo(mail, 'registration-email-confirm'));
    const logIn = main.getByRole('link', { name: 'Log in' });
    await expect(logIn).toBeVisible();
    await expectNoAxeViolations(page, 'registration-email-confirm, confirmed');
    await tabTo(page, logIn);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/login/);
  });

  test('order a gift with the keyboard: quantity, Order, delivery, Continue, Confirm order, the thank-you', async ({
    page,
  }) => {
    // gr is a partner-programme country on the test server: its members order
    // from the partner. The demo member 9000004 of at orders here, in English.
    await page.goto(countryUrl('at', '/eng/login'));
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 1 })).toBeVisible();
    await typeInto(page, main.getByLabel('Member number'), '9000004');
    await typeInto(page, main.getByLabel('Password', { exact: true }), 'demo2026');
    await page.keyboard.press('Enter');
    await expectLoggedIn(page);

    // Home: "Spend my points" leads to the gift list.
    const spend = main.getByRole('link', { name: 'Spend my points' });
    await tabTo(page, spend);
    await page.keyboard.press('Enter');
    await expect(main.getByRole('heading', { level: 1, name: 'Gifts' })).toBeVisible();

    const quantity = main.getByLabel('Quantity Travel umbrella');
    await tabTo(page, quantity);
    await page.keyboard.press('ArrowDown');
    await expect(quantity).toHaveValue('1');
    const order = main.getByRole('button', { name: 'Order' });
    await expect(order).toBeEnabled();
    await tabTo(page, order);
    await page.keyboard.press('Enter');

    await expect(page).toHaveURL(/redeem-points\?sel_gifts(%5B|\[)203(%5D|\])=1/);
    await expect(main.getByRole('table', { name: 'Your chosen gifts' })).toContainText(
      'Travel umbrella',
    );
    // No delivery is preselected: the arrow keys choose one in the radio group.
    const collect = main.getByRole('radio', { name: 'Collect personally' });
    await expect(collect).not.toBeChecked();
    await tabTo(page, main.getByRole('radio', { name: 'Send to my address' }));
    await page.keyboard.press('ArrowDown');
    await expect(collect).toBeChecked();
    await tabTo(page, main.getByRole('button', { name: 'Continue' }));
    await page.keyboard.press('Enter');
    // The confirmation step takes the focus; nothing is spent before Confirm order.
    await expect(page.locator(':focus')).toHaveText('Confirm your order');
    await expectNoAxeViolations(page, 'redeem-points, confirmation');
    await tabTo(page, main.getByRole('button', { name: 'Confirm order' }));
    await page.keyboard.press('Enter');
    await expect(main.getByText('Thank you for your order!').first()).toBeVisible();
    await expect(main.getByText('Points remaining', { exact: true })).toBeVisible();
    // The outcome takes the focus, so a screen reader reads it.
    await expect(page.locator(':focus')).toContainText('Thank you for your order!');
    await expectNoAxeViolations(page, 'redeem-points, ordered');
  });

  test('the terms and direct-access dialogs: no violations, Tab stays inside, the focus comes back', async ({
    page,
  }) => {
    // The server says the member has not accepted the updated terms, then that
    // the member uses the direct-access product (as membership.spec.ts does).
    let user: Record<string, unknown> = { agentAcceptedTermsAndConditions: false };
    await page.route(/\/s2c\/auth\/v1\/(agents\/\d+|token\/agent)$/, async (route) => {
      if (route.request().method() !== 'GET' && !route.request().url().endsWith('token/agent'))
        return route.continue();
      const answer = await route.fetch({
        url: route.request().url().replace('//gr.localhost', '//localhost'),
      });
      const body = (await answer.json()) as { data: Record<string, unknown> };
      Object.assign('user' in body.data ? (body.data.user as object) : body.data, user);
      await route.fulfill({ response: answer, json: body });
    });
    await page.goto(countryUrl('gr', '/login'));
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 1 })).toBeVisible();
    await typeInto(page, main.getByLabel('Member number'), '9000001');
    await typeInto(page, main.getByLabel('Password', { exact: true }), 'demo2026');
    await page.keyboard.press('Enter');

    const terms = page.getByRole('dialog', { name: 'Terms and Conditions' });
    await expect(terms).toBeFocused();
    await expectNoAxeViolations(page, 'terms dialog');
    const link = terms.getByRole('link', { name: /terms and conditions/ });
    const ok = terms.getByRole('button', { name: 'Ok' });
    await tabTo(page, ok);
    await page.keyboard.press('Tab');
    await expect(link).toBeFocused();
    await page.keyboard.press('Shift+Tab');
    await expect(ok).toBeFocused();
    user = {};
    await page.keyboard.press('Enter');
    await expect(terms).toBeHidden();
    // What had the focus (the password field) went with the login page: the main area has it.
    await expect(page.locator('main#main')).toBeFocused();

    // The direct-access dialog, on the next user check.
    user = { isAmadeusDirectUser: true };
    await page.goto(countryUrl('gr', '/faq'));
    const direct = page.getByRole('dialog', { name: 'The club has moved to a new address' });
    await expect(direct).toBeFocused();
    await expectNoAxeViolations(page, 'direct-access dialog');
    const cancel = direct.getByRole('button', { name: 'Cancel' });
    const open = direct.getByRole('button', { name: 'Open Amadeus Direct' });
    await tabTo(page, open);
    await page.keyboard.press('Tab');
    await expect(cancel).toBeFocused();
    await page.keyboard.press('Shift+Tab');
    await expect(open).toBeFocused();
    await page.keyboard.press('Shift+Tab');
    await expect(cancel).toBeFocused();
    // Cancel logs out: the dialog closes and the focus is in the page again.
    await page.keyboard.press('Space');
    await expect(direct).toBeHidden();
    await expect(page.getByRole('banner').getByRole('link', { name: 'Login' })).toBeVisible();
    await expect(page.locator('main#main')).toBeFocused();
  });
});
