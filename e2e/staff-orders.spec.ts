import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe';
import { memberToken, placeOrder, pointsPage, waitUntilSubmitted } from './support/gift-orders';
import { openConsoleAs } from './support/staff';

/**
 * The order queue in the console: a manager of Austria fulfils a manual
 * order of an Austrian member with a voucher code (the member sees it) and
 * refunds another with a reason (the points come back); Greek orders stay
 * out of their reach; an admin sees the queue of every country. Axe on each
 * screen.
 */

/** Demo member of `at` with 1,000 welcome points (content/demo). */
const jonas = { number: '9000004', password: 'demo2026' };

test.describe.configure({ timeout: 90_000 });

test('a manager of at fulfils a manual order with a voucher code, and the member sees it', async ({
  page,
  request,
}) => {
  const token = await memberToken(request, jonas);
  const orderId = await placeOrder(request, token, 'at', '203:1');
  await waitUntilSubmitted(request, orderId);

  await openConsoleAs(page, 'manager', '/staff/orders?country=at');
  const main = page.getByRole('main');
  await expect(main.getByRole('link', { name: `Order ${orderId}` })).toBeVisible();
  await expectNoAxeViolations(page, 'staff order queue (manager)');

  await main.getByRole('link', { name: `Order ${orderId}` }).click();
  await expect(main.getByRole('heading', { name: `Order ${orderId}` })).toBeVisible();
  await expect(main.getByRole('cell', { name: `ref manual-${orderId}` })).toBeVisible();
  await expectNoAxeViolations(page, 'staff order page (manager)');
  await main.getByLabel('Voucher codes, one a line').fill('E2E-UMB-0001');
  await main.getByRole('button', { name: 'Review and send' }).click();
  const send = page.getByRole('dialog', { name: /^Send order \d+ to the member\?$/ });
  await expect(send).toBeVisible();
  await expectNoAxeViolations(page, 'fulfilment confirmation');
  await send.getByRole('button', { name: 'Send and mark fulfilled' }).click();
  await expect(
    main.getByRole('status').filter({ hasText: 'The order is fulfilled.' }),
  ).toBeVisible();

  const orders = (await pointsPage(request, token, 'at')).orders;
  expect(orders.find((order) => order.id === orderId)).toMatchObject({
    state: 'fulfilled',
    vouchers: ['E2E-UMB-0001'],
  });
});

test('a manager of at refunds an order with a reason, and the points come back', async ({
  page,
  request,
}) => {
  const token = await memberToken(request, jonas);
  const before = (await pointsPage(request, token, 'at')).refresh;
  const orderId = await placeOrder(request, token, 'at', '210:1');
  await waitUntilSubmitted(request, orderId);
  expect((await pointsPage(request, token, 'at')).refresh).toBe(before - 100);

  await openConsoleAs(page, 'manager', `/staff/orders/${orderId}`);
  const main = page.getByRole('main');
  await main.getByRole('button', { name: 'Cancel and refund' }).click();
  const dialog = page.getByRole('dialog', { name: `Cancel order ${orderId} and refund it` });
  await expectNoAxeViolations(page, 'staff refund dialog');
  await dialog.getByRole('button', { name: 'Refund the order' }).click();
  await expect(dialog.getByText('Give a reason')).toBeVisible();
  await dialog.getByLabel('Reason').fill('Member asked to cancel');
  await dialog.getByRole('button', { name: 'Refund the order' }).click();
  await expect(
    main.getByRole('status').filter({ hasText: 'The order is refunded.' }),
  ).toBeVisible();
  await expect(main.getByText('Member asked to cancel')).toBeVisible();

  expect((await pointsPage(request, token, 'at')).refresh).toBe(before);
});

test('a manager of at sees only Austrian orders; an admin sees every country’s', async ({
  page,
}) => {
  // Greece is a partner-programme country here (its members order elsewhere): the
  // manager's refusal is checked on the country filter and the queue's countries.
  await openConsoleAs(page, 'manager', '/staff/orders?country=gr');
  await expect(page.getByRole('alert')).toHaveText(/in your countries|could not be loaded/);
  await page.goto('/staff/orders');
  const countries = page.getByRole('main').getByRole('table').locator('tbody tr td:nth-child(3)');
  await expect(countries.first()).toHaveText('AT');
  expect(new Set(await countries.allInnerTexts())).toEqual(new Set(['AT']));

  await openConsoleAs(page, 'admin', '/staff/orders');
  await expect(page.getByRole('main').getByRole('table')).toBeVisible();
  await expectNoAxeViolations(page, 'staff order queue (admin)');
  await page
    .getByRole('main')
    .getByRole('link', { name: /^Order \d+$/ })
    .first()
    .click();
  await expect(page.getByRole('heading', { name: /^Order \d+$/ })).toBeVisible();
  await expectNoAxeViolations(page, 'staff order page (admin)');
});
