import { expect, test } from '@playwright/test';
import { uniqueEmail, waitForMail } from './support/mail';
import { expectLoggedIn, logInInEnglish, register } from './support/membership';
import { countryUrl } from './support/urls';

/** The demo member of `at` (content/demo): tax information verified, 1,000 bonus points. */
const austrian = { number: '9000002', password: 'demo2026', email: 'lukas@demo.example' };
/** The demo member of `gr`, a partner-programme country (the test server sets the URL). */
const greek = { number: '9000001', password: 'demo2026' };
const partnerUrl = 'https://partner.example/club';

test.describe('gifts', () => {
  test('browse by category, reveal on scroll, order with each delivery, see the order and its email', async ({
    page,
  }) => {
    await logInInEnglish(page, 'at', austrian.number, austrian.password);
    await page.goto(countryUrl('at', '/eng/gifts'));
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 1, name: 'Gifts' })).toBeVisible();
    /** The thank-you's order number. */
    const orderNumber = async () =>
      (await main.getByText(/^Order number: /).innerText()).replace(/\D/g, '');

    // Six cards first; scrolling to the end reveals the next six.
    const cards = main.getByRole('listitem').filter({ has: page.getByRole('combobox') });
    await expect(cards).toHaveCount(6);
    await expect(main.getByRole('button', { name: 'Order' })).toBeDisabled();
    await cards.last().scrollIntoViewIfNeeded();
    await page.mouse.wheel(0, 4000);
    await expect(cards).toHaveCount(12);

    // A category narrows the list; All removes the parameter again.
    await main.getByLabel('Category').selectOption({ label: 'Home and office' });
    await expect(page).toHaveURL(/category=home/);
    await expect(cards).toHaveCount(4);
    await main.getByLabel('Category').selectOption({ label: 'All' });
    await expect(page).not.toHaveURL(/category=/);

    // Two club mugs (60 points each), sent to an address.
    await main.getByLabel('Category').selectOption({ label: 'Home and office' });
    await main.getByLabel('Quantity Club mug').selectOption('2');
    await main.getByRole('button', { name: 'Order' }).click();
    await expect(page).toHaveURL(
      /redeem-points\?sel_gifts%5B209%5D=2|redeem-points\?sel_gifts\[209\]=2/,
    );
    await expect(main.getByRole('table', { name: 'Your chosen gifts' })).toContainText('Club mug');
    // Nothing is preselected that changes where the gifts go.
    await expect(main.getByRole('radio', { name: 'Collect personally' })).not.toBeChecked();
    await main.getByRole('radio', { name: 'Send to my address' }).check();
    await main.getByLabel('Delivery address').fill('Ringstraße 1, 1010 Wien');
    await main.getByRole('button', { name: 'Continue' }).click();
    await main.getByRole('button', { name: 'Confirm order' }).click();
    await expect(main.getByText('Thank you for your order!').first()).toBeVisible();
    await expect(main.getByText('Points remaining', { exact: true })).toBeVisible();
    const sent = await orderNumber();

    const mail = await waitForMail(austrian.email);
    // In the member's language.
    expect(mail.text).toContain('Club-Tasse');

    // A notebook, collected personally.
    await page.goto(countryUrl('at', '/eng/gifts?category=home'));
    await main.getByLabel('Quantity Notebook and pen').selectOption('1');
    await main.getByRole('button', { name: 'Order' }).click();
    await main.getByRole('radio', { name: 'Collect personally' }).check();
    // Where and when, read with the choice.
    const where = main.getByText(/^At the club’s office in Vienna, Monday to Friday/);
    await expect(where).toBeVisible();
    await expect(main.getByRole('radio', { name: 'Collect personally' })).toHaveAttribute(
      'aria-describedby',
      (await where.getAttribute('id')) ?? '',
    );
    await main.getByRole('button', { name: 'Continue' }).click();
    await main.getByRole('button', { name: 'Confirm order' }).click();
    await expect(main.getByText('Thank you for your order!').first()).toBeVisible();
    const collected = await orderNumber();

    // Both orders in the points page's Ordered gifts tab (beside the demo's and other journeys').
    await main.getByRole('link', { name: 'See this order and how it progresses' }).click();
    const ordered = main.getByRole('tabpanel');
    for (const orderId of [sent, collected]) {
      await expect(
        ordered.getByRole('heading', { name: `Order ${orderId}`, exact: true }),
      ).toBeVisible({
        timeout: 10_000,
      });
    }
  });

  test('not enough points, and no gift selected', async ({ page }) => {
    await logInInEnglish(page, 'at', austrian.number, austrian.password);
    await page.goto(countryUrl('at', '/eng/redeem-points?sel_gifts[205]=1'));
    const main = page.getByRole('main');
    await expect(
      main.getByText('You do not have enough points to redeem this item.'),
    ).toBeVisible();
    await page.goto(countryUrl('at', '/eng/redeem-points'));
    await expect(main.getByText('Please select at least one gift.')).toBeVisible();
    await expect(main.getByRole('link', { name: 'Back to the gifts' })).toBeVisible();
  });

  test('ordering stays disabled until the tax information is verified', async ({ page }) => {
    await register(page, {
      country: 'ae',
      path: '/eng/registration',
      officeId: 'DXBAE2101',
      email: uniqueEmail('gifts-tax'),
      password: 'giftsTax1',
      firstName: 'Samir',
    });
    await expectLoggedIn(page);
    await page.goto(countryUrl('ae', '/eng/gifts'));
    const main = page.getByRole('main');
    await expect(main.getByText('Sorry, ordering is currently disabled')).toBeVisible();
    await expect(main.getByText(/tax information/i)).toBeVisible();
    await expect(main.getByRole('button', { name: 'Order' })).toBeDisabled();
  });

  test("ordering is closed outside the country's ordering dates", async ({ page }) => {
    // The ae demo catalogue's ordering ranges are all past; its demo member is tax-verified.
    await logInInEnglish(page, 'ae', '9000003', 'demo2026');
    await page.goto(countryUrl('ae', '/eng/gifts'));
    const main = page.getByRole('main');
    await expect(main.getByText('Sorry, ordering is currently disabled')).toBeVisible();
    await expect(main.getByText(/tax information/i)).toHaveCount(0);
    await expect(main.getByRole('button', { name: 'Order' })).toBeDisabled();
  });

  test('a partner-programme member is sent to the partner programme', async ({ page }) => {
    await page.route(`${partnerUrl}**`, (route) =>
      route.fulfill({
        contentType: 'text/html',
        body: '<title>Partner programme</title><h1>Partner</h1>',
      }),
    );
    await logInInEnglish(page, 'gr', greek.number, greek.password);
    await page.goto(countryUrl('gr', '/gifts'));
    await expect(page).toHaveURL(partnerUrl);
    await expect(page).toHaveTitle('Partner programme');
  });
});
