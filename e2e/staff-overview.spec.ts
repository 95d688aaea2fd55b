import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe';
import { memberToken, placeOrder, waitUntilSubmitted } from './support/gift-orders';
import { openConsoleAs } from './support/staff';

/**
 * The Overview as a to-do list: an Austrian member's order waits for
 * fulfilment; the manager of Austria signs in, reads the count on the
 * Overview and follows it to the order queue filtered to the orders
 * waiting, where the order is. Axe on the Overview.
 */

/** Demo member of `at` with 1,000 welcome points (content/demo). */
const jonas = { number: '9000004', password: 'demo2026' };

test.describe.configure({ timeout: 90_000 });

/** Waits until the manual provider took the order (submitted: waiting for fulfilment). */
test('a manager follows the count of orders waiting from the Overview to the filtered queue', async ({
  page,
  request,
}) => {
  const token = await memberToken(request, jonas);
  const orderId = await placeOrder(request, token, 'at', '209:1');
  await waitUntilSubmitted(request, orderId);

  await openConsoleAs(page, 'manager', '/staff/');
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 1, name: 'Overview' })).toBeVisible();
  // Other journeys share the server: at least this order waits.
  const waiting = main.getByRole('link', { name: /^\d+ orders? waiting for fulfilment$/ });
  await expect(waiting).toBeVisible();
  expect(Number((await waiting.textContent())!.split(' ')[0])).toBeGreaterThanOrEqual(1);
  await expect(main.getByRole('link', { name: /gifts? low on stock$/ })).toBeVisible();
  await expectNoAxeViolations(page, 'staff overview (manager)');

  await waiting.click();
  await expect(page).toHaveURL(/\/staff\/orders\?state=submitted$/);
  await expect(main.getByRole('heading', { level: 1, name: 'Orders' })).toBeVisible();
  await expect(main.getByLabel('State')).toHaveValue('submitted');
  await expect(main.getByRole('link', { name: `Order ${orderId}` })).toBeVisible();
});
